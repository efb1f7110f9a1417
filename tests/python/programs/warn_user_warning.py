# A program that calls warnings.warn itself: stderr has it, stdout continues.
import warnings
import torch
def check(t):
    if t.isnan().any():
        warnings.warn('nan in tensor')
    return t.nan_to_num()
print(check(torch.tensor([1., float('nan')])))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    check(torch.tensor([float('nan')]))
print([str(x.message) for x in w])
