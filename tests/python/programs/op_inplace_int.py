# In-place int ops: int stays int, and float results cannot be written into int.
import torch
x = torch.tensor([5, 6, 7])
x += 1
x *= 3
x //= 2
print(x, x.dtype)
try:
    x /= 2
except RuntimeError as e:
    print('RuntimeError:', e)
try:
    x += 1.5
except RuntimeError as e:
    print('RuntimeError:', e)
print(x)
b = torch.tensor([True, False])
b |= torch.tensor([False, False])
b &= torch.tensor([True, True])
b ^= torch.tensor([True, True])
print(b)
