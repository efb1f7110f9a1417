# CosineSimilarity and PairwiseDistance.
import torch
import torch.nn as nn
torch.manual_seed(0)
a, b = torch.randn(3, 4), torch.randn(3, 4)
print(nn.CosineSimilarity(dim=1)(a, b))
print(nn.PairwiseDistance()(a, b))
print(nn.PairwiseDistance(p=1, keepdim=True)(a, b))
