# Linear regression two ways: normal equations and gradient descent.
import torch
torch.manual_seed(0)
X = torch.randn(50, 2)
true_w = torch.tensor([[2.0], [-3.4]])
y = X @ true_w + 4.2 + 0.01 * torch.randn(50, 1)
Xb = torch.cat([X, torch.ones(50, 1)], dim=1)
w = torch.linalg.solve(Xb.T @ Xb, Xb.T @ y)
print(w.squeeze().tolist() == w.flatten().tolist(), [round(v, 2) for v in w.flatten().tolist()])
w = torch.zeros(3, 1, requires_grad=True)
for i in range(200):
    loss = ((Xb @ w - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
        w.grad.zero_()
print(f"{loss.item():.6f}", [round(v, 2) for v in w.detach().flatten().tolist()])
