# Seed tutorial 004, section 二.4, verbatim but for the line breaks and indentation the
# page lost inside grad_check.
import torch
def grad_check():
    x = torch.tensor(3.0, requires_grad=True)
    y = x ** 2
    # 理论梯度
    y.backward()
    analytic_grad = x.grad.item()
    # 数值梯度（修正：使用 x.item() 而非硬编码 3.0）
    eps = 1e-5
    y1 = (x.item() + eps) ** 2
    y2 = (x.item() - eps) ** 2
    numeric_grad = (y1 - y2) / (2 * eps)
    print(f"解析梯度: {analytic_grad:.6f}, 数值梯度: {numeric_grad:.6f}")
    assert abs(analytic_grad - numeric_grad) < 1e-6
# 调用函数
grad_check()
