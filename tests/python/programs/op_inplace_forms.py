# Augmented assignment keeps the same tensor object.
import torch
x = torch.tensor([1., 2., 3.])
ident = id(x)
x += 1
print(x)
x -= 0.5
print(x)
x *= 2
print(x)
x /= 4
print(x)
x **= 2
print(x)
x //= 0.5
print(x)
x %= 3
print(x)
print(id(x) == ident)
m = torch.tensor([[1., 2.], [3., 4.]])
m @= torch.eye(2) * 2
print(m)
