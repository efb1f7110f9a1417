# Scaled dot-product attention written with tensors.
import math
import torch
torch.manual_seed(0)
q = torch.randn(2, 4, 8)
k = torch.randn(2, 4, 8)
v = torch.randn(2, 4, 8)
scores = q @ k.transpose(-2, -1) / math.sqrt(8)
mask = torch.triu(torch.ones(4, 4, dtype=torch.bool), diagonal=1)
scores = scores.masked_fill(mask, float('-inf'))
w = scores.softmax(-1)
print(w[0])
out = w @ v
print(out.shape, out[0, 0])
