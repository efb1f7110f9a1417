# register_hook with lambdas: printing and scaling the gradient.
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
h = x.register_hook(lambda g: print('grad of x:', g))
y = (x * x).sum()
y.backward()
print(x.grad)
h.remove()
x.grad = None
x.register_hook(lambda g: g * 10)
(x * x).sum().backward()
print(x.grad)
