# SGD with momentum by hand matches torch.optim.SGD.
import torch
def f(p):
    return (p ** 2 * torch.tensor([1., 10.])).sum()
p1 = torch.tensor([1., 1.], requires_grad=True)
p2 = torch.tensor([1., 1.], requires_grad=True)
opt = torch.optim.SGD([p2], lr=0.05, momentum=0.9)
buf = torch.zeros(2)
for i in range(20):
    g, = torch.autograd.grad(f(p1), p1)
    with torch.no_grad():
        buf = 0.9 * buf + g if i else g.clone()
        p1 -= 0.05 * buf
    opt.zero_grad()
    f(p2).backward()
    opt.step()
print(p1, p2, torch.allclose(p1, p2))
