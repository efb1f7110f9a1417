# The dtype= keyword on reductions and ops.
import torch
x = torch.tensor([1, 2, 3])
print(x.sum(dtype=torch.float32), torch.mean(x, dtype=torch.float64))
print(x.cumsum(0, dtype=torch.float64), torch.prod(x, dtype=torch.float32))
print(torch.softmax(x, 0, dtype=torch.float64) if False else torch.softmax(x.float(), 0))
print(x.to(torch.float32).sum(dtype=torch.float64).dtype)
