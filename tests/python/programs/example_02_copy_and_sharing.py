# The Python twin of examples/02-copy-and-sharing.mjs, written by tests/fixtures/gen_python_programs.py
# from EXAMPLES in tests/fixtures/gen_examples.py: edit it there.
import copy
import numpy as np
import torch
print('# torch.tensor copies, from_numpy shares')
arr = np.zeros(3, dtype=np.float32)
arr[:] = [1, 2, 3]
copied = torch.tensor(arr)
shared = torch.from_numpy(arr)
arr[0] = 99
print(copied)
print(shared)

print('# numpy() is a view of the same storage')
t = torch.zeros(3)
view = t.numpy()
view[1] = 5
print(t)
t.fill_(2)
print(bool(view[0] == 2), bool(view[1] == 2))

print('# Views share storage')
z = torch.arange(12)
zv = z.view(3, 4)
zt = zv.T
zt[0, 0] = -1
print(z)
print(zv.stride(), zt.stride(), zt.is_contiguous())
print(np.shares_memory(z.numpy(), zt.numpy()))
row = zv[1]
row.fill_(0)
print(zv)

print('# clone, contiguous and deepcopy copy')
a = torch.tensor([1, 2, 3])
b = a.clone()
c = copy.deepcopy(a)
b[0] = 100
c[1] = 200
print(a, b, c)
m = torch.arange(6).view(2, 3).t()
mc = m.contiguous()
print(m.is_contiguous(), mc.is_contiguous(), np.shares_memory(m.numpy(), mc.numpy()))
print(m.clone().stride(), mc.stride())

print('# copy_ writes into an existing tensor (broadcasting, converting)')
dst = torch.zeros(2, 3)
dst.copy_(torch.tensor([1, 2, 3]))
print(dst)

print('# detach shares storage')
w = torch.ones(3, requires_grad=True)
wd = w.detach()
wd[0] = 5
print(w)
print(wd.requires_grad, np.shares_memory(w.detach().numpy(), wd.numpy()))

print('# deepcopy of a leaf keeps requires_grad')
leaf = torch.tensor([1.5, 2.5], requires_grad=True)
print(copy.deepcopy(leaf))
