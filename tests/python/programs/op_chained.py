# An expression mixing operators, precedence as in Python.
import torch
x = torch.tensor([1., 2., 3.])
y = -x ** 2 + 3 * x - 1 / x
print(y)
z = (x + 1) * (x - 1) @ x
print(z)
print(2 * x ** 2 // 3 % 2)
print((x > 1) & (x < 3), (x < 2) | (x > 2))
print(x[(x > 1) & (x < 3)])
