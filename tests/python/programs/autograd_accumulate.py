# Gradients accumulate across backward calls until zeroed; grad identity is kept.
import torch
x = torch.tensor([1., 2.], requires_grad=True)
for i in range(3):
    (x * (i + 1)).sum().backward()
    print(x.grad)
g = x.grad
(x ** 2).sum().backward()
print(g is x.grad, g)
x.grad.zero_()
print(x.grad)
x.grad = None
(x * 5).sum().backward()
print(x.grad, g)
