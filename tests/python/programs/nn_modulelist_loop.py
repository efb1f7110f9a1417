# ModuleList: layers registered, iterated in forward, indexed and extended.
import torch
import torch.nn as nn
class MyModule(nn.Module):
    def __init__(self):
        super().__init__()
        self.linears = nn.ModuleList([nn.Linear(3, 3) for i in range(4)])

    def forward(self, x):
        for i, l in enumerate(self.linears):
            x = self.linears[i // 2](x) + l(x)
        return x
torch.manual_seed(0)
m = MyModule()
print(m)
print(m(torch.ones(1, 3)))
print(len(m.linears), len(list(m.parameters())))
m.linears.append(nn.ReLU())
m.linears.extend([nn.Tanh(), nn.Sigmoid()])
m.linears.insert(0, nn.Identity())
print([type(l).__name__ for l in m.linears])
print(m.linears[-2:], m.linears[1:3])
del m.linears[0]
print([type(l).__name__ for l in m.linears])
