# Indexing with 0-d tensors and Python bools and ints mixed.
import torch
x = torch.arange(10)
i = torch.tensor(3)
print(x[i], x[i:], x[:i + 2])
m = torch.arange(9).reshape(3, 3)
print(m[i - 1], m[torch.tensor(1), torch.tensor(2)])
print(x[True].shape, x[False].shape, m[None, 1, True].shape if False else m[None, 1].shape)
