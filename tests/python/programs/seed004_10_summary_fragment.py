# Seed tutorial 004, the two lines above its summary table, verbatim, after the
# optimizer they refer to.
import torch
import torch.optim as optim
x = torch.tensor(2.0, requires_grad=True)
optimizer = optim.SGD([x], lr=0.01)
(x * 3).backward()
print(x.grad)
optimizer.zero_grad()  # 训练循环中必须的操作
torch.no_grad() # 梯度清零
print(x.grad)
