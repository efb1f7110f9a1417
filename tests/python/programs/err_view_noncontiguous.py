# view() on a non-contiguous tensor: RuntimeError, caught; reshape copies instead.
import torch
x = torch.arange(6).reshape(2, 3).t()
try:
    x.view(6)
except RuntimeError as e:
    print(e)
print(x.reshape(6), x.contiguous().view(6))
