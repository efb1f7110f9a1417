# split, chunk, unbind, tensor_split.
import torch
x = torch.arange(10)
print(x.split(3))
print(x.split([1, 4, 5]))
print(x.chunk(3))
print(x.chunk(4))
print(torch.arange(6).reshape(2, 3).unbind(1))
print(torch.tensor_split(x, 3))
print(torch.tensor_split(x, [2, 5]))
a, b = torch.arange(8).reshape(4, 2).chunk(2, dim=0)
print(a, b)
