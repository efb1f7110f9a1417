# Shape helpers: numel, dim, size with negative dims, empty reshapes.
import torch
x = torch.zeros(2, 3, 4)
print(x.size(-1), x.size(-3), x.numel(), torch.numel(x), x.dim(), len(x.shape))
print(torch.zeros(0, 4).reshape(-1, 2).shape, torch.zeros(2, 0).view(0).shape)
try:
    x.size(3)
except IndexError as e:
    print('IndexError:', e)
print(x.new_empty(0).shape, x[:, :0].shape, x[..., 4:].shape)
