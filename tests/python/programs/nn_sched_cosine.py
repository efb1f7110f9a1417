# CosineAnnealingLR over T_max epochs and back.
import torch
import torch.nn as nn
import torch.optim as optim
from torch.optim import lr_scheduler
model = nn.Linear(2, 1)
optimizer = optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
scheduler = lr_scheduler.CosineAnnealingLR(optimizer, T_max=5, eta_min=0.001)
for epoch in range(14):
    optimizer.step()
    scheduler.step()
    print(epoch, scheduler.get_last_lr(), optimizer.param_groups[0]['lr'])
