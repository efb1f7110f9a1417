# Gradient descent on f(x) = (x - 3)^2 with a printed trace.
import torch
x = torch.tensor(0.0, requires_grad=True)
lr = 0.25
for step in range(8):
    f = (x - 3) ** 2
    f.backward()
    print(f"step {step}: x = {x.item():.4f}, f = {f.item():.4f}, grad = {x.grad.item():.4f}")
    with torch.no_grad():
        x -= lr * x.grad
    x.grad.zero_()
