import numpy as np
import torch
t = torch.ones(2, requires_grad=True)
try:
    t.numpy()
except RuntimeError as e:
    print('RuntimeError:', e)
print(t.detach().numpy())
w = torch.tensor([1.0, 2.0], requires_grad=True)
loss = (w * w).sum()
loss.backward()
g = w.grad.numpy()
print(g, g.dtype)
with torch.no_grad():
    w -= 0.1 * w.grad
print(w.detach().numpy())
x = torch.from_numpy(np.array([1.0, 2.0], dtype=np.float32)).requires_grad_()
(x ** 2).sum().backward()
print(x.grad, x.grad.numpy())
