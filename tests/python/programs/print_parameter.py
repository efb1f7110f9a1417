# nn.Parameter prints "Parameter containing:".
import torch
p = torch.nn.Parameter(torch.tensor([1., 2.]))
print(p)
print(repr(p))
print(p * 2)
q = torch.nn.Parameter(torch.ones(2, 2), requires_grad=False)
print(q)
print(isinstance(p, torch.Tensor), type(p).__name__, p.is_leaf, p.requires_grad)
