# An IterableDataset under DataLoader, batched.
import torch
from torch.utils.data import IterableDataset, DataLoader
class Counter(IterableDataset):
    def __init__(self, start, end):
        super().__init__()
        self.start, self.end = start, end

    def __iter__(self):
        return iter(range(self.start, self.end))
ds = Counter(3, 10)
print(list(DataLoader(ds, batch_size=3)))
print(list(DataLoader(ds, batch_size=3, drop_last=True)))
print(list(DataLoader(ds, batch_size=None))[:3])
try:
    DataLoader(ds, shuffle=True)
except ValueError as e:
    print('ValueError:', e)
