# load_state_dict(strict=True) names missing and unexpected keys; strict=False returns them.
import torch
import torch.nn as nn
model = nn.Sequential(nn.Linear(2, 2), nn.ReLU(), nn.Linear(2, 1))
sd = model.state_dict()
del sd['2.bias']
sd['3.weight'] = torch.zeros(1)
try:
    model.load_state_dict(sd)
except RuntimeError as e:
    print('RuntimeError:', e)
keys = model.load_state_dict(sd, strict=False)
print(keys)
print(keys.missing_keys, keys.unexpected_keys)
print(model.load_state_dict(model.state_dict()))
try:
    model.load_state_dict(42)
except TypeError as e:
    print('TypeError:', e)
