# dtype= suffixes for non-default dtypes.
import torch
print(torch.tensor([1, 2], dtype=torch.int32))
print(torch.tensor([1., 2.], dtype=torch.float64))
print(torch.tensor(1., dtype=torch.float64))
print(torch.tensor([True, False]))
print(torch.zeros(0))
print(torch.zeros(0, dtype=torch.int64))
print(torch.zeros(2, 0))
print(torch.zeros(0, dtype=torch.float64))
print(torch.tensor([], dtype=torch.int32))
print(torch.ones(2, 2, dtype=torch.int32))
