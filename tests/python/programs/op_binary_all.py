# Every binary operator between tensors.
import torch
a = torch.tensor([[1., 2.], [3., 4.]])
b = torch.tensor([[2., 2.], [0.5, -1.]])
print(a + b)
print(a - b)
print(a * b)
print(a / b)
print(a // b)
print(a % b)
print(a ** b)
print(a @ b)
