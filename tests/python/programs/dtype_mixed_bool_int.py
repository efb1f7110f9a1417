# Mixing bools with ints and floats in data promotes like Python numbers do in PyTorch.
import torch
print(torch.tensor([True, 2]))
print(torch.tensor([True, 2.5]))
print(torch.tensor([False, True]).dtype)
print(torch.tensor([[True], [0]]))
print(torch.tensor((1, 2, 3)))
print(torch.tensor([(1, 2), (3, 4)]))
