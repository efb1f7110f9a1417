# Printing dtypes, devices and shapes, alone and in containers.
import torch
t = torch.zeros(2, 3)
print(t.dtype, t.device, t.shape, t.size())
print([t.dtype, t.device, t.shape])
print(repr(t.dtype), repr(t.device), repr(t.shape))
print(str(t.device), t.device.type, t.device.index)
print(torch.device('cpu'), torch.device('cpu', 0), repr(torch.device('cpu')))
print(torch.device('cpu') == t.device, torch.device('cuda:0'), torch.device('cuda', 1).index)
print(f"{t.dtype} on {t.device} with {t.shape}")
print({t.dtype: 1})
