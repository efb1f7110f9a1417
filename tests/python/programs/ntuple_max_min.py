# Named tuples from max/min with dim.
import torch
x = torch.tensor([[1, 5, 3], [7, 2, 9]])
r = x.max(1)
print(r)
values, indices = x.max(dim=1)
print(values, indices)
print(r.values, r.indices, r[0], r[1])
print(type(r).__name__, len(r), isinstance(r, tuple))
m = torch.min(x, 0, keepdim=True)
print(m)
print(torch.max(x), torch.max(x, torch.ones_like(x) * 4))
