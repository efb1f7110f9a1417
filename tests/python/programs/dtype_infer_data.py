# Python int, float and bool data pick int64, float32 and bool.
import torch
for data in [1, 1.0, True, [1, 2], [1., 2], [1, 2.5], [True, False], [[1, 2], [3, 4]],
             [], [[]], 0, -3, 2**40, 1e-3, float('inf')]:
    t = torch.tensor(data)
    print(repr(data), '->', t.dtype, tuple(t.shape), t)
