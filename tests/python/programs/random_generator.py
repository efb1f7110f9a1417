# A torch.Generator object with its own seed.
import torch
g = torch.Generator().manual_seed(123)
print(torch.rand(3, generator=g))
print(torch.randn(2, generator=g))
g2 = torch.Generator()
g2.manual_seed(123)
print(torch.rand(3, generator=g2))
print(g.initial_seed())
torch.manual_seed(0)
s = torch.get_rng_state()
a = torch.rand(2)
torch.set_rng_state(s)
print(torch.equal(a, torch.rand(2)))
