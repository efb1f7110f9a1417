# parameters() / named_parameters() of a custom Module: order, names, shapes, sharing.
import torch
import torch.nn as nn
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(3, 4)
        self.act = nn.Tanh()
        self.fc2 = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))

torch.manual_seed(0)
net = Net()
for name, p in net.named_parameters():
    print(name, tuple(p.shape), p.requires_grad)
print(len(list(net.parameters())), sum(p.numel() for p in net.parameters()))
print(net.fc1.weight is list(net.parameters())[0])
print([n for n, _ in net.named_parameters(prefix='model')])
print([n for n, _ in net.fc2.named_parameters()])
shared = nn.Sequential(net.fc1, nn.ReLU(), net.fc1)
print([n for n, _ in shared.named_parameters()])
print(list(net.named_parameters(recurse=False)))
