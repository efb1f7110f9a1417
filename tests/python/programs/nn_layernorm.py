# LayerNorm over the last dimensions, with and without affine parameters.
import torch
import torch.nn as nn
torch.manual_seed(0)
x = torch.randn(2, 3, 4)
ln = nn.LayerNorm(4)
print(ln(x)[0])
ln2 = nn.LayerNorm([3, 4], elementwise_affine=False)
print(ln2(x)[1])
with torch.no_grad():
    ln.weight.fill_(2.0)
    ln.bias.fill_(0.5)
print(ln(x)[0, 0])
print(ln.weight.shape, ln.normalized_shape)
