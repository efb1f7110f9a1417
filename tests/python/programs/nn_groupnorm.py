# GroupNorm: normalization within channel groups.
import torch
import torch.nn as nn
torch.manual_seed(0)
x = torch.randn(2, 4, 3)
gn = nn.GroupNorm(2, 4)
y = gn(x).detach()
print(y)
print(y.reshape(2, 2, -1).mean(-1).abs().max().item() < 1e-6, y.requires_grad, gn(x).requires_grad)
print(nn.GroupNorm(4, 4, affine=False)(x)[0])
