# Results of ops with Python scalars on each side, checking dtypes.
import torch
i = torch.tensor(3)
f = torch.tensor(3.)
for r in [i + 1, i + 1.5, 1 + i, 2.5 * i, i / 2, 2 / i, i ** 2, 2 ** i, i ** -1.0,
          f + 1, 1 - f, f // 2, 2 // f, f % 2, -i, abs(-i), i == 3, i < 3.5]:
    print(r, r.dtype)
