# mse_loss with [N] vs [N, 1] broadcasts (and warns): the learner's bug, made visible.
import torch
import torch.nn.functional as F
pred = torch.tensor([[1.], [2.], [3.]])
target = torch.tensor([1., 2., 3.])
print(F.mse_loss(pred, target))
print(F.mse_loss(pred.squeeze(1), target))
