# .grad of a non-leaf is None (with a warning on stderr); retain_grad makes it available.
import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 2
z = y.sum()
z.backward()
print(y.grad)
print(x.grad)
