# Tensors hash by identity: usable as dict keys and in sets.
import torch
a = torch.tensor([1.])
b = torch.tensor([1.])
d = {a: 'a', b: 'b'}
print(len(d), d[a], d[b])
s = {a, b, a}
print(len(s))
print(a is a.view(1), a.view(1).data_ptr() == a.data_ptr())
