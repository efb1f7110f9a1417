# GroupNorm: normalization within channel groups.
import torch
import torch.nn as nn
torch.manual_seed(0)
x = torch.randn(2, 4, 3)
gn = nn.GroupNorm(2, 4)
y = gn(x)
print(y)
print(y.reshape(2, 2, -1).mean(-1))
print(nn.GroupNorm(4, 4, affine=False)(x)[0])
