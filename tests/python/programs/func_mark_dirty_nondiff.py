# ctx.mark_non_differentiable for an index output and returning two outputs.
import torch
class SortWithIdx(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        v, i = x.sort()
        ctx.mark_non_differentiable(i)
        ctx.save_for_backward(i)
        return v, i
    @staticmethod
    def backward(ctx, gv, gi):
        i, = ctx.saved_tensors
        g = torch.zeros_like(gv)
        g[i] = gv
        return g
x = torch.tensor([3., 1., 2.], requires_grad=True)
v, i = SortWithIdx.apply(x)
print(v, i, i.requires_grad)
(v * torch.tensor([1., 10., 100.])).sum().backward()
print(x.grad)
