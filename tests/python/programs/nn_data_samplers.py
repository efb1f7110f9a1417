# Samplers: sequential, random (with replacement), subset, weighted, batch.
import torch
from torch.utils.data import SequentialSampler, RandomSampler, SubsetRandomSampler, WeightedRandomSampler, BatchSampler
torch.manual_seed(0)
print(list(SequentialSampler(range(5))))
print(list(RandomSampler(range(5))))
print(list(RandomSampler(range(5), replacement=True, num_samples=8)))
print(list(SubsetRandomSampler([10, 20, 30, 40])))
print(list(WeightedRandomSampler([0.1, 0.9, 0.4, 0.7, 3.0, 0.6], 5, replacement=True)))
print(list(BatchSampler(SequentialSampler(range(10)), batch_size=3, drop_last=False)))
print(list(BatchSampler(SequentialSampler(range(10)), batch_size=3, drop_last=True)))
print(len(BatchSampler(range(10), 4, False)), len(RandomSampler(range(7))))
