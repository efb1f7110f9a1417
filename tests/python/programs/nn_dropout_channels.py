# Dropout1d/2d/3d zero whole channels; AlphaDropout keeps the mean and variance (seeded).
import torch
import torch.nn as nn
torch.manual_seed(0)
print(nn.Dropout2d(0.5)(torch.ones(2, 4, 2, 2)))
print(nn.Dropout1d(0.5)(torch.ones(2, 3, 4)))
print(nn.Dropout3d(0.5)(torch.ones(1, 3, 1, 2, 2)))
print(nn.AlphaDropout(0.2)(torch.ones(3, 4)))
d = nn.Dropout2d()
d.eval()
print(d(torch.ones(1, 2, 1, 1)))
