# Assignment through every indexing form.
import torch
x = torch.zeros(3, 4)
x[0] = 1
x[1, 2] = 5
x[2, 1:3] = torch.tensor([7., 8.])
x[:, 0] = -1
x[..., -1] = 9
print(x)
x[x > 6] = 0
print(x)
x[[0, 2], [1, 3]] = 4
print(x)
x[torch.tensor([1])] = torch.arange(4.)
print(x)
x[:] = 2
print(x)
x[None, 0, 0] = 3
x[::2, ::3] = -5
print(x)
