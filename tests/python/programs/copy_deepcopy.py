# copy.deepcopy of tensors, lists of tensors and dicts; copy.copy.
import copy
import torch
a = torch.tensor([1., 2., 3.])
b = copy.deepcopy(a)
b[0] = 9
print(a, b)
lst = [a, a]
lst2 = copy.deepcopy(lst)
lst2[0][1] = 7
print(lst2[1], lst2[0] is lst2[1], a)
d = copy.deepcopy({'w': torch.ones(2, requires_grad=True), 'n': 3})
print(d)
c = copy.copy(a)
c[2] = -1
print(a, c)
v = a[1:]
vv = copy.deepcopy(v)
print(vv, vv.shape, vv.storage_offset() if False else 'copied')
