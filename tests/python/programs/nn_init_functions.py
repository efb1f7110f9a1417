# torch.nn.init: each initialiser's numbers under a seed, and its errors.
import math
import torch
import torch.nn as nn
torch.manual_seed(0)
w = torch.empty(3, 5)
print(nn.init.uniform_(w))
print(nn.init.normal_(w, mean=1.0, std=0.1))
print(nn.init.constant_(w, 0.3))
print(nn.init.ones_(w))
print(nn.init.zeros_(w))
print(nn.init.eye_(w))
print(nn.init.xavier_uniform_(w, gain=nn.init.calculate_gain('relu')))
print(nn.init.xavier_normal_(w))
print(nn.init.kaiming_uniform_(w, mode='fan_in', nonlinearity='relu'))
print(nn.init.kaiming_normal_(w, mode='fan_out', nonlinearity='relu'))
print(nn.init.trunc_normal_(w, std=0.5))
print(nn.init.orthogonal_(w))
print(nn.init.dirac_(torch.empty(2, 1, 3)))
print(nn.init.calculate_gain('tanh'), nn.init.calculate_gain('leaky_relu', 0.2), nn.init.calculate_gain('selu'))
for bad in [lambda: nn.init.calculate_gain('swish'), lambda: nn.init.xavier_uniform_(torch.empty(3)),
            lambda: nn.init.kaiming_uniform_(w, mode='fan')]:
    try:
        bad()
    except ValueError as e:
        print('ValueError:', e)
