# Subset and ConcatDataset (and Dataset + Dataset).
import torch
from torch.utils.data import TensorDataset, Subset, ConcatDataset, DataLoader
a = TensorDataset(torch.arange(5))
b = TensorDataset(torch.arange(100, 103))
sub = Subset(a, [4, 2, 0])
print(len(sub), [sub[i][0].item() for i in range(len(sub))])
cat = ConcatDataset([a, b])
print(len(cat), cat[5], cat[-1], cat.cumulative_sizes)
both = a + b
print(len(both), [t[0].tolist() for t in DataLoader(both, batch_size=4)])
