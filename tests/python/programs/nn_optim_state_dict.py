# Optimizer state_dict: step counters and moments, restored into a new optimizer.
import torch
import torch.nn as nn
import torch.optim as optim
torch.manual_seed(0)
model = nn.Linear(2, 1)
opt = optim.Adam(model.parameters(), lr=0.1)
for _ in range(3):
    opt.zero_grad()
    model(torch.ones(1, 2)).sum().backward()
    opt.step()
sd = opt.state_dict()
print(sd['param_groups'])
print(sorted(sd['state'].keys()), sorted(sd['state'][0].keys()))
print(sd['state'][0]['step'], sd['state'][1]['exp_avg'])
opt2 = optim.Adam(model.parameters(), lr=0.5)
opt2.load_state_dict(sd)
print(opt2.param_groups[0]['lr'], opt2.state[model.bias]['step'])
sgd = optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
model(torch.ones(1, 2)).sum().backward()
sgd.step()
print(sgd.state_dict()['state'])
