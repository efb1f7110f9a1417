# Under manual_seed, a Linear layer holds the same numbers as PyTorch's.
import torch
import torch.nn as nn
torch.manual_seed(0)
m = nn.Linear(2, 3)
print(m.weight)
print(m.bias)
torch.manual_seed(42)
conv = nn.Conv2d(1, 2, 3)
print(conv.weight)
print(conv.bias)
emb = nn.Embedding(4, 3)
print(emb.weight)
print(torch.rand(2))
