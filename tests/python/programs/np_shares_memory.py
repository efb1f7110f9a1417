# numpy.shares_memory / may_share_memory on arrays that view tensors (t.numpy()) and on
# numpy's own arrays: exact overlap vs the bounds check, empty arrays, copies, non-arrays.
import numpy as np
import torch

a = np.arange(10)
print(np.shares_memory(a[::2], a[1::2]), np.may_share_memory(a[::2], a[1::2]))
print(np.shares_memory(a, a[3:5]), np.shares_memory(a[:5], a[5:]), np.shares_memory(a[:0], a))
print(np.shares_memory(a, [1, 2]), np.shares_memory(a, 3), np.shares_memory(1, 2))
t = torch.arange(12.).view(3, 4)
n = t.numpy()
print(np.shares_memory(n, t.T.numpy()), np.shares_memory(n[0], n[1]))
print(np.shares_memory(n[:, 0], n[:, 1]), np.may_share_memory(n[:, 0], n[:, 1]))
print(np.shares_memory(n[:, 1], t[2].numpy()), np.shares_memory(t.clone().numpy(), n))
print(np.shares_memory(t.detach().numpy(), n), np.shares_memory(torch.from_numpy(a).numpy(), a))
print(np.may_share_memory(n.copy(), n), np.may_share_memory(n[1:], n[:1]))
