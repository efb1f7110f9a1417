# model.apply(fn) visits every submodule, children first; a custom init through nn.init.
import torch
import torch.nn as nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
visited = []
def init_weights(m):
    visited.append(type(m).__name__)
    if isinstance(m, nn.Linear):
        torch.nn.init.xavier_uniform_(m.weight)
        m.bias.data.fill_(0.01)
print(model.apply(init_weights) is model)
print(visited)
print(model[0].weight)
print(model[2].bias)
@torch.no_grad()
def init_const(m):
    if type(m) == nn.Linear:
        m.weight.fill_(1.0)
model.apply(init_const)
print(model(torch.ones(1, 3)))
