# Linear's forward: y = x W^T + b, on batches and single vectors, with gradients.
import torch
import torch.nn as nn
torch.manual_seed(0)
m = nn.Linear(3, 2)
x = torch.randn(4, 3)
y = m(x)
print(y)
print(torch.allclose(y, x @ m.weight.T + m.bias))
print(m(torch.ones(3)))
y.sum().backward()
print(m.weight.grad, m.bias.grad)
print(nn.Linear(3, 2, bias=False)(x).shape, nn.Linear(3, 2)(torch.ones(2, 5, 3)).shape)
