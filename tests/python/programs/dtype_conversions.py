# to(dtype), type(), and the conversion shorthands, with truncation and rounding.
import torch
f = torch.tensor([-1.7, -0.5, 0.5, 1.5, 2.9])
print(f.to(torch.int64), f.long(), f.int())
print(f.to(torch.bool), torch.tensor([0., 0.1]).bool())
print(f.type(torch.float64))
print(f.type())
print(torch.tensor([1, 0, 2]).to(torch.float32))
print(f.to(dtype=torch.float64).dtype)
print(f.to(torch.float32) is f, f.float() is f)
print(torch.tensor([300]).to(torch.int32))
