# A Function with two tensor inputs and a non-tensor argument (None gradient for it).
import torch
class MulAdd(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b, k):
        ctx.save_for_backward(a, b)
        ctx.k = k
        return a * b + k
    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved_tensors
        return g * b, g * a, None
a = torch.tensor([1., 2.], requires_grad=True)
b = torch.tensor([3., 4.], requires_grad=True)
out = MulAdd.apply(a, b, 10.)
print(out)
out.sum().backward()
print(a.grad, b.grad)
