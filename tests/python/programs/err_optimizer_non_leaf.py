# Giving an optimizer a non-leaf tensor: ValueError, uncaught.
import torch
w = torch.ones(2, requires_grad=True)
opt = torch.optim.SGD([w], lr=0.1)
print(opt.param_groups[0]['lr'])
torch.optim.SGD([w * 2], lr=0.1)
