# Everyday 2-D indexing patterns: rows, columns, a border, a checkerboard.
import torch
g = torch.zeros(5, 5, dtype=torch.int64)
g[0, :] = g[-1, :] = g[:, 0] = g[:, -1] = 1
print(g)
c = torch.zeros(4, 4, dtype=torch.int64)
c[::2, ::2] = 1
c[1::2, 1::2] = 1
print(c)
print(torch.arange(16).reshape(4, 4)[1:3, 1:3])
t = torch.arange(16).reshape(4, 4)
t[t % 3 == 0] *= -1
print(t)
