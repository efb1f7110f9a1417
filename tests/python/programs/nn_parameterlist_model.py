# ParameterList and ParameterDict hold parameters that train.
import torch
import torch.nn as nn
class MyModule(nn.Module):
    def __init__(self):
        super().__init__()
        self.params = nn.ParameterList([nn.Parameter(torch.full((2, 2), float(i))) for i in range(3)])
        self.scale = nn.ParameterDict({'a': nn.Parameter(torch.tensor(2.0)), 'b': torch.ones(1)})

    def forward(self, x):
        for p in self.params:
            x = p.mm(x)
        return x * self.scale['a'] + self.scale['b']
m = MyModule()
print(m)
print([n for n, _ in m.named_parameters()])
out = m(torch.eye(2))
print(out)
out.sum().backward()
print(m.params[1].grad, m.scale['a'].grad)
print(type(m.scale['b']).__name__, len(m.params), m.params[0:2])
