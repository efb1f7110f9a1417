# Embedding padding_idx: the padding row starts at zero and gets no gradient.
import torch
import torch.nn as nn
torch.manual_seed(0)
emb = nn.Embedding(5, 3, padding_idx=0)
print(emb)
print(emb.weight)
out = emb(torch.tensor([0, 2, 0, 4]))
print(out)
out.sum().backward()
print(emb.weight.grad)
print(nn.Embedding(5, 2, padding_idx=-1).padding_idx)
