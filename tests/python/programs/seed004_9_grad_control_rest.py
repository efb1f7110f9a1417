# Seed tutorial 004, section 二.3 from "梯度清零" on, verbatim but for the lost line
# breaks and the try block's indentation, after a first backward with retain_graph=True
# so the second one accumulates (-18 then -36).
import torch
import torch.optim as optim
x = torch.tensor(2.0, requires_grad=True)
w = torch.tensor(3.0, requires_grad=True)
b = torch.tensor(1.0, requires_grad=True)
optimizer = optim.SGD([x, w, b], lr=0.01)
optimizer.zero_grad()
y = x * w + b
loss = (y - 10)**2
loss.backward(retain_graph=True)
print(f"第一次反向传播后 x.grad: {x.grad}")
loss.backward()
print(f"第二次反向传播后 x.grad: {x.grad}")
# 梯度清零
optimizer.zero_grad()
print(f"optimizer.zero_grad() 后 x.grad: {x.grad}")  # 输出: tensor(0.)
# 2. 冻结梯度
with torch.no_grad():z = x * 2  # 不会追踪计算历史
print(f"z.requires_grad: {z.requires_grad}")  # 输出: False
# 3. 分离计算图
a = x * w
detached = a.detach()  # 创建无梯度关联的副本
print(f"detached.requires_grad: {detached.requires_grad}")  # 输出: False
# 4. 修改requires_grad
x.requires_grad_(False)  # 关闭梯度追踪
print(f"修改后 x.requires_grad: {x.requires_grad}")  # 输出: False
# 验证修改后的效果
try:
    y = x ** 2
    y.backward()  # 会报错，因为x.requires_grad=False
except RuntimeError as e:
    print(f"错误: {e}")  # 输出: element 0 of tensors does not require grad and does not have a grad_fn
