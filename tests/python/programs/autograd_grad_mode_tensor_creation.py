# Tensors created under no_grad from leaves do not require grad; requires_grad propagates.
import torch
w = torch.ones(2, requires_grad=True)
with torch.no_grad():
    v = w + 1
    u = w.clone()
print(v.requires_grad, u.requires_grad)
k = torch.zeros(2) + w
print(k.requires_grad, k.grad_fn.name())
print((torch.zeros(2) * 3).requires_grad)
