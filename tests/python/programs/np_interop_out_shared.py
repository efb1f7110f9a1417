import numpy as np
import torch
a = np.ones(5)
b = torch.from_numpy(a)
np.add(a, 1, out=a)
print(a)
print(b)
np.multiply(a, a, out=a)
print(b)
t = torch.zeros(4)
n = t.numpy()
np.add(n, np.arange(4), out=n)
print(t)
np.sqrt(n, out=n)
print(t)
n += 1
n *= 2
print(t)
