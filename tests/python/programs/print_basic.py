# print, repr, str of tensors of each dtype and rank.
import torch
print(torch.tensor(3))
print(torch.tensor(3.))
print(torch.tensor(True))
print(torch.tensor([1, 2, 3]))
print(torch.tensor([1., 2., 3.]))
print(torch.tensor([1.5, 2., 3.]))
print(torch.tensor([[1, 2], [3, 4]]))
print(torch.arange(8).reshape(2, 2, 2))
print(repr(torch.tensor([0.1, 0.25])), str(torch.tensor([0.1, 0.25])))
print([torch.tensor(1), torch.tensor([2.])])
print((torch.tensor(1.), torch.tensor(2)))
print({'a': torch.zeros(2)})
