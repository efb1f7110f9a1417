# optimizer.zero_grad(): zeros by default in 1.13, None with set_to_none=True.
import torch
import torch.nn as nn
import torch.optim as optim
model = nn.Linear(2, 1)
opt = optim.SGD(model.parameters(), lr=0.1)
model(torch.ones(3, 2)).sum().backward()
print(model.weight.grad, model.bias.grad)
opt.zero_grad()
print(model.weight.grad, model.bias.grad)
opt.zero_grad(set_to_none=True)
print(model.weight.grad, model.bias.grad)
opt.step()
print(model.weight.requires_grad)
