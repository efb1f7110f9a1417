# view, reshape, -1, flatten, unflatten.
import torch
x = torch.arange(24)
print(x.view(4, 6).shape, x.view(-1, 8).shape, x.reshape(2, 3, 4).shape)
print(x.view(2, 3, 4).flatten().shape, x.view(2, 3, 4).flatten(1).shape, x.view(2, 3, 4).flatten(0, 1).shape)
print(x.view(2, 12).unflatten(1, (3, 4)).shape)
print(torch.reshape(x, (6, -1)).shape, x.view_as(torch.zeros(3, 8)).shape, x.reshape_as(torch.zeros(8, 3)).shape)
y = x.view(4, 6)
y[0, 0] = 100
print(x[0])
try:
    x.view(5, 5)
except RuntimeError as e:
    print(e)
try:
    x.view(-1, -1)
except RuntimeError as e:
    print(e)
