# Upsample by scale factor and to a size, nearest and bilinear.
import torch
import torch.nn as nn
x = torch.arange(4.).reshape(1, 1, 2, 2)
print(nn.Upsample(scale_factor=2, mode='nearest')(x))
print(nn.Upsample(size=(3, 3), mode='bilinear', align_corners=False)(x))
print(nn.UpsamplingBilinear2d(scale_factor=2)(x))
print(nn.Upsample(scale_factor=2))
