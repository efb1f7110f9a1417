# == is elementwise; `is`, equal() and allclose() compare whole tensors.
import torch
a = torch.tensor([1., 2.])
b = torch.tensor([1., 2.])
print(a == b, a is b, torch.equal(a, b), torch.allclose(a, b + 1e-9))
print(torch.allclose(torch.tensor([1.0]), torch.tensor([1.001]), atol=1e-2))
print(torch.isclose(torch.tensor([1., 2.]), torch.tensor([1.0000001, 2.1])))
print(a in [b] if False else any(x is a for x in [b, a]))
print([a] == [a])
