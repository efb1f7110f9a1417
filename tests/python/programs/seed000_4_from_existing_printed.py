# Seed tutorial 000, snippet 一(四) as it works: randn_like of a float tensor.
import torch
torch.manual_seed(0)
x = torch.tensor([1, 2, 3])
x1 = x.new_tensor([4, 5, 6])  # 新Tensor（復制數據）
x2 = torch.zeros_like(x)       # 形狀相同，全0
print(x1, x2)
try:
    x3 = torch.randn_like(x)
except RuntimeError as e:
    print("RuntimeError:", e)
x3 = torch.randn_like(x.float())
print(x3)
