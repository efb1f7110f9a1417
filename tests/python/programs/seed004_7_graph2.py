# Seed tutorial 004, section 二.1, example 2, verbatim but for the line breaks the page
# lost before "z.backward()" and "print(x.grad)".
import torch
# 创建需要跟踪梯度的张量
x = torch.tensor(2.0, requires_grad=True)
# 定义一个函数 y = x**3 + 2*x + 1
y = x**3 + 2*x + 1
# 再进行函数
z = torch.sin(y)
z.backward()  # 反向传播自动计算梯度
print(x.grad)  # dz/dx = dz/dy * dy/dx = cos(y)*(3x²+2)
