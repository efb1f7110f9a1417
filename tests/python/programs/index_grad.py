# Gradients through indexing: slices, index tensors, masks, and assignment (CopySlices).
import torch
x = torch.arange(1., 7.).reshape(2, 3).requires_grad_()
y = x[0, 1:] * 2 + x[[1, 1], [0, 0]].sum() + x[x > 5].sum()
y.sum().backward()
print(x.grad)
a = torch.tensor([1., 2., 3.], requires_grad=True)
b = a * 1
b[1] = 10.
print(b, b.grad_fn.name())
b.sum().backward()
print(a.grad)
