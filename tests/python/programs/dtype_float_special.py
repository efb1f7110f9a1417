# inf, -inf and nan in data, arithmetic and predicates.
import torch
t = torch.tensor([1., float('inf'), float('-inf'), float('nan'), 0.])
print(t)
print(t * 0, 1 / t)
print(torch.isnan(t), torch.isinf(t), torch.isfinite(t))
print(t.nan_to_num(), torch.nan_to_num(t, nan=0.0, posinf=9.0, neginf=-9.0))
print(torch.tensor([1., 0., -1.]) / 0)
print(torch.tensor(float('nan')) == torch.tensor(float('nan')))
print(t.max(), t.nansum() if hasattr(t, 'nansum') else None)
