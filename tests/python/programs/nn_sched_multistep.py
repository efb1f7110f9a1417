# MultiStepLR at milestones.
import torch
import torch.nn as nn
import torch.optim as optim
from torch.optim import lr_scheduler
model = nn.Linear(2, 1)
optimizer = optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
scheduler = lr_scheduler.MultiStepLR(optimizer, milestones=[2, 5, 8], gamma=0.1)
for epoch in range(12):
    optimizer.step()
    scheduler.step()
    print(epoch, scheduler.get_last_lr(), optimizer.param_groups[0]['lr'])
