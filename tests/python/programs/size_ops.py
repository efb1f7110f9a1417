# Sizes in creation and reshaping.
import torch
x = torch.arange(24)
s = torch.Size([2, 3, 4])
print(x.view(s).shape, x.reshape(*s).shape, torch.zeros(s).shape)
print(torch.ones(x.view(4, 6).shape[::-1]))
print(x.view(2, -1).shape, x.view(-1, 3, 2).size())
print(x.new_zeros(s[1:]).shape)
print(s.count(3) if hasattr(s, 'count') else None, s.index(4))
print(hash(s) == hash((2, 3, 4)))
print(max(s), sum(s), sorted(s, reverse=True))
print(torch.Size((2, 3)) + torch.Size((4,)))
