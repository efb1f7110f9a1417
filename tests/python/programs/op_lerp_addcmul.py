# lerp, addcmul, addcdiv, and alpha on add/sub.
import torch
a = torch.tensor([1., 2., 3.])
b = torch.tensor([10., 20., 30.])
print(torch.lerp(a, b, 0.5), a.lerp(b, torch.tensor([0., 0.5, 1.])))
print(torch.addcmul(a, a, b, value=0.1), torch.addcdiv(a, b, a, value=2))
print(torch.add(a, b, alpha=2), torch.sub(b, a, alpha=3), a.sub(1, alpha=2))
print(torch.mul(a, 2), torch.div(b, a), torch.true_divide(b, 4))
