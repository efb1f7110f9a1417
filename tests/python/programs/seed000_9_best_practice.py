# Seed tutorial 000, the closing snippet, verbatim (plus printing the gradient).
import torch
# 正確梯度傳遞示例
x = torch.tensor([1.], requires_grad=True)
y = x.clone() ** 2  # 保留計算圖
y.backward()        # 梯度可回傳到x
print(x.grad)
