# `in` on tensors.
import torch
t = torch.tensor([1, 2, 3])
print(2 in t, 5 in t, torch.tensor(3) in t)
print(2.0 in t)
m = torch.tensor([[1, 2], [3, 4]])
print(4 in m, 7 in m)
