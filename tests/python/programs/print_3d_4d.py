# Nested brackets and blank lines for 3-D and 4-D tensors.
import torch
print(torch.arange(12.).reshape(2, 3, 2))
print(torch.zeros(2, 1, 2, 2))
print(torch.ones(1, 1, 1))
print(torch.arange(2 * 2 * 2 * 3).reshape(2, 2, 2, 3))
