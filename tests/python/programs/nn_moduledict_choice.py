# ModuleDict: choose a layer and an activation by name in forward.
import torch
import torch.nn as nn
class MyModule(nn.Module):
    def __init__(self):
        super().__init__()
        self.choices = nn.ModuleDict({'conv': nn.Conv2d(1, 2, 3), 'pool': nn.MaxPool2d(2)})
        self.activations = nn.ModuleDict([['lrelu', nn.LeakyReLU()], ['prelu', nn.PReLU()]])

    def forward(self, x, choice, act):
        x = self.choices[choice](x)
        x = self.activations[act](x)
        return x
torch.manual_seed(0)
m = MyModule()
print(m)
x = torch.randn(1, 1, 4, 4)
print(m(x, 'conv', 'lrelu'))
print(m(x, 'pool', 'prelu'))
print(list(m.choices.keys()), 'conv' in m.choices, len(m.activations))
print(m.choices.pop('pool'), list(m.choices))
