# A float tensor cannot be used as a Python list index.
import torch
items = ['a', 'b', 'c']
print(items[torch.tensor(1)])
print(items[torch.tensor(1.)])
