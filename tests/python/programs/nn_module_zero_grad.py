# zero_grad() zeroes gradients in place (set_to_none=False in 1.13); set_to_none=True drops them.
import torch
import torch.nn as nn
torch.manual_seed(0)
net = nn.Linear(3, 1)
net(torch.randn(4, 3)).sum().backward()
print(net.weight.grad, net.bias.grad)
g = net.weight.grad
net.zero_grad()
print(net.weight.grad, net.weight.grad is g)
net(torch.randn(4, 3)).sum().backward()
print(net.weight.grad)
net.zero_grad(set_to_none=True)
print(net.weight.grad, net.bias.grad)
