# Horner's rule, polyval with powers, and roots by bisection.
import torch
coef = torch.tensor([1., -6., 11., -6.])
def horner(c, x):
    r = torch.zeros_like(x)
    for k in c:
        r = r * x + k
    return r
x = torch.linspace(0, 4, 9)
print(horner(coef, x))
print((coef.flip(0) * x.unsqueeze(1) ** torch.arange(4)).sum(1))
lo, hi = torch.tensor(0.5), torch.tensor(1.5)
for _ in range(30):
    mid = (lo + hi) / 2
    if horner(coef, mid) * horner(coef, lo) > 0:
        lo = mid
    else:
        hi = mid
print(f"{mid.item():.6f}")
