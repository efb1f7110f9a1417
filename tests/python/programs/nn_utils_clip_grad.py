# clip_grad_norm_ and clip_grad_value_ on a model's gradients.
import torch
import torch.nn as nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))
model(torch.randn(8, 3) * 10).pow(2).sum().backward()
total = nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
print(total)
print(torch.norm(torch.stack([p.grad.norm() for p in model.parameters()])))
print(nn.utils.clip_grad_norm_(model.parameters(), 0.5, norm_type=float('inf')))
nn.utils.clip_grad_value_(model.parameters(), clip_value=0.05)
print(model[0].weight.grad)
