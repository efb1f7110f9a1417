# Welford's running mean and variance over a stream of tensors.
import torch
torch.manual_seed(0)
n, mean, m2 = 0, torch.zeros(3), torch.zeros(3)
batches = [torch.randn(3) for _ in range(50)]
for x in batches:
    n += 1
    d = x - mean
    mean += d / n
    m2 += d * (x - mean)
var = m2 / (n - 1)
s = torch.stack(batches)
print(torch.allclose(mean, s.mean(0), atol=1e-6), torch.allclose(var, s.var(0), atol=1e-5))
print(mean, var)
