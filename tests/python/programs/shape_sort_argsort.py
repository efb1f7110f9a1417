# sort, argsort, msort, searchsorted, bucketize.
import torch
x = torch.tensor([[3, 1, 2], [9, 7, 8]])
print(x.sort(1), x.argsort(dim=1, descending=True))
print(torch.sort(torch.tensor([2., 1., 2., 1.]), stable=True))
s = torch.tensor([1, 3, 5, 7])
print(torch.searchsorted(s, torch.tensor([0, 3, 6, 9])), torch.searchsorted(s, torch.tensor([3]), right=True))
print(torch.bucketize(torch.tensor([1, 4, 8]), s))
