# x += 1 on a leaf that requires grad: caught, then allowed under no_grad.
import torch
w = torch.tensor([1., 2.], requires_grad=True)
try:
    w += 1
except RuntimeError as e:
    print(e)
try:
    w.mul_(2)
except RuntimeError as e:
    print(e)
print(w)
with torch.no_grad():
    w += 1
print(w, w.requires_grad, w.grad_fn)
y = w * 2
y += 1
print(y)
