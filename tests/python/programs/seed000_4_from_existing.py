# Seed tutorial 000, snippet 一(四), verbatim: randn_like of an int64 tensor raises in
# PyTorch 1.13, so the program ends in that exception.
import torch
x = torch.tensor([1, 2, 3])
x1 = x.new_tensor([4, 5, 6])  # 新Tensor（復制數據）
x2 = torch.zeros_like(x)       # 形狀相同，全0
x3 = torch.randn_like(x)       # 形狀相同，隨機值
