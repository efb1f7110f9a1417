# DataLoader argument errors, caught.
import torch
from torch.utils.data import DataLoader, SequentialSampler, BatchSampler
data = list(range(6))
for make in [lambda: DataLoader(data, shuffle=True, sampler=SequentialSampler(data)),
             lambda: DataLoader(data, batch_size=2, batch_sampler=BatchSampler(SequentialSampler(data), 2, False)),
             lambda: DataLoader(data, batch_size=None, drop_last=True),
             lambda: DataLoader(data, num_workers=-1),
             lambda: BatchSampler(SequentialSampler(data), 0, False)]:
    try:
        make()
    except ValueError as e:
        print('ValueError:', e)
