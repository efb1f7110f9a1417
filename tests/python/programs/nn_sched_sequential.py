# SequentialLR: warm-up then decay.
import torch
import torch.nn as nn
import torch.optim as optim
from torch.optim import lr_scheduler
model = nn.Linear(2, 1)
optimizer = optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
scheduler = lr_scheduler.SequentialLR(optimizer, [lr_scheduler.ConstantLR(optimizer, factor=0.1, total_iters=2), lr_scheduler.ExponentialLR(optimizer, gamma=0.9)], milestones=[2])
for epoch in range(12):
    optimizer.step()
    scheduler.step()
    print(epoch, scheduler.get_last_lr(), optimizer.param_groups[0]['lr'])
