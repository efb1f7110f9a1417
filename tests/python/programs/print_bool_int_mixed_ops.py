# Printed results of comparisons chained into arithmetic.
import torch
x = torch.tensor([-1., 0., 2.])
print((x > 0) * 1, (x > 0) * 1.0, (x > 0) + (x < 0), (x > 0).sum() + 0.5)
print(torch.where(x > 0, 1, -1), torch.where(x > 0, 1.0, 0.0))
print(x.sign() * (x != 0))
