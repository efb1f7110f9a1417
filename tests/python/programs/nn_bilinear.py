# Bilinear: y = x1^T A x2 + b.
import torch
import torch.nn as nn
torch.manual_seed(0)
m = nn.Bilinear(2, 3, 4)
y = m(torch.randn(5, 2), torch.randn(5, 3))
print(y.shape)
print(f"{y.sum().item():.4f}")
print(m.weight.shape, m.bias.shape)
