# any, all, count_nonzero, bincount along dims.
import torch
x = torch.tensor([[0, 1, 2], [0, 0, 3]])
print(x.any(), x.all(), x.bool().any(1), x.bool().all(0))
print(torch.count_nonzero(x), torch.count_nonzero(x, dim=0))
print(torch.bincount(torch.tensor([0, 1, 1, 3])), torch.bincount(torch.tensor([1, 1]), minlength=4))
print((x > 0).sum(1), (x == 0).nonzero().shape)
