# 2-D tensors with grad_fn and requires_grad suffix placement.
import torch
w = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
print(w)
print(w * 2)
print(w.double())
print(w.sum(0, keepdim=True))
print(torch.tensor([[1, 2], [3, 4]], dtype=torch.int32) + 0)
print(w.detach().int())
