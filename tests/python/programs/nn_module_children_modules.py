# children(), named_children(), modules(), named_modules() of nested containers.
import torch.nn as nn
model = nn.Sequential(nn.Linear(2, 3), nn.Sequential(nn.ReLU(), nn.Linear(3, 1)), nn.Sigmoid())
for c in model.children():
    print('child:', c)
for name, c in model.named_children():
    print('named child:', name, type(c).__name__)
for m in model.modules():
    print('module:', type(m).__name__)
for name, m in model.named_modules():
    print('named module:', repr(name), type(m).__name__)
l = nn.Linear(1, 1)
dup = nn.Sequential(l, l)
print(len(list(dup.modules())), [n for n, _ in dup.named_modules()])
print(model.get_submodule('1.1'))
