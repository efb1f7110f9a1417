# Embedding lookups, from_pretrained, gradients into the rows used.
import torch
import torch.nn as nn
torch.manual_seed(0)
emb = nn.Embedding(10, 3)
idx = torch.tensor([[1, 2, 4, 5], [4, 3, 2, 9]])
print(emb(idx))
weight = torch.tensor([[1, 2.3, 3], [4, 5.1, 6.3]])
pre = nn.Embedding.from_pretrained(weight)
print(pre(torch.tensor([1])), pre.weight.requires_grad)
emb(torch.tensor([1, 1, 3])).sum().backward()
print(emb.weight.grad)
try:
    emb(torch.tensor([10]))
except IndexError as e:
    print('IndexError:', e)
