"""torch.utils.data for tensorpad's Python mode: datasets, samplers with PyTorch 1.13's random
draws, default_collate and a single-process DataLoader, in pure Python."""
from .dataset import (Dataset, IterableDataset, TensorDataset, ConcatDataset, ChainDataset, Subset,
                      random_split)
from .sampler import (Sampler, SequentialSampler, RandomSampler, SubsetRandomSampler, WeightedRandomSampler,
                      BatchSampler)
from .collate import default_collate, default_convert
from .dataloader import DataLoader, get_worker_info
