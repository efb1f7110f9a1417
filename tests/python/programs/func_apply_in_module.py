# A custom Function used inside a function that a training loop calls.
import torch
class ScaleGrad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.k = k
        return x.view_as(x)
    @staticmethod
    def backward(ctx, g):
        return g * ctx.k, None
def model(x, w):
    return ScaleGrad.apply(x * w, 0.5).sum()
w = torch.tensor([1., 2.], requires_grad=True)
for i in range(2):
    model(torch.tensor([3., 4.]), w).backward()
    print(w.grad)
