# A user exception raised inside a Function's forward, uncaught, with a traceback through it.
import torch
class Checked(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        if (x < 0).any():
            raise ValueError('negative input: %s' % x.tolist())
        return x.sqrt()
    @staticmethod
    def backward(ctx, g):
        return g
print(Checked.apply(torch.tensor([4., 9.])))
Checked.apply(torch.tensor([4., -1.]))
