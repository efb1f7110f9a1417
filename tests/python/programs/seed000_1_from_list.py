# Seed tutorial 000 (creating and copying tensors), snippet 一(一), verbatim.
import torch# 直接創建Tensor
t1 = torch.tensor([1, 2, 3])          # 整型Tensor
t2 = torch.tensor([[1.0, 2], [3, 4]])  # 浮點型Tensor
