# F.gumbel_softmax (soft and hard) under manual_seed, F.leaky_relu(inplace=True) / nn.LeakyReLU(inplace=True)
# (LeakyReluBackward1, the negative-slope backward error), F.leaky_relu_, the *_with_indices pools, and in-place F
# forms handing back the input's own Python object.
import torch, torch.nn as nn, torch.nn.functional as F
torch.manual_seed(0)
x = torch.randn(2, 5, requires_grad=True)
y = F.gumbel_softmax(x, tau=0.5); print(y, y.grad_fn.name())
y2 = F.gumbel_softmax(x, hard=True, dim=0); print(y2, y2.grad_fn.name())
(y * torch.arange(5.)).sum().backward(); print(x.grad)
z = x * 1
w = F.leaky_relu(z, 0.2, inplace=True); print(w is z, w.grad_fn.name(), w)
w.sum().backward(); print(x.grad)
m = nn.Sequential(nn.Linear(5, 3), nn.LeakyReLU(0.2, inplace=True)); print(m, m(x).grad_fn.name())
print(F.leaky_relu_(torch.tensor([-1., 2.]), 0.5))
print(F.max_pool2d_with_indices(torch.randn(1, 1, 4, 4), 2))
print(F.max_pool1d_with_indices(torch.randn(1, 2, 6), 2, stride=1))
print(F.adaptive_max_pool2d_with_indices(torch.randn(1, 1, 4, 4), 2)[1])
print(F.adaptive_max_pool1d_with_indices(torch.randn(1, 2, 6), 3)[1])
a = torch.randn(3, requires_grad=True); b = a * 1
c = F.leaky_relu(b, -0.5, inplace=True)
try: c.sum().backward()
except Exception as e: print(type(e).__name__, e)
for f in [lambda: F.leaky_relu(torch.ones(2, dtype=torch.long), 0.1, inplace=True), lambda: F.leaky_relu(torch.ones(2, requires_grad=True), 0.1, inplace=True)]:
    try: f()
    except Exception as e: print(type(e).__name__, e)
z = torch.randn(3) * 1
print(F.hardtanh(z, inplace=True) is z, F.elu(z, inplace=True) is z, F.relu(z, inplace=True) is z, F.leaky_relu_(z) is z, F.dropout(z, 0.5, True, inplace=True) is z, F.threshold(z, 0.1, 0.0, inplace=True) is z)
