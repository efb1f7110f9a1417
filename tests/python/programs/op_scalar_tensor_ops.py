# 0-d tensors as scalars in ops with dimensioned tensors keep the bigger tensor's dtype.
import torch
x = torch.tensor([1, 2, 3], dtype=torch.int32)
s = torch.tensor(2)
print(x * s, (x * s).dtype)
f = torch.tensor([1., 2.], dtype=torch.float32)
print(f * torch.tensor(2., dtype=torch.float64), (f * torch.tensor(2., dtype=torch.float64)).dtype)
print(torch.tensor(3) * torch.tensor(2.5), torch.tensor(True) + torch.tensor(True))
print(torch.tensor(7) // torch.tensor(2), torch.tensor(7) / torch.tensor(2))
