# Mini-batch training over a shuffled DataLoader: epoch losses.
import torch
import torch.nn as nn
from torch.utils.data import TensorDataset, DataLoader
torch.manual_seed(0)
X = torch.randn(100, 4)
w_true = torch.tensor([[2.0], [-1.0], [0.5], [3.0]])
Y = X @ w_true + 0.1 * torch.randn(100, 1)
loader = DataLoader(TensorDataset(X, Y), batch_size=16, shuffle=True)
model = nn.Linear(4, 1)
opt = torch.optim.Adam(model.parameters(), lr=0.1)
for epoch in range(5):
    total = 0.0
    for xb, yb in loader:
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(xb), yb)
        loss.backward()
        opt.step()
        total += loss.item() * len(xb)
    print(f"epoch {epoch}: {total / len(loader.dataset):.5f}")
print(model.weight.detach())
