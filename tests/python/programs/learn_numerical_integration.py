# Trapezoid rule and the gradient of an integral.
import math
import torch
x = torch.linspace(0, math.pi, 101)
print(torch.trapezoid(torch.sin(x), x), torch.trapz(x ** 2, x))
a = torch.tensor(2.0, requires_grad=True)
xs = torch.linspace(0, 1, 1001)
I = torch.trapezoid(torch.exp(a * xs), xs)
I.backward()
print(f"{I.item():.5f} {a.grad.item():.5f}")
print(f"{(math.exp(2) - 1) / 2:.5f}")
