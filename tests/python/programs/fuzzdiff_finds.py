# Finds of the differential tester's new seeds (make fuzz-diff), each as PyTorch 1.13 behaves
import torch
import torch.nn.functional as F


def attempt(what, f):
    try:
        print(what, f())
    except Exception as e:
        print(what, type(e).__name__, str(e))


x = torch.tensor([[-0.1205, 0.75], [2.44, -1.1177], [1.13, 3.5], [2.13, -2.75]])
print(x.sum(0, dtype=torch.bool), x.prod(0, dtype=torch.bool), x.sum(dtype=torch.bool))
print(torch.tensor([0.5, 0.25]).prod(dtype=torch.bool), torch.tensor([2**32, 2**32]).prod(dtype=torch.bool))

t = torch.tensor([[2.48], [0.75], [1.9364], [1.0]], dtype=torch.float64, requires_grad=True)
(t.trace().exp() * 0.75).sum().backward()
print(t.grad)
w = torch.ones(2, 3, requires_grad=True)
w.trace().backward()
print(w.grad)

s = torch.tensor([0.5, 0.2, -1.0, 3.0], requires_grad=True)
g, = torch.autograd.grad(F.softplus(s, beta=2, threshold=1).sum(), s, create_graph=True)
g = g * 1  # (tensorpad names the gradient's own node WhereBackward0, 1.13 SoftplusBackwardBackward0: known)
g.sin().mul(s).sum().backward()
print(g, s.grad)

m = torch.tensor([1.55, float('inf'), float('inf'), -1.0], requires_grad=True)
y = torch.tensor([1.0, -0.0122572, -1.43, 0.5])
F.soft_margin_loss(m, y, reduction='none').mul(torch.tensor([0.0, 0.0, 1.0, 2.0])).sum().backward()
print(m.grad)
m.grad = None
F.soft_margin_loss(m, y).backward()
print(m.grad)

for n in [5, 16, 17]:
    v = [3.0 if i % 3 == 0 else float('nan') if i % 3 == 1 else -0.25 for i in range(n)]
    a = torch.tensor(v, requires_grad=True)
    F.hardswish(a).backward(torch.full((n,), 13.0))
    b = torch.tensor(v, requires_grad=True)
    F.relu6(b).backward(torch.full((n,), 13.0))
    print(n, a.grad, b.grad)

h = torch.tensor([[1.5, -2.0, 0.0], [3.0, 4.0, 5.0]], dtype=torch.float64, requires_grad=True)
h.norm(0).exp().sum().backward()
print(h.grad)
print(torch.autograd.grad(h.norm(0), h, allow_unused=True))

base = torch.tensor([0.125, -0.09, 2.25, 1.26, -1.98, -1.885], requires_grad=True).reshape(3, 2) * 1.5
base[:, ::2].mul_(torch.tensor([[0.0], [-1.87], [-1.5]], dtype=torch.float64))
base.sum().backward()
print(base.grad_fn.name() if hasattr(base.grad_fn, 'name') else base.grad_fn)

attempt('meshgrid 2-D', lambda: torch.meshgrid(torch.tensor([[1.5, 2.25], [-3.0, 4.0]]), indexing='ij'))
attempt('meshgrid bool', lambda: torch.meshgrid(torch.ones(2, 2, dtype=torch.bool), indexing='ij'))
attempt('meshgrid 3-D', lambda: torch.meshgrid(torch.arange(12).reshape(2, 3, 2) * 1000, indexing='ij'))
attempt('meshgrid scaled', lambda: torch.meshgrid(torch.tensor([[123456.5, 2.5], [3.0, 4.0]]), indexing='ij'))
attempt('meshgrid wide', lambda: torch.meshgrid(torch.arange(40.0).reshape(2, 20) / 7, indexing='ij'))
attempt('index_select empty', lambda: torch.empty(1, 2, 2, 0).index_select(0, torch.tensor([0])).shape)
attempt('index_select empty out', lambda: torch.empty(2, 0).index_select(0, torch.tensor([5])))
attempt('index_select empty dim', lambda: torch.empty(0, 3).index_select(0, torch.tensor([0])))
attempt('cummin 0-d', lambda: torch.tensor(-2.91).cummin(5))
attempt('cumsum 0-d', lambda: torch.tensor(-2.91).cumsum(5))
attempt('unflatten 0-d', lambda: torch.tensor(7).unflatten(-1, (1, -1)))
attempt('repeat_interleave 0-d', lambda: torch.repeat_interleave(torch.tensor(-0.5), 2, -1))
attempt('repeat_interleave 0-d t', lambda: torch.repeat_interleave(torch.tensor(-0.5), torch.tensor([2]), 0))
attempt('floor_divide number', lambda: torch.floor_divide(False, torch.tensor([10, -8], dtype=torch.int32)))
attempt('floor_divide 2', lambda: torch.floor_divide(2, torch.tensor([10, -8])))
attempt('sub bool alpha', lambda: torch.tensor([True, True]).sub(torch.tensor(10), alpha=1.5))
attempt('add alpha shapes', lambda: torch.ones(2, dtype=torch.int64).add(torch.ones(3, dtype=torch.int64), alpha=1.5))
attempt('expand bool', lambda: torch.ones(2, dtype=torch.bool).expand([]))
attempt('embedding bool', lambda: F.embedding(torch.tensor([True]), torch.ones(3, 2)))
attempt('addcmul_ cast', lambda: torch.ones(3).addcmul_(torch.ones(3, dtype=torch.float64), torch.ones(3)))
attempt('addcdiv_ cast', lambda: torch.ones(3, dtype=torch.int32).addcdiv_(torch.ones(3), torch.ones(3)))
attempt('addcmul_ int', lambda: torch.ones(3, dtype=torch.int32).addcmul_(torch.ones(3, dtype=torch.int64), torch.ones(3, dtype=torch.int64)))
attempt('addcmul_ ok', lambda: torch.ones(3, dtype=torch.float64).addcmul_(torch.ones(3), torch.ones(3), value=2))
attempt('amin', lambda: torch.empty(2, 0).amin(-1))
attempt('amax dims', lambda: torch.empty(2, 0).amax((0, -1)))
attempt('max dim', lambda: torch.empty(2, 0).max(-1))
attempt('nanmedian', lambda: torch.empty(0, dtype=torch.int32).nanmedian(-1))
attempt('aminmax', lambda: torch.empty(0, 3).aminmax(dim=0))
u = torch.tensor([float('nan'), 1.0, float('nan'), 2.0, 1.0, float('nan')])
print(torch.unique(u, sorted=False, return_inverse=True, return_counts=True))
print(torch.unique(u, return_inverse=True, return_counts=True))
print(torch.unique(torch.full((3000,), float('nan'))).shape)
attempt('select 0-d', lambda: torch.tensor(1.0).select(0, 0))
attempt('argmax empty', lambda: torch.empty(0).argmax())
attempt('max empty', lambda: torch.empty(0).max())
attempt('mv 0-d', lambda: torch.mv(torch.tensor(1.0), torch.tensor(1.0)))
attempt('unbind 0-d', lambda: torch.tensor(1.0).unbind(0))
attempt('mode empty', lambda: torch.empty(2, 0).mode(-1))
