# Mask assignment with a 0-d tensor, with a Python float, and with clamp-like patterns.
import torch
x = torch.tensor([-2., -0.5, 0.5, 2.])
x[x < 0] = torch.tensor(0.)
print(x)
x[x > 1] = 1
print(x)
y = torch.arange(6).reshape(2, 3)
y[y % 2 == 1] = -1
print(y)
y[:, y[0] < 0] = 7
print(y)
