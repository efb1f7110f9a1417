# Statistics of a large sample drawn under a fixed seed.
import torch
torch.manual_seed(0)
x = torch.randn(100000)
print(f"{x.mean().item():.4f} {x.std().item():.4f} {x.min().item():.4f} {x.max().item():.4f}")
u = torch.rand(100000)
print(f"{u.mean().item():.4f} {(u < 0.5).float().mean().item():.4f}")
r = torch.randint(0, 6, (60000,))
print(torch.bincount(r))
