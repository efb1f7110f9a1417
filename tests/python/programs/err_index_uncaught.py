# IndexError from a dimension out of range, uncaught.
import torch
x = torch.ones(2, 3)
print(x.sum(1))
x.sum(2)
