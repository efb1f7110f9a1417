# An exception inside no_grad restores grad mode.
import torch
try:
    with torch.no_grad():
        print(torch.is_grad_enabled())
        raise ValueError('boom')
except ValueError as e:
    print('caught', e)
print(torch.is_grad_enabled())
@torch.no_grad()
def f():
    raise KeyError('k')
try:
    f()
except KeyError as e:
    print('caught', e)
print(torch.is_grad_enabled())
