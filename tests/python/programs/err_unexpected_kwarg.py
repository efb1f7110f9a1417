# An unknown keyword argument: TypeError, uncaught.
import torch
x = torch.ones(3)
print(x.sum(dim=0))
x.sum(axis_typo=0)
