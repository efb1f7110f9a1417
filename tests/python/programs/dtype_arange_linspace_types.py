# arange and linspace result dtypes from Python int and float arguments.
import torch
for args in [(5,), (5.,), (1, 5), (1, 5.), (0, 1, 0.25), (0, 10, 3), (-1, 1, 0.5), (1.5, 4)]:
    t = torch.arange(*args)
    print(args, t.dtype, t)
print(torch.linspace(0, 10, 5).dtype, torch.linspace(0, 10, 5))
print(torch.linspace(-1, 1, 1), torch.linspace(3, 3, 3), torch.logspace(0, 3, 4, base=2))
print(torch.full((2,), 3).dtype, torch.full((2,), 3.).dtype, torch.full((2,), False).dtype)
print(torch.zeros(2).new_full((2,), 5).dtype, torch.zeros(2, dtype=torch.int64).new_full((2,), 5.5))
