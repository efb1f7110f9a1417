import numpy as np
import torch
t = torch.zeros(3)
a = t.numpy()
b = a[1:]
b[:] = 7
print(t)
m = np.arange(6.).reshape(2, 3)
mt = torch.from_numpy(m)
m.T[0, 1] = 50
print(mt)
m[:, 2] = -1
print(mt)
r = m.reshape(3, 2)
r[0, 0] = 42
print(mt)
u = torch.arange(4.)
v = u.numpy()
v[v > 1] = 0
print(u)
v[[0]] = 9
print(u)
