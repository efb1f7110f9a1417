# Devices: cpu only, .to(device), torch.cuda.is_available(), device= keywords.
import torch
print(torch.cuda.is_available(), torch.cuda.device_count())
device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
x = torch.ones(2, device=device)
print(x.device, x.is_cuda, x.device.type)
y = x.to(torch.device('cpu'))
print(y is x, y.device)
z = x.to('cpu', torch.float64)
print(z.dtype, z.device)
print(x.cpu() is x, x.to(device=device, dtype=torch.int64))
print(torch.zeros(2, device='cpu'), torch.tensor([1], device=torch.device('cpu')).device)
print(x.to(x), x.to(torch.zeros(1, dtype=torch.int32)).dtype)
