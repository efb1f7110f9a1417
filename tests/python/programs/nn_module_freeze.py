# Freezing part of a model: requires_grad_(False), only the head trains.
import torch
import torch.nn as nn
import torch.optim as optim
torch.manual_seed(0)
backbone = nn.Sequential(nn.Linear(4, 8), nn.ReLU())
head = nn.Linear(8, 2)
model = nn.Sequential(backbone, head)
backbone.requires_grad_(False)
print([(n, p.requires_grad) for n, p in model.named_parameters()])
opt = optim.SGD(filter(lambda p: p.requires_grad, model.parameters()), lr=0.1)
before = backbone[0].weight.clone()
x, y = torch.randn(6, 4), torch.tensor([0, 1, 0, 1, 1, 0])
for step in range(5):
    opt.zero_grad()
    loss = nn.functional.cross_entropy(model(x), y)
    loss.backward()
    opt.step()
    print(f"step {step}: loss {loss.item():.5f}")
print(torch.equal(before, backbone[0].weight), backbone[0].weight.grad)
