# print(optimizer) for every optimizer, with one and two parameter groups.
import torch
import torch.nn as nn
import torch.optim as optim
model = nn.Linear(2, 1)
for opt in [optim.SGD(model.parameters(), lr=0.1), optim.SGD(model.parameters(), lr=0.01, momentum=0.9, nesterov=True),
            optim.Adam(model.parameters()), optim.Adam(model.parameters(), lr=3e-4, betas=(0.5, 0.9), amsgrad=True),
            optim.AdamW(model.parameters(), lr=1e-3), optim.RMSprop(model.parameters()), optim.Adagrad(model.parameters())]:
    print(opt)
opt = optim.SGD([{'params': model.weight}, {'params': model.bias, 'lr': 1e-3}], lr=1e-2, momentum=0.9)
print(opt)
print(len(opt.param_groups), [len(g['params']) for g in opt.param_groups], opt.defaults['lr'])
