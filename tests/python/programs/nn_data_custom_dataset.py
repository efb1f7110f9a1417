# A Dataset subclass with __getitem__/__len__ returning dicts, under DataLoader.
import torch
from torch.utils.data import Dataset, DataLoader
class Squares(Dataset):
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, idx):
        return {'x': torch.tensor([float(idx)]), 'y': idx * idx, 'name': f'item{idx}'}
ds = Squares(7)
print(len(ds), ds[2])
for batch in DataLoader(ds, batch_size=3):
    print(batch['x'].shape, batch['y'], batch['name'])
