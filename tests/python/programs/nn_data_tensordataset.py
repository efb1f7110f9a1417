# TensorDataset and DataLoader: batches in order, and the last partial batch.
import torch
from torch.utils.data import TensorDataset, DataLoader
x = torch.arange(20.).reshape(10, 2)
y = torch.arange(10)
ds = TensorDataset(x, y)
print(len(ds), ds[3])
loader = DataLoader(ds, batch_size=4)
print(len(loader))
for xb, yb in loader:
    print(xb.tolist(), yb)
print(len(DataLoader(ds, batch_size=4, drop_last=True)), [b[1].tolist() for b in DataLoader(ds, batch_size=4, drop_last=True)])
