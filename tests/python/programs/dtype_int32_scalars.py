# int32 tensors stay int32 with Python int scalars and become float32 with floats.
import torch
a = torch.arange(4, dtype=torch.int32)
print(a * 3, (a * 3).dtype)
print(a + 0.5)
print(a // 3, a % 3)
print((a / 2).dtype)
print(a.sum().dtype, a.prod().dtype)
print(a.float().dtype, a.double().dtype, a.long().dtype, a.bool())
