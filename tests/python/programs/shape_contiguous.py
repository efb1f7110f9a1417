# Views that are not contiguous, contiguous() copies, data_ptr sharing.
import torch
x = torch.arange(12).reshape(3, 4)
t = x.t()
print(t.is_contiguous(), t.contiguous().is_contiguous(), x.contiguous() is x)
print(x.data_ptr() == t.data_ptr(), t.contiguous().data_ptr() == x.data_ptr())
print(x[:, 1].is_contiguous(), x[1].is_contiguous(), x[1:].is_contiguous())
print(torch.zeros(3, 1).expand(3, 4).is_contiguous())
print(t.reshape(12), t.flatten().data_ptr() == x.data_ptr())
