# A Jacobian row by row with autograd.grad and retain_graph; and torch.autograd.functional.
import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = torch.stack([x[0] * x[1], x[0] ** 2 + x[1]])
rows = [torch.autograd.grad(y[i], x, retain_graph=True)[0] for i in range(2)]
print(torch.stack(rows))
from torch.autograd.functional import jacobian, hessian
print(jacobian(lambda t: torch.stack([t[0] * t[1], t[0] ** 2 + t[1]]), torch.tensor([1., 2.])))
print(hessian(lambda t: (t ** 3).sum(), torch.tensor([1., 2.])))
