# Slices with starts, stops and steps.
import torch
x = torch.arange(10)
print(x[2:5], x[:3], x[7:], x[::2], x[1::3], x[-3:], x[:-3], x[-5:-1:2])
print(x[5:2], x[100:], x[:100].shape)
m = torch.arange(20).reshape(4, 5)
print(m[1:3, ::2])
print(m[:, 1])
print(m[::2, ::-1] if False else m[::2, 1:4:2])
print(m[:, -1:])
