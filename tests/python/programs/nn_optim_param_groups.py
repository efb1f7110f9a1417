# Per-parameter options: two groups with their own lr, add_param_group, changing lr by hand.
import torch
import torch.nn as nn
import torch.optim as optim
torch.manual_seed(0)
base = nn.Linear(2, 2)
classifier = nn.Linear(2, 1)
opt = optim.SGD([{'params': base.parameters()}, {'params': classifier.parameters(), 'lr': 1e-3}], lr=1e-2, momentum=0.9)
print(opt)
extra = nn.Parameter(torch.zeros(3))
opt.add_param_group({'params': extra, 'lr': 0.5, 'momentum': 0.0})
print(len(opt.param_groups), opt.param_groups[2]['lr'], opt.param_groups[2]['momentum'])
for g in opt.param_groups:
    g['lr'] *= 0.5
print([g['lr'] for g in opt.param_groups])
x = torch.randn(4, 2)
(classifier(base(x)).sum() + extra.sum()).backward()
opt.step()
print(base.weight, classifier.bias, extra)
try:
    opt.add_param_group({'params': [extra]})
except ValueError as e:
    print('ValueError:', e)
