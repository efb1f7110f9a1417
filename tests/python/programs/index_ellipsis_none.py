# ... and None.
import torch
x = torch.arange(24).reshape(2, 3, 4)
print(x[..., 0])
print(x[0, ...].shape, x[..., 1:3].shape, x[1, ..., 2])
print(x[None].shape, x[:, None].shape, x[..., None].shape, x[None, ..., None].shape)
v = torch.tensor([1, 2, 3])
print(v[:, None] * v[None, :])
print(v[None, None, :].shape)
print(x[...].shape, x[..., None, 0].shape)
