# Creation functions with dtype= and requires_grad= keywords.
import torch
print(torch.zeros(2, 3, dtype=torch.int64))
print(torch.ones(3, dtype=torch.bool))
print(torch.full((2, 2), 7))
print(torch.full((2, 2), 7.))
print(torch.full((2,), True))
print(torch.arange(5), torch.arange(5.), torch.arange(0, 1, 0.2))
print(torch.arange(1, 4, dtype=torch.float64))
print(torch.linspace(0, 1, 3, dtype=torch.float64))
print(torch.eye(2, 3, dtype=torch.int32))
print(torch.empty(0).shape, torch.zeros(0, 3))
print(torch.ones(2, requires_grad=True))
print(torch.zeros((2, 1)), torch.ones([1, 2]))
