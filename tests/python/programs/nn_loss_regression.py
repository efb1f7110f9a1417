# SmoothL1Loss, HuberLoss, KLDivLoss, PoissonNLLLoss and GaussianNLLLoss.
import torch
import torch.nn as nn
torch.manual_seed(0)
x, t = torch.randn(6), torch.randn(6)
print(nn.SmoothL1Loss()(x, t), nn.SmoothL1Loss(beta=0.5)(x, t))
print(nn.HuberLoss()(x, t), nn.HuberLoss(delta=0.5)(x, t))
logp = torch.log_softmax(torch.randn(2, 3), 1)
q = torch.softmax(torch.randn(2, 3), 1)
print(nn.KLDivLoss(reduction='batchmean')(logp, q))
print(nn.KLDivLoss(reduction='sum', log_target=True)(logp, q.log()))
print(nn.PoissonNLLLoss()(x, t.abs()))
print(nn.GaussianNLLLoss()(x, t, torch.ones(6) * 0.5))
