# optimizer.zero_grad(set_to_none=...) and manual grad handling.
import torch
w = torch.tensor([1., 2.], requires_grad=True)
opt = torch.optim.SGD([w], lr=0.1)
(w ** 2).sum().backward()
print(w.grad)
opt.step()
print(w)
opt.zero_grad()
print(w.grad)
(w ** 2).sum().backward()
opt.zero_grad(set_to_none=True)
print(w.grad)
