# MSELoss and L1Loss with every reduction, and their gradients.
import torch
import torch.nn as nn
torch.manual_seed(0)
x = torch.randn(3, 4, requires_grad=True)
t = torch.randn(3, 4)
for r in ['mean', 'sum', 'none']:
    print(r, nn.MSELoss(reduction=r)(x, t), nn.L1Loss(reduction=r)(x, t))
loss = nn.MSELoss()(x, t)
loss.backward()
print(x.grad)
