# Float formatting: integral floats, mixed, negatives, zeros.
import torch
print(torch.tensor([1., -1., 0.]))
print(torch.tensor([-0.]))
print(torch.tensor([0.5, -0.25, 100.]))
print(torch.tensor([[1.123456, -22.5], [333., 0.]]))
print(torch.tensor([1/3, 2/3]))
print(torch.tensor([100., 200.5]))
print(torch.tensor([[1e-3, 1.]]))
print(torch.tensor([float('nan'), 1.5, float('inf')]))
print(torch.tensor([float('nan'), 1., float('-inf')]))
print(torch.tensor([float('nan')]))
