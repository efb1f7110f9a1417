# Seed tutorial 004, the four step-by-step fragments after grad_check, verbatim, in order.
import torch
x = torch.tensor(3.0, requires_grad=True)
y = x ** 2
y.backward()
analytic_grad = x.grad.item()

eps = 1e-5
y1 = (x.item() + eps) ** 2
y2 = (x.item() - eps) ** 2
numeric_grad = (y1 - y2) / (2 * eps)

print(f"解析梯度: {analytic_grad:.6f}, 数值梯度: {numeric_grad:.6f}")
assert abs(analytic_grad - numeric_grad) < 1e-6
print(analytic_grad, numeric_grad)
