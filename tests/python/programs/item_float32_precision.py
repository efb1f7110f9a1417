# float32 values as Python floats show float32 rounding.
import torch
x = torch.tensor([0.1, 1.1, 3.14159265, 1e-8, 123456789.0])
print(x.tolist())
for v in x:
    print(v.item(), f"{v.item():.10f}", f"{v:.3f}" if False else f"{float(v):.3f}")
print(torch.tensor(16777217.).item())
