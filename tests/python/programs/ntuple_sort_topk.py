# sort, topk, kthvalue, mode, median return named tuples.
import torch
x = torch.tensor([3., 1., 4., 1., 5., 9., 2., 6.])
print(torch.sort(x))
print(x.sort(descending=True).indices)
print(torch.topk(x, 3))
v, i = x.topk(2, largest=False)
print(v, i)
print(torch.kthvalue(x, 2))
print(x.median(), torch.median(x.view(2, 4), dim=1))
print(torch.mode(torch.tensor([1, 2, 2, 3, 3, 3])))
print(x.view(2, 4).sort(dim=0))
