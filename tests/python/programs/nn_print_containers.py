# print() of containers: Sequential (both forms), ModuleList, ModuleDict, ParameterList, ParameterDict.
from collections import OrderedDict
import torch
import torch.nn as nn
print(nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Sequential(nn.Linear(3, 3), nn.Tanh())))
print(nn.Sequential(OrderedDict([('conv1', nn.Conv2d(1, 20, 5)), ('relu1', nn.ReLU()),
                                 ('conv2', nn.Conv2d(20, 64, 5)), ('relu2', nn.ReLU())])))
print(nn.ModuleList([nn.Linear(10, 10) for i in range(3)]))
print(nn.ModuleDict({'conv': nn.Conv2d(10, 10, 3), 'pool': nn.MaxPool2d(3)}))
print(nn.ModuleDict([['lrelu', nn.LeakyReLU()], ['prelu', nn.PReLU()]]))
print(nn.ParameterList([nn.Parameter(torch.randn(10, 10)) for i in range(2)]))
print(nn.ParameterDict({'left': nn.Parameter(torch.randn(5, 10)), 'right': nn.Parameter(torch.randn(5, 10))}))
print(nn.Sequential())
print(nn.ModuleList())

class Holder(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(2, 2), nn.Linear(2, 2)])
        self.params = nn.ParameterList([nn.Parameter(torch.ones(3))])
        self.table = nn.ModuleDict({'a': nn.ReLU()})
print(Holder())
