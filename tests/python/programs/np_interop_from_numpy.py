import numpy as np
import torch
arr = np.array([1, 2, 3])
t = torch.from_numpy(arr)
print(t, t.dtype)
arr[0] = 99
print(t)
t[1] = -5
print(arr)
t.add_(10)
print(arr, repr(arr))
f = np.ones((2, 2), dtype=np.float32)
ft = torch.from_numpy(f)
f *= 3
print(ft)
ft.mul_(2)
print(f)
