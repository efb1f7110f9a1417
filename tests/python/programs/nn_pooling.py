# Max, average and adaptive pooling modules.
import torch
import torch.nn as nn
x = torch.arange(32.).reshape(1, 2, 4, 4)
print(nn.MaxPool2d(2)(x))
print(nn.MaxPool2d(3, stride=1, padding=1)(x)[0, 0])
print(nn.AvgPool2d(2)(x))
print(nn.AdaptiveAvgPool2d((1, 1))(x))
print(nn.AdaptiveMaxPool2d(2)(x))
out, idx = nn.MaxPool2d(2, return_indices=True)(x)
print(idx)
s = torch.arange(8.).reshape(1, 1, 8)
print(nn.MaxPool1d(2)(s), nn.AvgPool1d(3)(s), nn.AdaptiveAvgPool1d(3)(s))
