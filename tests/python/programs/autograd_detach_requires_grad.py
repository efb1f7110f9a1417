# detach, detach_, requires_grad_ and the leaf rules.
import torch
x = torch.tensor([1., 2.])
print(x.requires_grad, x.is_leaf)
x.requires_grad_()
print(x.requires_grad, x.is_leaf)
y = x * 2
print(y.is_leaf, y.requires_grad)
d = y.detach()
print(d.is_leaf, d.requires_grad, d.grad_fn)
y.detach_()
print(y.is_leaf, y.requires_grad, y.grad_fn)
try:
    (x * 2).requires_grad_(False)
except RuntimeError as e:
    print(e)
x.requires_grad_(False)
print(x.requires_grad)
z = torch.zeros(2)
z.requires_grad = True
print(z)
