# set_grad_enabled as a decorator (factory) and torch.no_grad on a lambda's call.
import torch
x = torch.ones(2, requires_grad=True)
@torch.set_grad_enabled(False)
def f(t):
    return t * 2
print(f(x).requires_grad, torch.is_grad_enabled())
g = torch.no_grad()(lambda t: t + 1)
print(g(x).requires_grad)
