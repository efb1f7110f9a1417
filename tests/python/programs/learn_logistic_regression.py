# Logistic regression by hand on two Gaussian blobs.
import torch
torch.manual_seed(0)
n = 40
X = torch.cat([torch.randn(n, 2) + 2, torch.randn(n, 2) - 2])
y = torch.cat([torch.ones(n), torch.zeros(n)])
w = torch.zeros(2, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
for epoch in range(100):
    p = torch.sigmoid(X @ w + b)
    loss = -(y * torch.log(p) + (1 - y) * torch.log(1 - p)).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.5 * w.grad
        b -= 0.5 * b.grad
    w.grad.zero_(); b.grad.zero_()
    if epoch % 25 == 0:
        print(epoch, f"{loss.item():.4f}")
acc = ((torch.sigmoid(X @ w + b) > 0.5).float() == y).float().mean()
print(f"accuracy {acc.item():.3f}")
