# Reductions of empty tensors: identities and errors.
import torch
e = torch.zeros(0)
print(e.sum(), e.prod(), e.mean())
print(torch.zeros(0, 3).sum(0), torch.zeros(3, 0).sum(1))
try:
    e.max()
except (RuntimeError, IndexError) as err:
    print(type(err).__name__, err)
print(e.any(), e.all())
