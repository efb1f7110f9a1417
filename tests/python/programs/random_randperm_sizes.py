# randperm for small and large n, and randint with large ranges.
import torch
torch.manual_seed(0)
print(torch.randperm(5), torch.randperm(20))
p = torch.randperm(1000)
print(p[:10], p.sum(), torch.equal(p.sort().values, torch.arange(1000)))
print(torch.randint(0, 2**40, (3,)))
print(torch.randint(-100, 100, (2, 4), dtype=torch.int32))
print(torch.randint(3, 10, (5,), dtype=torch.float32))
