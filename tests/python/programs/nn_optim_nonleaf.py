# Optimizing a non-leaf tensor is a ValueError, uncaught.
import torch
import torch.optim as optim
w = torch.ones(2, requires_grad=True)
print(optim.SGD([w], lr=0.1).param_groups[0]['lr'])
optim.SGD([w * 2], lr=0.1)
