# x.T of a 3-D tensor warns (to stderr) but works; stdout has the shape.
import torch
x = torch.zeros(2, 3, 4)
print(x.T.shape)
print(x.mT.shape, x.permute(2, 1, 0).shape)
