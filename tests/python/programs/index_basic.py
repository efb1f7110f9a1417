# Integer indexing and negative indices.
import torch
x = torch.arange(12).reshape(3, 4)
print(x[0], x[-1], x[1][2], x[1, 2], x[-1, -1])
print(x[0].shape, x[1, 2].shape, x[1, 2].dim())
print(x[2, 3].item())
