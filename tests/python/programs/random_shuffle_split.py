# Shuffling a dataset and splitting into batches with randperm.
import torch
torch.manual_seed(2024)
X = torch.arange(10.).reshape(10, 1)
perm = torch.randperm(10)
for i in range(0, 10, 4):
    print(perm[i:i + 4], X[perm[i:i + 4]].squeeze(1))
