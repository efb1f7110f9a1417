# The playground MLP (2-16-16-1 tanh) trained with plain SGD.
import torch
import torch.nn as nn
import torch.optim as optim
torch.manual_seed(0)
X = torch.rand(64, 2) * 2 - 1
Y = (X[:, :1] * X[:, 1:] > 0).float()
model = nn.Sequential(nn.Linear(2, 16), nn.Tanh(), nn.Linear(16, 16), nn.Tanh(), nn.Linear(16, 1))
loss_fn = nn.BCEWithLogitsLoss()
optimizer = optim.SGD(model.parameters(), lr=0.5)
for step in range(60):
    optimizer.zero_grad()
    loss = loss_fn(model(X), Y)
    loss.backward()
    optimizer.step()
    if step % 10 == 0 or step == 59:
        print(f"step {step:3d}  loss {loss.item():.6f}")
with torch.no_grad():
    acc = ((model(X) > 0).float() == Y).float().mean()
print(f"accuracy {acc.item():.4f}")
print(model[0].weight[0])
