# Printing non-contiguous tensors: transposes, slices, expands.
import torch
x = torch.arange(6).reshape(2, 3)
print(x.t())
print(x[:, ::2])
print(torch.tensor([1., 2.]).expand(3, 2))
print(x.unsqueeze(0).permute(2, 0, 1))
print(torch.arange(10.)[::3])
