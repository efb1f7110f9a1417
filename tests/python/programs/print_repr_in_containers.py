# Tensors inside lists, tuples and dicts print with their repr.
import torch
d = {'weights': torch.tensor([[0.5, -0.5]]), 'bias': torch.tensor([0.]), 'step': 3}
print(d)
print([torch.tensor(1.), torch.tensor(2.)])
print(torch.tensor([1, 2]).chunk(2))
print(torch.arange(6).split([2, 4]))
print(torch.tensor([[1., 2.], [3., 4.]]).unbind(0))
