# Seed tutorial 004 (tensor basics), section 一.1, verbatim (seeded so that the random
# matrix it prints is fixed).
import torch
torch.manual_seed(0)
import torch# 创建张量
a = torch.tensor([1, 2, 3])  # 从列表中创建
print(a)
b = torch.zeros(2, 3)   # 2*3零矩阵
print(b)
c = torch.ones_like(b)   # 与b同形的全1矩阵
print(c)
d = torch.rand(3, 4)  # 3*4随机矩阵
print(d)
e = torch.arange(0, 10, 2)  # [0,2,4,6,8]
print(e)# 关键属性查看
print(f"形状: {d.shape}")  # torch.Size([3, 4])
print(f"数据类型：{d.dtype}")  # torch.float32
print(f"存储设备: {d.device}") # cpu 或 cuda:0
