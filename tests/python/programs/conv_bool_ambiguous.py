# bool() of a many-element tensor is ambiguous: the program ends in that RuntimeError.
import torch
x = torch.tensor([1, 2, 3])
try:
    if x:
        pass
except RuntimeError as e:
    print('caught:', e)
if x > 1:
    print('unreachable')
