# len() and iteration of a 0-d tensor are TypeErrors.
import torch
s = torch.tensor(3.)
try:
    len(s)
except TypeError as e:
    print('len:', e)
try:
    for v in s:
        pass
except TypeError as e:
    print('iter:', e)
print(s.dim(), s.numel(), s.shape)
