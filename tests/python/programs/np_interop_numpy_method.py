import torch
import numpy as np
t = torch.ones(3)
a = t.numpy()
a[1] = 5
print(t, a, a.dtype, type(a).__name__)
t2 = torch.arange(6).reshape(2, 3)
b = t2.numpy()
t2[0, 0] = -1
print(b)
print(repr(b), b.shape, b.strides)
t3 = torch.tensor([1.5, 2.5], dtype=torch.float64)
c = t3.numpy()
c += 1
print(t3, c.dtype)
print(repr(torch.tensor([True, False]).numpy()))
i = torch.tensor([1, 2], dtype=torch.int32).numpy()
print(repr(i), i.sum(), type(i.sum()).__name__)
