# What the seed tutorial's README says of copy.deepcopy: of a leaf it keeps
# requires_grad and copies .grad; of a non-leaf it raises.
import copy
import torch
a = torch.tensor([1., 2.], requires_grad=True)
(a * 3).sum().backward()
b = copy.deepcopy(a)
print(b, b.requires_grad, b.is_leaf)
print(b.grad)
b.grad.add_(1)
print(a.grad, b.grad)
c = a * 2
try:
    copy.deepcopy(c)
except RuntimeError as e:
    print(e)
