# clone vs detach vs torch.tensor(t) vs t.data.
import torch
x = torch.tensor([1., 2.], requires_grad=True)
c = x.clone()
d = x.detach()
e = x.data
print(c, c.requires_grad, c.is_leaf, c.grad_fn.name())
print(d, d.requires_grad, d.is_leaf)
print(e, e.requires_grad)
d[0] = 5.
print(x)
e[1] = 6.
print(x)
c2 = x.detach().clone()
c2[0] = 0.
print(x, c2)
print(torch.clone(x).grad_fn.name(), x.clone().detach().requires_grad)
