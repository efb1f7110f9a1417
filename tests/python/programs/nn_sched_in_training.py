# A training loop with a scheduler stepping once per epoch.
import torch
import torch.nn as nn
torch.manual_seed(0)
X = torch.randn(32, 3)
Y = X @ torch.tensor([[1.0], [-2.0], [0.5]])
model = nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.2)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=4, gamma=0.5)
for epoch in range(12):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(X), Y)
    loss.backward()
    optimizer.step()
    scheduler.step()
    print(f"epoch {epoch:2d} lr {scheduler.get_last_lr()[0]:.4f} loss {loss.item():.6f}")
