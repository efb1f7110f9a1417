# int64 arithmetic wraps like C; huge Python ints overflow the argument parser.
import torch
big = torch.tensor([2**62])
print(big * 2)
print(torch.tensor([2**63 - 1]) + 1)
try:
    torch.tensor([2**64])
except RuntimeError as e:
    print('RuntimeError:', e)
try:
    torch.ones(2, dtype=torch.int64) * 2**70
except RuntimeError as e:
    print('RuntimeError:', e)
