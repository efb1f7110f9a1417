# A hook that returns None leaves the gradient unchanged; a hook on a tensor without grad errors.
import torch
x = torch.ones(2, requires_grad=True)
x.register_hook(lambda g: None)
(x * 4).sum().backward()
print(x.grad)
try:
    torch.ones(2).register_hook(lambda g: g)
except RuntimeError as e:
    print(e)
