# sum, mean, prod, max, min over all and over dims, with keepdim.
import torch
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
print(x.sum(), x.sum(0), x.sum(1), x.sum(dim=1, keepdim=True))
print(x.mean(), x.mean(0), x.mean(-1, keepdim=True))
print(x.prod(), x.prod(1))
print(x.max(), x.min(), x.argmax(), x.argmin(), x.argmax(1), x.argmin(dim=0, keepdim=True))
print(torch.sum(x, (0, 1)), x.sum(dim=(0,)), x.amax(1), x.amin(0))
print(x.sum(0).dtype, torch.tensor([1, 2]).sum().dtype, torch.tensor([True, True]).sum())
