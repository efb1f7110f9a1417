# Incompatible shapes: RuntimeError with PyTorch's message, caught, then uncaught.
import torch
a = torch.ones(2, 3)
b = torch.ones(4)
try:
    a + b
except RuntimeError as e:
    print('caught:', e)
torch.ones(3, 2) * torch.ones(3)
