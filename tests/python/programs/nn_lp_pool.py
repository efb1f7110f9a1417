# nn.LPPool1d/2d and F.lp_pool1d/2d: (sum of x^p over each window)^(1/p) as 1.13 composes it (avg_pool of
# x^p, sign * relu(abs), the window size, pow(1/p)); values, the graph, gradients, stride and ceil_mode.
import torch, torch.nn as nn, torch.nn.functional as F
torch.manual_seed(0)
x1 = torch.randn(1, 2, 9, requires_grad=True); x2 = torch.randn(1, 2, 7, 8)
y = nn.LPPool1d(2, 3)(x1); print(nn.LPPool1d(2, 3), y, y.grad_fn.name())
y.sum().backward(); print(x1.grad)
print(nn.LPPool2d(3, (2, 3), stride=1, ceil_mode=True)(x2)[0, 1])
print(F.lp_pool1d(x1.abs(), 1.5, 2, stride=2, ceil_mode=True))
print(F.lp_pool2d(x2.abs(), 4, 2), nn.LPPool2d(1.5, 2))
