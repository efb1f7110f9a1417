# Scientific notation with negatives, mixed magnitudes and integral floats.
import torch
print(torch.tensor([-1e-5, 2e5]))
print(torch.tensor([[1e-6, -1.], [3., 4e4]]))
print(torch.tensor([1e16, 1.]))
print(torch.tensor([1., 1e15]))
print(torch.tensor([0.1, 1e-9]))
print(torch.tensor(1e-5), torch.tensor(123456.), torch.tensor(1e9))
