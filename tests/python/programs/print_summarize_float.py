# Summarised float tensors, with edgeitems and threshold changed.
import torch
x = torch.linspace(0, 1, 1200)
print(x)
print(x.reshape(30, 40))
torch.set_printoptions(edgeitems=2)
print(x.reshape(30, 40))
torch.set_printoptions(threshold=10, edgeitems=3)
print(torch.arange(12.) / 7)
print(torch.arange(24).reshape(2, 3, 4))
torch.set_printoptions(profile='default')
print(torch.arange(1000))
