# cat, stack, hstack, vstack, dstack, column_stack.
import torch
a = torch.tensor([[1, 2], [3, 4]])
b = torch.tensor([[5, 6]])
print(torch.cat([a, b]), torch.cat((a, a), dim=1))
print(torch.stack([a, a]).shape, torch.stack([a, a], dim=2).shape, torch.stack((a[0], a[1]), 1))
print(torch.hstack([a, a]), torch.vstack([a, b]))
print(torch.dstack([a, a]).shape, torch.column_stack([torch.tensor([1, 2]), torch.tensor([3, 4])]))
print(torch.cat([torch.zeros(0), torch.ones(2)]))
print(torch.cat([torch.ones(2), torch.ones(2, dtype=torch.int64)]).dtype)
