# flip, fliplr, flipud, roll, rot90.
import torch
x = torch.arange(6).reshape(2, 3)
print(x.flip(0), x.flip(1), x.flip(0, 1))
print(torch.fliplr(x), torch.flipud(x))
print(torch.roll(torch.arange(5), 2), torch.roll(x, 1, 1), torch.roll(x, shifts=(1, 1), dims=(0, 1)))
print(torch.rot90(x), torch.rot90(x, 2))
