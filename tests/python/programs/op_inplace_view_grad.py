# In-place ops on views of non-leaf tensors are recorded (CopySlices / AsStridedBackward).
import torch
x = torch.tensor([1., 2., 3., 4.], requires_grad=True)
y = x * 1
y[1:3] *= 10
print(y, y.grad_fn.name())
y.sum().backward()
print(x.grad)
z = x.clone()
z.view(2, 2)[0].zero_()
print(z)
z.sum().backward()
print(x.grad)
