# dir(module) lists methods, attributes, parameters, buffers and submodules, sorted.
import torch
import torch.nn as nn
m = nn.Linear(2, 3)
print([k for k in dir(m) if not k.startswith('_')])
s = nn.Sequential(nn.ReLU(), nn.Tanh())
print([k for k in dir(s) if not k.startswith('_') and k not in dir(nn.Module)])
print('weight' in dir(m), '0' in dir(s))
