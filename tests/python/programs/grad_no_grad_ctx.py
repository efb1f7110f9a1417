# with torch.no_grad(): nothing is recorded; the mode is restored afterwards.
import torch
x = torch.tensor([1., 2.], requires_grad=True)
with torch.no_grad():
    y = x * 2
    print(torch.is_grad_enabled(), y.requires_grad, y.grad_fn)
z = x * 2
print(torch.is_grad_enabled(), z.requires_grad, z.grad_fn.name())
with torch.no_grad():
    with torch.enable_grad():
        w = x * 3
    print(w.requires_grad, w.grad_fn.name())
