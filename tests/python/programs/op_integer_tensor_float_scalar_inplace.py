# Comparing and mixing an int tensor with float scalars.
import torch
x = torch.arange(5)
print(x == 2.0, x < 2.5, x * 1.0)
print(x.float() / 3)
print(x.sum() / len(x), (x.sum() / len(x)).dtype)
print(x.double().mean())
try:
    x.mean()
except RuntimeError as e:
    print('RuntimeError:', e)
