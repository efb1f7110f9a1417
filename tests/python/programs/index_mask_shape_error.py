# A mask of the wrong shape: IndexError, uncaught.
import torch
x = torch.arange(6).reshape(2, 3)
m = torch.tensor([True, False, True])
print(x[:, m])
print(x[m])
