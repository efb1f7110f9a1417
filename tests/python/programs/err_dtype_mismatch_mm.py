# Matrix product of mismatched dtypes: RuntimeError.
import torch
a = torch.ones(2, 2)
b = torch.ones(2, 2, dtype=torch.float64)
try:
    a @ b
except RuntimeError as e:
    print(e)
try:
    torch.ones(2, dtype=torch.int64).dot(torch.ones(2))
except RuntimeError as e:
    print(e)
torch.mm(torch.ones(2, 2, dtype=torch.int64), a)
