# len() and iteration over the first dimension.
import torch
m = torch.arange(6).reshape(3, 2)
print(len(m), len(m[0]))
for row in m:
    print(row, row.shape)
for i, v in enumerate(torch.tensor([10., 20.])):
    print(i, v, v.item())
a, b, c = torch.tensor([1, 2, 3])
print(a, b, c, type(a).__name__)
print(list(torch.tensor([1.5, 2.5])))
print([x.item() for x in torch.arange(3)])
print(sum(torch.tensor([1, 2, 3])), max(torch.tensor([4, 9, 2])))
print(sorted(torch.tensor([3, 1, 2]).tolist()))
print(tuple(torch.zeros(2, 2)))
