# Integer columns are padded to the widest value.
import torch
print(torch.tensor([1, 10, 100, -1000]))
print(torch.tensor([[1, 200], [-3, 4]]))
print(torch.tensor([2**40, 1]))
print(torch.arange(-5, 5).reshape(2, 5))
