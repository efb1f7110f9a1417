# t, T, transpose, permute, mT, movedim, swapaxes.
import torch
x = torch.arange(6).reshape(2, 3)
print(x.t(), x.T, torch.t(x))
y = torch.arange(24).reshape(2, 3, 4)
print(y.transpose(0, 2).shape, y.permute(2, 0, 1).shape, y.permute(0, 2, 1)[0])
print(y.mT.shape, y.movedim(0, -1).shape, y.swapaxes(1, 2).shape, torch.transpose(y, 1, 0).shape)
print(torch.tensor([1, 2]).t())
