# Minimising the Rosenbrock function with torch.optim.Adam and SGD.
import torch
def rosen(p):
    return (1 - p[0]) ** 2 + 100 * (p[1] - p[0] ** 2) ** 2
for opt_cls, kw in [(torch.optim.SGD, dict(lr=1e-3, momentum=0.9)), (torch.optim.Adam, dict(lr=0.05))]:
    p = torch.tensor([-1.5, 2.0], requires_grad=True)
    opt = opt_cls([p], **kw)
    for i in range(500):
        opt.zero_grad()
        loss = rosen(p)
        loss.backward()
        opt.step()
    print(opt_cls.__name__, [round(v, 3) for v in p.tolist()], f"{rosen(p).item():.5f}")
