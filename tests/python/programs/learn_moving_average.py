# Moving averages with unfold, cumsum and conv1d.
import torch
import torch.nn.functional as F
x = torch.tensor([1., 3., 2., 5., 4., 6., 8., 7.])
print(x.unfold(0, 3, 1).mean(1))
c = torch.cat([torch.zeros(1), x.cumsum(0)])
print((c[3:] - c[:-3]) / 3)
print(F.conv1d(x.view(1, 1, -1), torch.full((1, 1, 3), 1 / 3)).flatten())
ema = torch.zeros_like(x)
ema[0] = x[0]
for i in range(1, len(x)):
    ema[i] = 0.5 * x[i] + 0.5 * ema[i - 1]
print(ema)
