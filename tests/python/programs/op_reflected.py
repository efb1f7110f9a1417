# Reflected forms: the Python scalar on the left.
import torch
x = torch.tensor([1., 2., 4.])
print(2 + x)
print(2 - x)
print(2 * x)
print(2 / x)
print(2 // x)
print(7 % x)
print(2 ** x)
print(1.5 - x, 10 - torch.tensor([1, 2, 3]))
n = torch.tensor([1, 2, 3])
print(1 / n, 2 ** n, 2.0 ** n)
