# Arithmetic on bool tensors and with bool scalars.
import torch
b = torch.tensor([True, False, True])
print(b + b)
print(b * 3, (b * 3).dtype)
print(b * 1.5)
print(b & torch.tensor([True, True, False]))
print(b | False, b ^ True)
print(~b)
print(b.sum(), b.sum().dtype)
print(b.float().mean())
