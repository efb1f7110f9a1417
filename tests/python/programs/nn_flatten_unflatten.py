# Flatten and Unflatten shapes.
import torch
import torch.nn as nn
x = torch.arange(24.).reshape(2, 3, 4)
print(nn.Flatten()(x).shape, nn.Flatten(0, 1)(x).shape, nn.Flatten(0, -1)(x).shape)
print(nn.Unflatten(1, (3, 4))(torch.arange(24.).reshape(2, 12)).shape)
print(nn.Sequential(nn.Flatten(), nn.Unflatten(1, (4, 3)))(x)[1])
try:
    nn.Unflatten(1, 12)
except TypeError as e:
    print('TypeError:', e)
