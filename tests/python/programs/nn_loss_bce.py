# BCELoss on probabilities and BCEWithLogitsLoss on logits (weights, pos_weight).
import torch
import torch.nn as nn
torch.manual_seed(0)
x = torch.randn(4, requires_grad=True)
t = torch.tensor([1.0, 0.0, 1.0, 0.0])
print(nn.BCELoss()(torch.sigmoid(x), t))
print(nn.BCEWithLogitsLoss()(x, t))
print(nn.BCEWithLogitsLoss(pos_weight=torch.tensor([3.0]))(x, t))
print(nn.BCELoss(weight=torch.tensor([1.0, 2.0, 1.0, 2.0]), reduction='sum')(torch.sigmoid(x), t))
nn.BCEWithLogitsLoss()(x, t).backward()
print(x.grad)
