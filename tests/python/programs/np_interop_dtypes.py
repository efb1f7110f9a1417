import numpy as np
import torch
for dt in [np.float32, np.float64, np.int32, np.int64, np.bool_]:
    a = np.zeros(3, dtype=dt)
    t = torch.from_numpy(a)
    a[0] = 1
    t[2] = 1
    print(dt.__name__, t.dtype, t, a)
for tdt in [torch.float32, torch.float64, torch.int32, torch.int64, torch.bool]:
    t = torch.zeros(2, dtype=tdt)
    a = t.numpy()
    a[1] = 1
    print(tdt, a.dtype, repr(a), t)
