# Strided slices assigned with tensors and scalars; writes through to the base.
import torch
x = torch.arange(12.)
x[::3] = torch.tensor([-1., -2., -3., -4.])
x[1::3] *= 10
print(x)
m = x.view(3, 4)
m[:, ::2] = 0
m[::2, 1] += 100
print(x)
