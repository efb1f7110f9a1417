# Comparison operators with tensors and scalars on both sides.
import torch
a = torch.tensor([1, 2, 3, 4])
b = torch.tensor([4, 2, 2, 4])
print(a == b, a != b)
print(a < b, a <= b, a > b, a >= b)
print(a == 2, 2 == a, 3 > a, 2.5 < a)
print(torch.eq(a, b), torch.gt(a, 2), a.ne(b), a.le(3.0))
print(torch.equal(a, b), torch.equal(a, a.clone()))
print((a == b).any().item(), (a >= 1).all().item())
