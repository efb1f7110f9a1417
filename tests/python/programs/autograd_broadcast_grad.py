# Broadcast operands get gradients summed back to their shape.
import torch
a = torch.ones(3, 1, requires_grad=True)
b = torch.ones(1, 4, requires_grad=True)
c = torch.ones(4, requires_grad=True)
((a * b + c) * torch.arange(12.).reshape(3, 4)).sum().backward()
print(a.grad)
print(b.grad)
print(c.grad)
