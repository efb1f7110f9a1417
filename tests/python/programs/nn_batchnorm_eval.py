# BatchNorm2d in eval uses the running statistics; track_running_stats=False always uses the batch's.
import torch
import torch.nn as nn
torch.manual_seed(0)
bn = nn.BatchNorm2d(2)
x = torch.randn(4, 2, 3, 3)
bn(x)
bn.eval()
print(bn(x)[0, :, 0])
nostats = nn.BatchNorm2d(2, track_running_stats=False)
nostats.eval()
print(nostats(x)[0, :, 0], nostats.running_mean)
print(nn.BatchNorm2d(2, affine=False)(x).mean().abs().item() < 1e-6)
