# Seed tutorial 000, snippet 二(二) as it works: copy_ into a plain tensor is
# differentiable (CopyBackwards), and y.backward() of a 1-element tensor is fine.
import torch
x = torch.tensor([1.], requires_grad=True)
y = x.clone()
print(y)
z = torch.tensor([2.])
z.copy_(x)
print(z, z.grad_fn.name(), z.requires_grad)
y.backward()
print(x.grad)
z.sum().backward()
print(x.grad)
try:
    w = torch.tensor([2.], requires_grad=True)
    w.copy_(x)
except RuntimeError as e:
    print(e)
