# A shape mismatch in @ is a RuntimeError naming the shapes; uncaught here.
import torch
a = torch.ones(2, 3)
b = torch.ones(2, 3)
print(a @ b.T)
print(a @ b)
