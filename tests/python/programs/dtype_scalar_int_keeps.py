# x * 2 keeps int64, x * 2.0 promotes to float32, int / int is true division.
import torch
x = torch.tensor([1, 2, 3])
print(x * 2, (x * 2).dtype)
print(x * 2.0, (x * 2.0).dtype)
print(x + 1, x - 1, x // 2, x % 2)
print(x / 2, (x / 2).dtype)
print(x / x)
print(x ** 2, x ** 0.5)
print(x + True, (x + True).dtype)
