# requires_grad=True and grad_fn=<...> in the printed text.
import torch
x = torch.tensor([1., 2.], requires_grad=True)
print(x)
print(x * 2)
print(x.sum())
print(x.mean(), x.max(), x[0], x.view(2, 1))
print((x * 2).detach(), x.exp(), x @ x, torch.cat([x, x]))
print(x.to(torch.float64))
print(torch.tensor([1., 2.], dtype=torch.float64, requires_grad=True))
