# Pairwise distances with broadcasting vs cdist, nearest neighbours.
import torch
torch.manual_seed(0)
a = torch.randn(5, 3)
d = ((a[:, None, :] - a[None, :, :]) ** 2).sum(-1).sqrt()
print(torch.allclose(d, torch.cdist(a, a), atol=1e-5))
d.fill_diagonal_(float('inf'))
print(d.argmin(1))
print(d.topk(2, dim=1, largest=False).indices)
