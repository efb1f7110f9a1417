# rand_like, randn_like, randint_like keep shape and dtype.
import torch
torch.manual_seed(3)
x = torch.zeros(2, 3)
print(torch.rand_like(x))
print(torch.randn_like(x))
print(torch.randint_like(x, 5))
print(torch.randn_like(torch.zeros(2, dtype=torch.float64)))
print(torch.rand(3, generator=None))
