# Bitwise and shift operators on integers.
import torch
a = torch.tensor([12, 10, 7])
b = torch.tensor([10, 6, 1])
print(a & b, a | b, a ^ b)
print(a << 1, a >> 1)
print(a & 3, 5 | a, a ^ 1)
print(torch.bitwise_and(a, b), torch.bitwise_not(a))
