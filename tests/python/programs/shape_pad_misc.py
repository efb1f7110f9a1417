# F.pad and nn.functional shape helpers.
import torch
import torch.nn.functional as F
x = torch.arange(4.).reshape(2, 2)
print(F.pad(x, (1, 1)))
print(F.pad(x, (0, 1, 2, 0), value=-1.))
print(F.pad(x.view(1, 1, 2, 2), (1, 1, 1, 1), mode='replicate'))
print(F.pad(x.view(1, 1, 2, 2), (1, 1, 1, 1), mode='reflect') if False else F.pad(x.view(1, 2, 2), (1, 1), mode='reflect'))
