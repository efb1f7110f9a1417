# Gradients flow through views and shape ops.
import torch
x = torch.arange(6.).requires_grad_()
y = x.view(2, 3).t().reshape(3, 2)[1:] * torch.tensor([[1., 2.], [3., 4.]])
y.sum().backward()
print(x.grad)
x.grad = None
z = torch.cat([x[:2], x[4:]]).unsqueeze(0).expand(3, 4)
z.sum().backward()
print(x.grad)
x.grad = None
torch.stack([x, x * 2]).permute(1, 0).flatten().sum().backward()
print(x.grad)
