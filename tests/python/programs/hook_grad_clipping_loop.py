# Hooks that record gradient norms during a training loop.
import torch
torch.manual_seed(0)
w = torch.randn(4, requires_grad=True)
norms = []
w.register_hook(lambda g: norms.append(round(g.norm().item(), 4)))
x = torch.randn(8, 4)
y = torch.randn(8)
for _ in range(3):
    loss = ((x @ w - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
    w.grad = None
print(norms)
