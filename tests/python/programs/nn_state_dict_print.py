# print(model.state_dict()): an OrderedDict of tensors.
import torch
import torch.nn as nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(2, 2), nn.BatchNorm1d(2))
print(model.state_dict())
for k, v in model.state_dict().items():
    print(k, v.shape)
