# Margin-based losses: ranking, hinge embedding, cosine embedding, soft margin, triplet, multi-class.
import torch
import torch.nn as nn
torch.manual_seed(0)
a, b = torch.randn(4), torch.randn(4)
y = torch.tensor([1.0, -1.0, 1.0, -1.0])
print(nn.MarginRankingLoss(margin=0.1)(a, b, y))
print(nn.HingeEmbeddingLoss()(a, y))
print(nn.SoftMarginLoss()(a, y))
x1, x2 = torch.randn(3, 5), torch.randn(3, 5)
print(nn.CosineEmbeddingLoss()(x1, x2, torch.tensor([1.0, -1.0, 1.0])))
print(nn.TripletMarginLoss(margin=1.0)(x1, x2, torch.randn(3, 5)))
print(nn.MultiMarginLoss()(x1, torch.tensor([1, 0, 4])))
print(nn.MultiLabelSoftMarginLoss()(x1, (x2 > 0).float()))
