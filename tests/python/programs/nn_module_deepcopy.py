# copy.deepcopy of a model: equal values, independent parameters.
import copy
import torch
import torch.nn as nn
torch.manual_seed(0)
a = nn.Sequential(nn.Linear(2, 2), nn.ReLU(), nn.Linear(2, 1))
b = copy.deepcopy(a)
print(b)
print(all(torch.equal(p, q) for p, q in zip(a.parameters(), b.parameters())))
print(a[0].weight is b[0].weight, type(b[0].weight).__name__, b[0].weight.requires_grad)
with torch.no_grad():
    b[0].weight.add_(1.0)
print(torch.equal(a[0].weight, b[0].weight))
x = torch.ones(1, 2)
print(a(x), b(x))
