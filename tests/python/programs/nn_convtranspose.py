# ConvTranspose1d/2d: output shapes, output_size, and values.
import torch
import torch.nn as nn
torch.manual_seed(0)
up = nn.ConvTranspose2d(2, 1, 3, stride=2, padding=1)
x = torch.randn(1, 2, 3, 3)
print(up(x).shape, up(x, output_size=[6, 6]).shape)
print(up(x))
print(nn.ConvTranspose1d(2, 1, 3)(torch.randn(1, 2, 4)))
try:
    up(x, output_size=[9, 9])
except ValueError as e:
    print('ValueError:', e)
