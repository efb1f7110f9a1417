# expand (a view) vs repeat (a copy), tile, repeat_interleave.
import torch
v = torch.tensor([[1], [2]])
e = v.expand(2, 3)
print(e, e.stride())
print(v.expand(-1, 4), v.expand_as(torch.zeros(2, 2)))
print(v.repeat(2, 3))
print(torch.tensor([1, 2]).repeat(3), torch.tensor([1, 2]).tile((2,)))
print(torch.tensor([1, 2, 3]).repeat_interleave(2), torch.repeat_interleave(torch.tensor([1, 2]), torch.tensor([1, 3])))
try:
    v.expand(3, 3)
except RuntimeError as e:
    print(e)
