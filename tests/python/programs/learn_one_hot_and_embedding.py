# One-hot matrices times weights equal embedding lookups.
import torch
torch.manual_seed(0)
E = torch.randn(5, 3)
ids = torch.tensor([4, 0, 2])
oh = torch.nn.functional.one_hot(ids, 5).float()
print(torch.allclose(oh @ E, E[ids]), torch.allclose(torch.nn.functional.embedding(ids, E), E[ids]))
print(E[ids])
