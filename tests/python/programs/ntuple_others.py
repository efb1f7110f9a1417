# More named tuples: cummax, aminmax, std_mean, var_mean, unique, histc.
import torch
x = torch.tensor([1., 3., 2., 5., 4.])
print(torch.cummax(x, 0))
print(torch.cummin(x, dim=0).values)
print(torch.aminmax(x))
print(torch.std_mean(x))
print(torch.var_mean(x, unbiased=False))
print(torch.unique(torch.tensor([3, 1, 3, 2, 1])))
print(torch.unique(torch.tensor([3, 1, 3, 2, 1]), return_counts=True))
print(torch.unique(torch.tensor([3, 1, 3, 2, 1]), return_inverse=True))
print(torch.histc(x, bins=4, min=0, max=8))
