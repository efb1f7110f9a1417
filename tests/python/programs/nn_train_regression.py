# Linear regression with nn.Linear, MSELoss and SGD; the learned line.
import torch
import torch.nn as nn
torch.manual_seed(0)
x = torch.linspace(-1, 1, 50).unsqueeze(1)
y = 3 * x + 0.5 + 0.1 * torch.randn(50, 1)
model = nn.Linear(1, 1)
criterion = nn.MSELoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(100):
    pred = model(x)
    loss = criterion(pred, y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if (epoch + 1) % 20 == 0:
        print(f'Epoch [{epoch + 1}/100], Loss: {loss.item():.4f}')
print(f'w = {model.weight.item():.4f}, b = {model.bias.item():.4f}')
