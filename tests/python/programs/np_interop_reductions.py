import numpy as np
import torch
t = torch.arange(4.)
a = t.numpy()
print(np.sum(a), np.mean(a), (a * 2).tolist(), a.max(), np.argmax(a))
m = torch.tensor([[1, 2, 3], [4, 5, 6]])
n = m.numpy()
print(np.sum(n, axis=0), n.sum(axis=1), np.mean(n), n.dtype)
print(torch.from_numpy(n.sum(axis=0)), torch.from_numpy(np.arange(3)).sum())
torch.manual_seed(0)
r = torch.rand(3, 2)
rn = r.numpy()
print(rn.shape, rn.dtype, np.allclose(rn.sum(axis=0), r.sum(dim=0).numpy()))
