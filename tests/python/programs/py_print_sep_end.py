# print() with several tensors, sep and end; repr of nested structures.
import torch
a = torch.tensor([1, 2])
print(a, a * 2, sep=' | ', end=' <-\n')
print('value:', a.sum(), 'mean:', a.float().mean())
print(*a)
print(*torch.arange(3.), sep=', ')
print(str(a) + '!', repr(a) == str(a), len(repr(a)))
