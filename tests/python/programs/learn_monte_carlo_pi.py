# Estimating pi with random points.
import torch
torch.manual_seed(0)
for n in [100, 1000, 10000, 100000]:
    p = torch.rand(n, 2)
    inside = (p.pow(2).sum(1) <= 1).sum().item()
    print(n, 4 * inside / n)
