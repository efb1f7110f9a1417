# Broadcasting rules across shapes.
import torch
a = torch.arange(3).reshape(3, 1)
b = torch.arange(4)
print(a + b)
print((a * b).shape)
c = torch.ones(2, 1, 3)
d = torch.ones(4, 1)
print((c + d).shape)
print(torch.broadcast_shapes((2, 1, 3), (4, 1)))
x, y = torch.broadcast_tensors(torch.tensor([1, 2]), torch.tensor([[1], [2], [3]]))
print(x)
print(y)
