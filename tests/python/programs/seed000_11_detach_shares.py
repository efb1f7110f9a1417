# detach() shares storage: writing into the detached tensor changes the original.
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 2
d = y.detach()
d[0] = 100.
print(y)
print(d.requires_grad, d.data_ptr() == y.data_ptr())
e = x.detach()
e.zero_()
print(x)
