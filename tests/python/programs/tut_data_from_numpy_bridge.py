# The tutorial's NumPy bridge both ways, plus sharing checks.
import numpy as np
import torch
t = torch.ones(5)
n = t.numpy()
t.add_(1)
print(t, n)
n[0] = 10
print(t)
a = np.ones(3)
b = torch.from_numpy(a)
np.add(a, 1, out=a)
print(a, b, b.dtype)
print(torch.from_numpy(np.array([1, 2], dtype=np.int32)).dtype)
print(torch.tensor(np.array([1.5])).dtype, torch.as_tensor(np.zeros(2)).dtype)
