# float64 printing: same format, with the dtype suffix.
import torch
x = torch.tensor([1/3, 2e-7, 3.], dtype=torch.float64)
print(x)
print(x.sum())
print(torch.arange(3, dtype=torch.float64))
print(torch.tensor([1e300, 1e-300], dtype=torch.float64))
torch.set_printoptions(precision=10)
print(torch.tensor([1/3], dtype=torch.float64), torch.tensor([1/3]))
