# Conv1d on a batch of sequences.
import torch
import torch.nn as nn
torch.manual_seed(0)
conv = nn.Conv1d(2, 3, 3, padding=1)
x = torch.randn(2, 2, 6)
print(conv(x))
print(nn.Conv1d(2, 2, 2, stride=2, bias=False)(x).shape)
print(conv.weight.shape, conv.bias.shape)
