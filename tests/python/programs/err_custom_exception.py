# Python exceptions raised by user code propagate through torch calls (hooks, Functions).
import torch
x = torch.ones(2, requires_grad=True)
def bad_hook(g):
    raise ValueError('the hook refuses')
x.register_hook(bad_hook)
try:
    (x * 2).sum().backward()
except ValueError as e:
    print('caught ValueError:', e)
print(x.grad)
