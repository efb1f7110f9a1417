# Boolean masks select (and copy) elements.
import torch
x = torch.tensor([[1, -2, 3], [-4, 5, -6]])
print(x[x > 0])
print(x[x < 0].shape)
mask = torch.tensor([True, False])
print(x[mask])
print(x[:, torch.tensor([True, False, True])])
print(x[torch.tensor([[True, False, False], [False, False, True]])])
print(x[[True, False]])
print(x[torch.zeros(2, 3, dtype=torch.bool)])
