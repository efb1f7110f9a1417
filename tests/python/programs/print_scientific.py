# Scientific notation kicks in for large ranges, large and small values.
import torch
print(torch.tensor([1e-5, 1.]))
print(torch.tensor([1e10, 1.]))
print(torch.tensor([123456789.]))
print(torch.tensor([1e-10]))
print(torch.tensor([0.0001, 0.001]))
print(torch.tensor([1000., 0.1]))
print(torch.tensor([1e8, 1e-8]))
print(torch.tensor([1e3, 1e4, 1e5]))
print(torch.tensor(1e20), torch.tensor(-1e-20))
print(torch.tensor([12345678.]), torch.tensor([1234567.]))
