# float64 data, arithmetic and printing.
import torch
d = torch.tensor([1.0, 2.5, 1e-10], dtype=torch.float64)
print(d)
print(d * 2, d.dtype)
print(d.sum(), d.mean())
print(torch.tensor([0.1], dtype=torch.float64) + 0.2)
print((torch.tensor([0.1], dtype=torch.float64) + 0.2).item())
print(torch.tensor(0.1).item(), torch.tensor(0.1, dtype=torch.double).item())
