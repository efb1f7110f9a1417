# default_collate: tensors stacked, numbers to tensors, tuples transposed, strings kept.
import torch
from torch.utils.data import DataLoader
from torch.utils.data.dataloader import default_collate
print(default_collate([torch.tensor([1, 2]), torch.tensor([3, 4])]))
print(default_collate([1, 2, 3]), default_collate([1.5, 2.5]))
print(default_collate([(1, 'a'), (2, 'b')]))
print(default_collate([{'a': 1.0, 'b': torch.zeros(2)}, {'a': 2.0, 'b': torch.ones(2)}]))
print(default_collate([[1, 2], [3, 4]]))
loader = DataLoader([(torch.tensor([i, i]), i % 2 == 0) for i in range(4)], batch_size=2, collate_fn=lambda b: b)
print(list(loader))
print(list(DataLoader(list(range(4)), batch_size=None)))
