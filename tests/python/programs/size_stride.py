# stride(), storage_offset(), is_contiguous() for views.
import torch
x = torch.arange(12).reshape(3, 4)
print(x.stride(), x.stride(0), x.storage_offset(), x.is_contiguous())
t = x.t()
print(t.stride(), t.is_contiguous(), t.contiguous().stride())
s = x[1:, ::2]
print(s.shape, s.stride(), s.storage_offset(), s.is_contiguous())
print(x.unsqueeze(1).stride(), x.expand(2, 3, 4).stride())
print(x.ndim, x.dim(), x.numel(), x.nelement(), x.element_size())
