# Unary -, +, ~ and abs().
import torch
x = torch.tensor([-2., 0., 3.5])
print(-x, +x, abs(x))
i = torch.tensor([-2, 0, 5])
print(-i, ~i, abs(i))
b = torch.tensor([True, False])
print(~b)
try:
    -b
except RuntimeError as e:
    print('RuntimeError:', e)
try:
    ~x
except TypeError as e:
    print('TypeError:', e)
except RuntimeError as e:
    print('RuntimeError:', e)
