# torch.nn.modules.module.register_module_forward_hook applies to every module.
import torch
import torch.nn as nn
from torch.nn.modules.module import register_module_forward_hook
calls = []
h = register_module_forward_hook(lambda m, i, o: calls.append(type(m).__name__))
nn.Sequential(nn.Linear(2, 2), nn.ReLU())(torch.ones(1, 2))
h.remove()
nn.Linear(2, 2)(torch.ones(1, 2))
print(calls)
