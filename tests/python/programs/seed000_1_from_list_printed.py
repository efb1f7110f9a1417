# Seed tutorial 000, snippet 一(一), with its results printed.
import torch# 直接創建Tensor
t1 = torch.tensor([1, 2, 3])          # 整型Tensor
t2 = torch.tensor([[1.0, 2], [3, 4]])  # 浮點型Tensor
print(t1, t1.dtype)
print(t2, t2.dtype)
