# cumsum, cumprod, diff, and running means.
import torch
x = torch.tensor([1, 2, 3, 4, 5])
print(x.cumsum(0), x.cumprod(0), torch.cumsum(x, dim=0).dtype)
print(x.diff(), torch.diff(x, n=2))
m = torch.arange(1., 7.).reshape(2, 3)
print(m.cumsum(1), m.cumsum(0))
running = x.cumsum(0) / torch.arange(1, 6)
print(running)
print(torch.tensor([1., 2., 3.]).cumprod(0).log())
