# Binary type promotion between tensors of each dtype.
import torch
dts = [torch.bool, torch.int32, torch.int64, torch.float32, torch.float64]
for a in dts:
    row = []
    for b in dts:
        r = torch.ones(2, dtype=a) + torch.ones(2, dtype=b)
        row.append(str(r.dtype).replace('torch.', ''))
    print(str(a).replace('torch.', '').ljust(8), ' '.join(x.ljust(8) for x in row))
