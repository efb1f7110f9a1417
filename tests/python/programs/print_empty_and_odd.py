# Empty and degenerate shapes print as PyTorch does.
import torch
print(torch.zeros(0, 2))
print(torch.zeros(2, 0, 3))
print(torch.ones(1))
print(torch.ones(1, 1))
print(torch.tensor([[]]))
print(torch.empty(3, 0).shape, torch.zeros(3, 0).sum(1))
print(torch.zeros(0).sum(), torch.zeros(0).max(0) if False else torch.zeros(0).prod())
