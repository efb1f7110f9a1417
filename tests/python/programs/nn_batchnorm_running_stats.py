# BatchNorm1d updates running_mean/var with momentum in training; num_batches_tracked counts.
import torch
import torch.nn as nn
torch.manual_seed(0)
bn = nn.BatchNorm1d(3)
for _ in range(3):
    out = bn(torch.randn(8, 3) * 2 + 1)
print(out)
print(bn.running_mean)
print(bn.running_var)
print(bn.num_batches_tracked)
cma = nn.BatchNorm1d(3, momentum=None)
for _ in range(3):
    cma(torch.randn(8, 3))
print(cma.running_mean, cma.num_batches_tracked)
try:
    bn(torch.randn(2, 3, 4, 5))
except ValueError as e:
    print('ValueError:', e)
