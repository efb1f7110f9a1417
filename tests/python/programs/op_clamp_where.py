# clamp, where, maximum/minimum.
import torch
x = torch.tensor([-3., -1., 0., 2., 5.])
print(x.clamp(-1, 2), x.clamp(min=0), x.clamp(max=1), torch.clamp(x, -2, 2))
print(torch.where(x > 0, x, torch.zeros_like(x)))
print(torch.where(x > 0, x, 0.))
print(torch.where(x > 0))
print(torch.maximum(x, torch.tensor(0.)), torch.minimum(x, -x))
print(x.clip(0, 1))
