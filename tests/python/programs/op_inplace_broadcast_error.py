# In-place ops cannot grow the left operand.
import torch
a = torch.zeros(3)
b = torch.ones(2, 3)
print(b.add_(a))
try:
    a.add_(b)
except RuntimeError as e:
    print(e)
print(a)
