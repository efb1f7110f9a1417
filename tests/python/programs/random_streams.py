# The values of each random function under seed 0.
import torch
torch.manual_seed(0)
print(torch.rand(5))
print(torch.randn(5))
print(torch.randint(10, (5,)))
print(torch.randint(-3, 3, (2, 3)))
print(torch.randperm(8))
print(torch.rand(2, 2, dtype=torch.float64))
print(torch.randn(3, dtype=torch.float64))
print(torch.normal(0., 1., size=(3,)))
print(torch.normal(torch.zeros(3), torch.ones(3) * 2))
print(torch.bernoulli(torch.full((6,), 0.5)))
