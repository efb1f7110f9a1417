# Seed tutorial 000, snippet 一(三), verbatim (seeded so the printed values are fixed).
import torch
torch.manual_seed(0)
zeros = torch.zeros(2, 3)      # 全0矩陣
ones = torch.ones(2, 3)       # 全1矩陣
rand = torch.rand(2, 3)        # [0,1)均勻分布
randn = torch.randn(2, 3)      # 標準正態分布
arange = torch.arange(0, 10, 2) # 0-10步長為2
print(zeros)
print(ones)
print(rand)
print(randn)
print(arange)
