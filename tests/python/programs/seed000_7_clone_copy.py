# Seed tutorial 000, snippet 二(二), verbatim but for the line break the page lost
# before "y.backward()": z is a leaf that requires grad, so z.copy_(x) raises in
# PyTorch 1.13 and the program ends there.
import torch
# 示例：梯度傳遞對比
x = torch.tensor([1.], requires_grad=True)
y = x.clone()
z = torch.tensor([2.], requires_grad=True)
z.copy_(x)  # 覆蓋z的值
y.backward()  # 正常回傳梯度到x
# z.backward() # 報錯！copy_()破壞計算圖
