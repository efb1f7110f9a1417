# A Function whose backward returns the wrong number of gradients: RuntimeError, uncaught.
import torch
class Bad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        return a + b
    @staticmethod
    def backward(ctx, g):
        return g
a = torch.ones(2, requires_grad=True)
b = torch.ones(2, requires_grad=True)
out = Bad.apply(a, b)
print(out)
out.sum().backward()
