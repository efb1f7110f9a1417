# Dropout under a seed: zeros and 1/(1-p) scaling in training, identity in eval.
import torch
import torch.nn as nn
torch.manual_seed(0)
d = nn.Dropout(p=0.5)
x = torch.ones(4, 6)
print(d(x))
print(d(x))
d.eval()
print(d(x))
print(d(x) is x)
print(nn.Dropout(0.0)(x).sum().item(), nn.Dropout(1.0)(x).sum().item())
try:
    nn.Dropout(1.5)
except ValueError as e:
    print('ValueError:', e)
