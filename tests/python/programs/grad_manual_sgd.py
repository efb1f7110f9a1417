# A hand-written gradient descent loop with no_grad updates and grad.zero_().
import torch
torch.manual_seed(0)
X = torch.randn(20, 1)
Y = 3 * X + 2 + 0.1 * torch.randn(20, 1)
w = torch.zeros(1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
for epoch in range(50):
    loss = ((X * w + b - Y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
        b -= 0.1 * b.grad
        w.grad.zero_()
        b.grad.zero_()
    if epoch % 10 == 0:
        print(f"epoch {epoch:2d} loss {loss.item():.4f}")
print(f"w = {w.item():.3f}, b = {b.item():.3f}")
