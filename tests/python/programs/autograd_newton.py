# Newton's method for sqrt(2) with autograd.grad.
import torch
x = torch.tensor(1.0, dtype=torch.float64, requires_grad=True)
for i in range(6):
    f = x ** 2 - 2
    (df,) = torch.autograd.grad(f, x)
    with torch.no_grad():
        x -= f / df
    print(i, f"{x.item():.15f}")
