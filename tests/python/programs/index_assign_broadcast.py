# Assigned values broadcast to the indexed region; dtypes are converted.
import torch
x = torch.zeros(2, 3, dtype=torch.int64)
x[:, :] = torch.tensor([1, 2, 3])
print(x)
x[0] = 7.9
print(x)
x[1] = torch.tensor([True, False, True])
print(x)
f = torch.zeros(3)
f[torch.tensor([True, False, True])] = torch.tensor([1.5, 2.5])
print(f)
try:
    f[0:2] = torch.tensor([1., 2., 3.])
except RuntimeError as e:
    print(e)
