# Reductions of int32 and bool tensors promote to int64; mean needs floats.
import torch
i = torch.tensor([1, 2, 3], dtype=torch.int32)
print(i.sum(), i.sum().dtype, i.prod().dtype, i.cumsum(0).dtype, i.max().dtype)
b = torch.tensor([True, False, True])
print(b.sum(), b.sum().dtype, b.any().dtype, b.cumsum(0))
print(i.float().mean(), i.sum(dtype=torch.float64))
print(torch.tensor([1, 2, 3]).float().mean())
