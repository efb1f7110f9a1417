# Basic indexing returns views; writes through them reach the base.
import torch
x = torch.zeros(3, 3)
row = x[1]
row += 1
col = x[:, 2]
col.fill_(5)
x[0, ::2].mul_(0).add_(7)
print(x)
print(row._base is x if hasattr(row, '_base') else True, x[1].data_ptr() - x.data_ptr())
d = x.diagonal()
d.zero_()
print(x)
