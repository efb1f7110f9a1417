# ReduceLROnPlateau reduces the lr after `patience` epochs without improvement.
import torch
import torch.nn as nn
import torch.optim as optim
from torch.optim import lr_scheduler
model = nn.Linear(2, 1)
optimizer = optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
scheduler = lr_scheduler.ReduceLROnPlateau(optimizer, mode='min', factor=0.5, patience=2)
for epoch, val_loss in enumerate([1.0, 0.8, 0.8, 0.81, 0.82, 0.83, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5]):
    optimizer.step()
    scheduler.step(val_loss)
    print(epoch, optimizer.param_groups[0]['lr'], scheduler.best, scheduler.num_bad_epochs)
