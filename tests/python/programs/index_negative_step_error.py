# Negative slice steps are not supported by PyTorch: ValueError, uncaught.
import torch
x = torch.arange(5)
print(x.flip(0))
print(x[::-1])
