# dtype aliases, attributes and printing.
import torch
print(torch.float, torch.double, torch.int, torch.long, torch.bool, torch.float32 is torch.float)
print(torch.float32.is_floating_point, torch.int64.is_floating_point, torch.bool.is_signed)
print(torch.int32.is_signed, torch.float64.itemsize if hasattr(torch.float64, 'itemsize') else 8)
print(repr(torch.float32), str(torch.int64), type(torch.float32).__name__)
print(torch.zeros(1, dtype=torch.int).dtype)
print(torch.finfo(torch.float32).eps, torch.finfo(torch.float64).eps)
print(torch.iinfo(torch.int32).max, torch.iinfo(torch.int64).min)
print(torch.finfo(torch.float32).max, torch.finfo(torch.float32).tiny)
