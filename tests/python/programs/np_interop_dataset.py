# A numpy array as a dataset, as in the data loading tutorial.
import numpy as np
import torch
from torch.utils.data import Dataset, DataLoader

class ArrayDataset(Dataset):
    def __init__(self, n):
        self.x = np.arange(n * 2, dtype=np.float32).reshape(n, 2)
        self.y = (self.x.sum(axis=1) > n).astype(np.int64)

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return torch.from_numpy(self.x[i]), int(self.y[i])

ds = ArrayDataset(6)
print(len(ds), ds[0], ds[5])
for xb, yb in DataLoader(ds, batch_size=4):
    print(xb, yb)
