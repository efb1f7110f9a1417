# Column statistics and standardisation of a data matrix.
import torch
torch.manual_seed(0)
data = torch.randn(6, 3) * torch.tensor([1., 10., 100.]) + torch.tensor([0., 5., -50.])
mean, std = data.mean(0), data.std(0)
print(mean, std)
z = (data - mean) / std
print(z.mean(0).abs().max() < 1e-6, z.std(0))
mn, mx = data.min(0).values, data.max(0).values
print((data - mn) / (mx - mn))
print(torch.corrcoef(data.T) if hasattr(torch, 'corrcoef') else None)
print(torch.cov(data.T).shape)
