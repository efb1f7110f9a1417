# retain_grad on intermediates, and grads of a tree of ops.
import torch
a = torch.tensor(2., requires_grad=True)
b = a * 3
b.retain_grad()
c = b ** 2
c.retain_grad()
d = c + b
d.backward()
print(a.grad, b.grad, c.grad, d.grad)
print(a.is_leaf, b.is_leaf, d.is_leaf)
