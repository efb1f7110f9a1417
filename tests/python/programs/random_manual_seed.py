# manual_seed reproduces rand/randn/randint.
import torch
torch.manual_seed(42)
a = torch.rand(3)
b = torch.randn(2, 2)
c = torch.randint(0, 10, (5,))
torch.manual_seed(42)
print(torch.equal(a, torch.rand(3)), torch.equal(b, torch.randn(2, 2)), torch.equal(c, torch.randint(0, 10, (5,))))
print(a, b, c, sep='\n')
print(torch.initial_seed())
