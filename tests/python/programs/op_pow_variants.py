# Powers with scalar and tensor exponents, negative bases, int overflow-free cases.
import torch
x = torch.tensor([-2., -1., 0., 1., 2.])
print(x ** 2, x ** 3, x ** 0.5)
print(x.pow(2), torch.pow(2, x), torch.pow(x, torch.tensor([1., 2., 3., 4., 5.])))
i = torch.tensor([2, 3])
print(i ** 2, i ** torch.tensor([3, 2]), i.pow(0))
try:
    print(i ** -1)
except RuntimeError as e:
    print('RuntimeError:', e)
print(torch.tensor(0.) ** 0)
