# torch.set_default_dtype changes what float data becomes.
import torch
print(torch.get_default_dtype())
torch.set_default_dtype(torch.float64)
print(torch.tensor([1.5, 2]).dtype, torch.zeros(2).dtype, torch.tensor([1, 2]).dtype)
print(torch.arange(0, 1, 0.25))
print(torch.tensor([1, 2]) * 0.5)
torch.set_default_dtype(torch.float32)
print(torch.get_default_dtype(), torch.ones(1).dtype)
