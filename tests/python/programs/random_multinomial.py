# multinomial and choice by index.
import torch
torch.manual_seed(0)
w = torch.tensor([0.1, 0.2, 0.7])
print(torch.multinomial(w, 5, replacement=True))
print(torch.multinomial(w, 2))
print(torch.multinomial(torch.tensor([[1., 0., 0.], [0., 0., 1.]]), 1))
idx = torch.randperm(5)[:3]
print(idx, torch.arange(10, 15)[idx])
