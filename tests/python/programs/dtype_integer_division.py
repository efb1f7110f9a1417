# Floor division and remainder follow Python's signs; true division floats.
import torch
a = torch.tensor([7, -7, 7, -7])
b = torch.tensor([2, 2, -2, -2])
print(a // b, a % b)
print(torch.div(a, b), torch.div(a, b, rounding_mode='trunc'), torch.div(a, b, rounding_mode='floor'))
print(torch.fmod(a, b), torch.remainder(a, b))
print(torch.tensor([7., -7.]) // 2, torch.tensor([7.5, -7.5]) % 2)
print(7 // torch.tensor([2, -2]), 7 % torch.tensor([2, -2]))
