# Attribute access by name and hasattr on tensors and torch.
import torch
x = torch.arange(4.)
for name in ['sum', 'mean', 'cumsum', 'exp']:
    print(name, getattr(x, name)() if name != 'cumsum' else getattr(x, name)(0))
print(hasattr(x, 'shape'), hasattr(x, 'no_such_method'), hasattr(torch, 'linalg'), hasattr(torch, 'nn'))
try:
    x.no_such_method()
except AttributeError as e:
    print('AttributeError:', e)
try:
    torch.no_such_function()
except AttributeError as e:
    print('AttributeError:', e)
