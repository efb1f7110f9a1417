# random_split by lengths and by fractions, with a seeded generator.
import torch
from torch.utils.data import random_split
train, val = random_split(range(10), [7, 3], generator=torch.Generator().manual_seed(42))
print(list(train), list(val))
parts = random_split(range(10), [0.5, 0.3, 0.2], generator=torch.Generator().manual_seed(0))
print([list(p) for p in parts])
torch.manual_seed(1)
a, b = random_split(range(5), [2, 3])
print(list(a), list(b), len(a))
try:
    random_split(range(10), [4, 4])
except ValueError as e:
    print('ValueError:', e)
