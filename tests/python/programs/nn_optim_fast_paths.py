# The one-crossing paths of a training step (zero_grad, SGD's plain step, backward(), the
# cached .grad object), tried where they must fall back or keep PyTorch's state exactly.
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 2))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(5, 3)

# .grad is one object while the core's grad is the same tensor, across zero_grad and step
model(x).sum().backward()
w = model[0].weight
g = w.grad
print(g is w.grad, w.grad.requires_grad, w.grad.grad_fn)
g.tag = 'mine'
opt.zero_grad()
print(w.grad is g, getattr(w.grad, 'tag', None), w.grad.abs().sum().item())
model(x).sum().backward()
opt.step()
print(w.grad is g, round(w.grad.sum().item(), 4))
print(sorted(len(s) for s in opt.state.values()), [s['momentum_buffer'] for s in opt.state.values()][:1])
print(opt.state_dict()['state'])

# a parameter without a grad: skipped by step, and no state for it
extra = nn.Parameter(torch.ones(2))
opt2 = torch.optim.SGD([extra, model[2].bias], lr=0.5)
opt2.zero_grad()
model(x).sum().backward()
before = model[2].bias.detach().clone()
opt2.step()
print(extra, (before - model[2].bias).tolist())
print(list(opt2.state_dict()['state'].keys()))

# p.grad = None drops the cached object; an assigned grad is the object .grad gives back
w.grad = None
print(w.grad)
mine = torch.full_like(w, 0.5)
w.grad = mine
print(w.grad is mine)
del w.grad
print(w.grad)

# zero_grad on a grad that has a grad_fn (create_graph=True): detached, then zeroed
a = torch.tensor([1., 2.], requires_grad=True)
(a ** 3).sum().backward(create_graph=True)
print(a.grad, a.grad.grad_fn is not None)
opt3 = torch.optim.SGD([a], lr=0.1)
opt3.zero_grad()
print(a.grad, a.grad.grad_fn, a.grad.requires_grad)

# several params with grad_fn grads in one zero_grad, and Module.zero_grad
lin = nn.Linear(2, 2)
lin(torch.ones(1, 2)).pow(2).sum().backward(create_graph=True)
print(lin.weight.grad.grad_fn is not None, lin.bias.grad.grad_fn is not None)
lin.zero_grad()
print(lin.weight.grad, lin.bias.grad)
lin.zero_grad(set_to_none=True)
print(lin.weight.grad, lin.bias.grad)

# momentum: state buffers, then a change of momentum to 0 keeps the old buffer (1.13)
p = nn.Parameter(torch.tensor([1., -1.]))
opt4 = torch.optim.SGD([p], lr=0.1, momentum=0.9)
for _ in range(2):
    opt4.zero_grad()
    (p * p).sum().backward()
    opt4.step()
print(p, opt4.state[p]['momentum_buffer'])
opt4.param_groups[0]['momentum'] = 0
opt4.zero_grad()
(p * p).sum().backward()
opt4.step()
print(p, opt4.state[p]['momentum_buffer'])

# backward() errors: a non-scalar root, a second backward through a freed graph
y = a * 2
try:
    y.backward()
except RuntimeError as e:
    print('RuntimeError', e)
z = (a * a).sum()
z.backward()
try:
    z.backward()
except RuntimeError as e:
    print('RuntimeError', str(e)[:60])

# a hook's own exception comes out of backward() as itself
def bad(grad):
    raise KeyError('from the hook')
b = torch.tensor([1.], requires_grad=True)
b.register_hook(bad)
try:
    (b * 3).sum().backward()
except KeyError as e:
    print('KeyError', e)

# the lr in a group changed between steps is the one used
q = nn.Parameter(torch.tensor([1.]))
opt5 = torch.optim.SGD([q], lr=1.0)
for lr in (1.0, 0.25):
    opt5.param_groups[0]['lr'] = lr
    opt5.zero_grad()
    (q * 2).sum().backward()
    opt5.step()
print(q)

# step under grad mode restores it; step inside no_grad keeps it off
print(torch.is_grad_enabled())
with torch.no_grad():
    opt5.step()
    print(torch.is_grad_enabled())
print(torch.is_grad_enabled())
