# Sequential from an OrderedDict: named children, attribute access, forward.
from collections import OrderedDict
import torch
import torch.nn as nn
torch.manual_seed(0)
model = nn.Sequential(OrderedDict([
    ('fc1', nn.Linear(4, 3)),
    ('act', nn.ReLU()),
    ('fc2', nn.Linear(3, 2)),
]))
print(model)
print(model.fc1, model[1], model.fc2 is model[2])
print(list(model.state_dict().keys()))
print(model(torch.ones(2, 4)))
print(model[:2])
