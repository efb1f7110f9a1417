# Seed tutorial 004, section 二.3, verbatim but for the line breaks the page lost after
# each trailing comment. The second loss.backward() raises in PyTorch 1.13 (the graph
# was freed by the first), so the program ends there; the tutorial's "tensor(12.)" is
# really tensor(-18.).
import torch
import torch.optim as optim
# 初始化参数
x = torch.tensor(2.0, requires_grad=True)
w = torch.tensor(3.0, requires_grad=True)
b = torch.tensor(1.0, requires_grad=True)
# 创建优化器
optimizer = optim.SGD([x, w, b], lr=0.01)
# 1. 梯度累积清零
optimizer.zero_grad()  # 训练循环中必须的操作
print(f"初始梯度 x.grad: {x.grad}")  # 输出: None
# 前向传播
y = x * w + b
loss = (y - 10)**2  # 假设目标值为10
# 反向传播
loss.backward()
print(f"第一次反向传播后 x.grad: {x.grad}")  # 输出: tensor(12.)
# 再次反向传播（梯度会累积）
loss.backward()
print(f"第二次反向传播后 x.grad: {x.grad}")  # 输出: tensor(24.)
