# copy_ with broadcasting and dtype conversion.
import torch
dst = torch.zeros(2, 3)
dst.copy_(torch.tensor([1, 2, 3]))
print(dst)
dst[0].copy_(torch.tensor([7.5, 8.5, 9.5]))
print(dst)
i = torch.zeros(3, dtype=torch.int64)
i.copy_(torch.tensor([1.9, -1.9, 2.5]))
print(i)
try:
    torch.zeros(2).copy_(torch.ones(3))
except RuntimeError as e:
    print(e)
