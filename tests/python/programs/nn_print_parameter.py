# A Parameter prints as "Parameter containing:" and the tensor; it is a Tensor that requires grad.
import torch
import torch.nn as nn
torch.manual_seed(0)
p = nn.Parameter(torch.randn(2, 3))
print(p)
print(repr(p))
q = nn.Parameter(torch.zeros(2), requires_grad=False)
print(q)
print(isinstance(p, torch.Tensor), isinstance(p, nn.Parameter), p.requires_grad, q.requires_grad, p.is_leaf)
y = p * 2
print(type(y).__name__, y.requires_grad, y.grad_fn.name())
print(nn.Parameter(torch.tensor(3.5)))
print(nn.Parameter(torch.ones(2, dtype=torch.float64)))
print(p.shape, p.dtype, p.sum().item() == p.data.sum().item())
print(nn.Parameter())
