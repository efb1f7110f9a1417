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

# second batch: var_mean / std_mean as one Welford pass and one node
torch.set_printoptions(precision=10)
vx = torch.tensor([[1.5, -2.0, 0.25], [3.0, float('-inf'), 1.0]], requires_grad=True)
print(torch.var_mean(vx, 1))
print(torch.std_mean(vx, dim=0, unbiased=False))
torch.manual_seed(0)
vy = (torch.randn(3, 4, 5) * 10).requires_grad_()
vv, vm = torch.var_mean(vy, 1, keepdim=True)
(vv * 2 + vm * 3).sum().backward()
print(vv.flatten()[:4], vm.flatten()[:4], vy.grad.flatten()[:6])
print(vy.detach().mean(1).flatten()[:6], vy.detach().sum(1).flatten()[:6])
vy.grad = None
vy.std(1).sum().backward()
print(vy.grad.flatten()[:6])
print(torch.var_mean(torch.tensor([float('-inf'), 1.8888, 0.125])), torch.var_mean(torch.tensor([1.8888, 0.125, float('inf')])))
print(torch.var_mean(torch.empty(3, 0), 1), torch.std_mean(torch.empty(0)))
torch.set_printoptions(precision=4)
for shp, corr in [((0,), 1), ((1,), 1), ((2,), 3), ((), 1)]:
    for f in ['var', 'std']:
        vz = torch.ones(shp).requires_grad_()
        attempt('%s %s %d' % (f, shp, corr), lambda: torch.autograd.grad(getattr(vz, f)(dim=None, correction=corr) * 3, vz)[0])
# empty inputs never reach a kernel
attempt('triu 1-D empty', lambda: torch.triu(torch.empty(0)))
attempt('triu 1-D', lambda: torch.triu(torch.ones(3)))
attempt('argmax empty bool dim', lambda: torch.empty(0, 3, dtype=torch.bool).argmax(1))
attempt('argmax bool', lambda: torch.ones(3, dtype=torch.bool).argmax())
attempt('log_softmax empty bool', lambda: torch.empty(0, 1, dtype=torch.bool).log_softmax(-1))
attempt('cumprod empty bool', lambda: torch.empty(0, 2).cumprod(0, dtype=torch.bool))
attempt('kthvalue empty dim', lambda: torch.empty(1, 1, 0).transpose(0, 2).kthvalue(2, 0))
attempt('kthvalue k', lambda: torch.ones(2, 0).kthvalue(3, 0))
attempt('unbind 0-d -1', lambda: torch.tensor(1.0).unbind(-1))
attempt('cross dtypes', lambda: torch.ones(3, dtype=torch.long).cross(torch.ones(3)))
attempt('cross bool', lambda: torch.ones(3, dtype=torch.bool).cross(torch.ones(3, dtype=torch.bool)))
attempt('trace bool 0-d', lambda: torch.tensor(True).trace())
# gradients
ni = torch.tensor([1.0, 1.26, float('inf'), -1.0, 0.0, 2.3448], dtype=torch.float64, requires_grad=True)
F.silu(ni.norm(float('inf'))).backward()
print(ni.grad)
lx = torch.tensor([0.0, -2.4, 2.11, 1.0], requires_grad=True)
lg, = torch.autograd.grad(F.logsigmoid(lx).sum(), lx, create_graph=True)
lg.square().sum().backward()
print(lx.grad)
nx = torch.tensor([[1.0, -0.5, 2.0], [0.25, 0.75, -1.0]], requires_grad=True)
ng, = torch.autograd.grad(F.nll_loss(nx, torch.tensor([2, 0])), nx, create_graph=True)
print(ng, ng.requires_grad)
ng.square().sum().backward()
print(nx.grad)
ex = torch.tensor([-1.478], requires_grad=True)
ey = ex * 1.5
ey.expand(3)[torch.tensor([-3, -3])] = torch.tensor(0.0)
attempt('index_put_ expanded backward', lambda: (ey * 2).sum().backward())

# third batch
for n in [3, 16, 17]:
    ev = [float('nan') if i % 3 == 1 else -0.5 if i % 3 == 0 else 0.0 for i in range(n)]
    for f in [lambda t: F.elu(t, 1.5), F.selu, lambda t: F.celu(t, 0.5)]:
        ex = torch.tensor(ev, requires_grad=True)
        f(ex).backward(torch.full((n,), 0.75))
        print(n, ex.grad)
zx = torch.tensor(-0.0, dtype=torch.float64)
print(zx.cumsum(0), zx.logcumsumexp(0), zx.cumprod(0), torch.tensor([-0.0]).cumsum(0))
print(torch.tensor([False, True])[::2].argmax(-1, keepdim=True), torch.tensor([[True], [False]]).argmin(1))
ax = torch.tensor([[1.0, 2.0], [0.0, -1.0]], requires_grad=True)
(ax.abs().norm(0) * 2).backward()
print(ax.grad)
lx2 = torch.tensor([[2.99, 1.02, -2.97], [0.0, 1.0, 0.0155]], requires_grad=True)
ll = F.nll_loss(lx2, torch.tensor([1, 2]))
(ll * ll.detach()).backward()
print([str(v) for v in lx2.grad.flatten().tolist()])
lx2.grad = None
ll = F.nll_loss(lx2, torch.tensor([1, 2]), weight=torch.tensor([0.3, 0.7, 1.1]))
(ll * -3).backward()
print([str(v) for v in lx2.grad.flatten().tolist()])

# a tuple is 'tuple' in the parser's texts
tx = torch.ones(2, 3)
attempt('add tuple', lambda: tx.add((1, 2)))
attempt('mul tuple', lambda: torch.mul(tx, (1, 2)))
attempt('exp tuple', lambda: torch.exp((1, 2)))
attempt('full tuple', lambda: torch.full((2,), (1, 2)))
attempt('add list', lambda: tx.add([1, 2]))
attempt('sum dim list of 0-d int tensor', lambda: tx.sum([torch.tensor(0)]))
attempt('sum dim list of [1] int tensor', lambda: tx.sum([torch.tensor([1])]))
attempt('sum dim tuple with a tensor', lambda: tx.sum((torch.tensor(1), 0)))
attempt('sum dim list of a float tensor', lambda: tx.sum([torch.tensor(0.0)]))

# libFuzzer run 14: an in-place op on a view taken before its base was made to require grad
la = torch.full((), 2.0)
lv = la.t()
la.requires_grad_()
attempt('in-place on a view of a leaf made to require grad later', lambda: lv.mul_(la))
print(la.grad_fn, la.is_leaf)
