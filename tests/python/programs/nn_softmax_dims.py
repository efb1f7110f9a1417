# Softmax, LogSoftmax and Softmin along a dimension; Softmax2d over channels.
import torch
import torch.nn as nn
torch.manual_seed(0)
x = torch.randn(2, 3)
print(nn.Softmax(dim=1)(x))
print(nn.Softmax(dim=0)(x))
print(nn.LogSoftmax(dim=1)(x))
print(nn.Softmin(dim=1)(x))
print(nn.Softmax(dim=1)(x).sum(1))
print(nn.Softmax2d()(torch.randn(1, 2, 2, 2)))
