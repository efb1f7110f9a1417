# Comparisons give bool tensors; sum/mean of masks.
import torch
x = torch.tensor([3, 1, 4, 1, 5, 9, 2, 6])
m = x > 3
print(m, m.dtype)
print(m.sum(), m.sum().item(), m.float().mean().item())
print(m.any(), m.all(), (x > 0).all())
print(torch.count_nonzero(m))
print(m.int(), m.long().cumsum(0))
