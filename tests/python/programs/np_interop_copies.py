import numpy as np
import torch
a = np.array([[1, 2], [3, 4]])
t = torch.from_numpy(a)
s = torch.tensor(a)
a[0, 0] = 0
print(t)
print(s, s.dtype)
c = torch.from_numpy(a.copy())
a[1, 1] = 100
print(c)
x = torch.arange(3.)
y = x.numpy().copy()
y[0] = 10
print(x, y)
z = torch.from_numpy(np.array([1.5, 2.5])).clone()
print(z, z.dtype)
