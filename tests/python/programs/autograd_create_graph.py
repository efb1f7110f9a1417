# Second derivatives with create_graph=True, through backward and autograd.grad.
import torch
x = torch.tensor(2., requires_grad=True)
y = x ** 3
(g,) = torch.autograd.grad(y, x, create_graph=True)
print(g, g.requires_grad)
(h,) = torch.autograd.grad(g, x)
print(h)
x = torch.tensor(1.5, requires_grad=True)
y = x.sin()
y.backward(create_graph=True)
gx = x.grad
print(gx)
x.grad = None
gx.backward()
print(x.grad)
