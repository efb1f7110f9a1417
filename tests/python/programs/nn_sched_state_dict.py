# A scheduler's state_dict and resuming from it.
import torch
import torch.nn as nn
import torch.optim as optim
from torch.optim import lr_scheduler
model = nn.Linear(2, 1)
optimizer = optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
scheduler = lr_scheduler.StepLR(optimizer, step_size=2, gamma=0.5)
for _ in range(5):
    optimizer.step()
    scheduler.step()
sd = scheduler.state_dict()
print(sorted(sd.items()))
opt2 = optim.SGD(model.parameters(), lr=0.1)
s2 = lr_scheduler.StepLR(opt2, step_size=2, gamma=0.5)
s2.load_state_dict(sd)
print(s2.last_epoch, s2.get_last_lr())
