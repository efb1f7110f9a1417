# gradcheck of a custom Function in float64.
import torch
from torch.autograd import gradcheck
class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x
    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return 2 * x * g
torch.manual_seed(0)
inp = torch.randn(4, dtype=torch.double, requires_grad=True)
print(gradcheck(Square.apply, (inp,), eps=1e-6, atol=1e-4))
print(torch.autograd.gradcheck(lambda t: (t ** 3).sum(), (inp,)))
