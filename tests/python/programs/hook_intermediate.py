# A hook on an intermediate tensor and retain_grad.
import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 3
y.retain_grad()
grads = []
y.register_hook(grads.append)
z = (y ** 2).sum()
z.backward()
print(grads)
print(y.grad, x.grad)
print(y.is_leaf, y.retains_grad if hasattr(y, 'retains_grad') else True)
