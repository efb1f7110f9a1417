# torch.tensor of a list of 0-d tensors and of Python numbers from item(); stack instead.
import torch
vals = [torch.tensor(1.5), torch.tensor(2.5)]
print(torch.tensor([v.item() for v in vals]))
print(torch.stack(vals))
print(torch.tensor(vals))
try:
    torch.tensor([torch.tensor([1., 2.]), torch.tensor([3., 4.])])
except (ValueError, TypeError, RuntimeError) as e:
    print(type(e).__name__, e)
