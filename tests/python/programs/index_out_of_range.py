# Out-of-range integer index: IndexError with PyTorch's message.
import torch
x = torch.arange(6).reshape(2, 3)
try:
    x[2]
except IndexError as e:
    print('IndexError:', e)
try:
    x[0, 5]
except IndexError as e:
    print('IndexError:', e)
try:
    x[[0, 3]]
except IndexError as e:
    print('IndexError:', e)
try:
    x[0, 0, 0]
except IndexError as e:
    print('IndexError:', e)
print(x[1, -3])
x[-3]
