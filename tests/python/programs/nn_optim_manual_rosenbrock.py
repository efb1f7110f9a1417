# Every optimizer minimising the Rosenbrock function from the same start.
import torch
import torch.optim as optim
def rosen(p):
    return (1 - p[0]) ** 2 + 100 * (p[1] - p[0] ** 2) ** 2
for name, make in [('SGD', lambda ps: optim.SGD(ps, lr=1e-3, momentum=0.9)), ('Adam', lambda ps: optim.Adam(ps, lr=0.05)),
                   ('AdamW', lambda ps: optim.AdamW(ps, lr=0.05)), ('RMSprop', lambda ps: optim.RMSprop(ps, lr=1e-2)),
                   ('Adagrad', lambda ps: optim.Adagrad(ps, lr=0.5))]:
    p = torch.tensor([-1.0, 1.0], requires_grad=True)
    opt = make([p])
    for _ in range(200):
        opt.zero_grad()
        loss = rosen(p)
        loss.backward()
        opt.step()
    print(f"{name:8s} loss={rosen(p).item():.6f} p={p.detach()}")
