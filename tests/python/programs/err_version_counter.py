# Modifying a saved tensor in place: the version counter error at backward.
import torch
a = torch.tensor([1., 2.], requires_grad=True)
b = a.exp()
c = b * 2
print(b._version)
b.add_(1)
print(b._version)
try:
    b.sum().backward()
    print('b path ok', a.grad)
except RuntimeError as e:
    print(e)
d = a.sigmoid()
e = d * 2
d.mul_(2)
e.sum().backward()
print(a.grad)
s = a * 1
t = s.exp()
s.add_(1)
t.sum().backward()
