# torch.Size is a tuple.
import torch
x = torch.zeros(2, 3, 4)
s = x.shape
print(s, type(s).__name__, isinstance(s, tuple))
print(s[0], s[-1], s[1:], len(s), list(s), tuple(s))
print(s == (2, 3, 4), s == torch.Size([2, 3, 4]), s == [2, 3, 4])
print(x.size(), x.size(1), x.size(-1), x.size() == x.shape)
a, b, c = x.shape
print(a * b * c, s.numel())
print(torch.Size([]), torch.Size([5]), torch.zeros(()).shape)
print(s + (5,), (1,) + s, s * 2 if False else 'n/a')
print(repr(s), str(s), f"{s}")
