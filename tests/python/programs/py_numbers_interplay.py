# Python numbers from tensors in Python arithmetic keep Python semantics.
import torch
t = torch.tensor(7)
n = t.item()
print(n // 2, n / 2, n % 3, -n // 2, type(n / 2).__name__)
f = torch.tensor(0.1).item()
print(f + 0.2, f * 3, round(f, 3))
print(t + 0.5, 0.5 + t, t * True)
print(int(t) + 1, float(t) / 2, bool(t))
print(max(3, torch.tensor(5).item()), abs(torch.tensor(-2.5)).item())
