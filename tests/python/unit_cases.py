"""Unit cases of Python mode's torch layer: (name, code) pairs run under PyTorch 1.13 by
tests/fixtures/gen_python_unit.py and under tensorpad by tests/python/unit.test.mjs, which
compares their stdout and their exception (class and message). `show(f)` prints f()'s value
or the exception it raises, so one case can check several errors.
"""

PRELUDE = '''
import torch
def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ':', e)
'''

CASES = [
    # ---- argument conversion: Python int / float / bool ------------------------------
    ('tensor data kinds', '''
print(torch.tensor([1., 2.]).dtype, torch.tensor([1, 2]).dtype, torch.tensor(True).dtype, torch.tensor([True, 2]).dtype)
print(torch.tensor([1, 2.5]).dtype, torch.tensor([]).dtype, torch.tensor([[]]).shape, torch.tensor(3))
print(torch.tensor([[1, 2], [3, 4]], dtype=torch.float64), torch.tensor((1, 2)), torch.tensor([[True], [False]]))
'''),
    ('tensor data errors', '''
show(lambda: torch.tensor([[1, 2], [3]]))
show(lambda: torch.tensor([1, 2], requires_grad=True))
show(lambda: torch.tensor([[1], 2]))
'''),
    ('scalar kinds keep or promote', '''
x = torch.tensor([1, 2])
print(x * 2, x * 2.0, x + True, x / 2, x // 2, (x * 2).dtype, (x * 2.).dtype, (x > 1) + 1)
print(torch.tensor([True, False]) * 2, torch.tensor([1.5]) * 2, torch.tensor([1], dtype=torch.int32) * 3)
'''),
    ('factories by Python kind', '''
print(torch.full((2,), 7), torch.full((2,), 7.), torch.full((1,), True), torch.arange(5), torch.arange(5.), torch.arange(0, 1, 0.25))
print(torch.zeros(2, 3).dtype, torch.ones((2, 2), dtype=torch.int64), torch.zeros_like(torch.ones(2, dtype=torch.int32)))
print(torch.linspace(0, 1, 3), torch.full((2,), 2, dtype=torch.float64), torch.empty(0).shape, torch.eye(2))
'''),
    ('keyword arguments', '''
x = torch.arange(6.).reshape(2, 3)
print(x.sum(dim=1), x.sum(1, keepdim=True), torch.sum(x, dim=0), x.mean(dim=0), x.max(dim=1).values, torch.add(x, 1, alpha=2))
print(x.transpose(0, 1).shape, x.view(3, 2).shape, x.reshape(-1).shape, torch.cat([x, x], dim=1).shape, x.std(dim=1, unbiased=False))
'''),
    ('lists tuples None bool to the library', '''
x = torch.arange(6.).reshape(2, 3)
print(x.permute((1, 0)).shape, x.permute(1, 0).shape, x.sum((0, 1)), x.squeeze(None if False else 0).shape, x.flip([0]))
print(torch.stack((x, x)).shape, x.repeat(2, 1).shape, x.expand(2, 2, 3).shape, x.unsqueeze(-1).shape)
'''),
    # ---- every operator dunder -------------------------------------------------------
    ('arithmetic dunders', '''
a = torch.tensor([1., -2., 3.])
b = torch.tensor([2., 2., 2.])
print(a + b, a - b, a * b, a / b, a ** b, a // b, a % b, a @ b)
print(a + 1, a - 1, a * 2, a / 2, a ** 2, a // 2, a % 2)
print(-a, +a, abs(a))
'''),
    ('reflected dunders', '''
a = torch.tensor([1., -2., 4.])
print(1 + a, 1 - a, 2 * a, 2 / a, 2 ** a, 7 // a, 7 % a)
i = torch.tensor([1, 2, 3])
print(1 + i, 1 - i, 2 * i, 6 / i, 2 ** i, 7 // i, 7 % i, 1.5 - i, True + i)
'''),
    ('in-place dunders', '''
a = torch.tensor([1., 2., 4.])
b = a
a += 1; print(a, a is b)
a -= 1; a *= 3; a /= 2; a **= 2; a //= 2; a %= 5
print(a, a is b)
i = torch.tensor([6, 3])
i &= 2; print(i); i |= 1; print(i); i ^= 3; print(i); i <<= 1; print(i); i >>= 1; print(i)
'''),
    ('in-place on a leaf that requires grad', '''
x = torch.ones(2, requires_grad=True)
def f():
    global x
    x += 1
show(f)
show(lambda: x.add_(1))
with torch.no_grad():
    x += 1
print(x)
'''),
    ('comparison dunders', '''
a = torch.tensor([1, 2, 3])
print(a == 2, a != 2, a < 2, a <= 2, a > 2, a >= 2, 2 < a, 2 == a)
print(a == torch.tensor([1, 0, 3]), a == None, a != None, (a > 1).dtype)
'''),
    ('bitwise and logical dunders', '''
a = torch.tensor([True, False])
b = torch.tensor([True, True])
print(a & b, a | b, a ^ b, ~a)
i = torch.tensor([5, 3])
print(i & 1, i | 8, i ^ 1, ~i, i << 1, i >> 1, 1 & i, 8 | i, 1 ^ i)
'''),
    ('matmul shapes', '''
m = torch.arange(6.).reshape(2, 3)
v = torch.ones(3)
print(m @ v, m @ m.T, v @ v, (m @ torch.ones(3, 1)).shape)
show(lambda: m @ m)
'''),
    ('abs len iter bool int float index', '''
x = torch.tensor([[1, 2], [3, 4]])
print(len(x), [r.tolist() for r in x], list(torch.tensor([5, 6])), bool(torch.tensor([0])), bool(torch.tensor(2.)))
print(int(torch.tensor(3.9)), int(torch.tensor([-2])), float(torch.tensor(2)), [10, 20, 30][torch.tensor(1)], range(5)[torch.tensor(2)])
show(lambda: bool(x))
show(lambda: bool(torch.tensor([])))
show(lambda: int(x))
show(lambda: float(x))
show(lambda: len(torch.tensor(1)))
show(lambda: iter(torch.tensor(1)))
show(lambda: [1, 2][torch.tensor(1.)])
show(lambda: [1, 2][torch.tensor([0, 1])])
'''),
    ('hash by identity', '''
a = torch.tensor([1.])
b = torch.tensor([1.])
d = {a: 'a', b: 'b'}
print(len(d), d[a], d[b], hash(a) == hash(a), a in {a}, b in {a})
'''),
    ('contains', '''
x = torch.tensor([1, 2, 3])
print(2 in x, 5 in x, torch.tensor(3) in x)
'''),
    # ---- indexing --------------------------------------------------------------------
    ('basic indexing', '''
x = torch.arange(24).reshape(2, 3, 4)
print(x[0], x[-1, -1], x[1, 2, 3], x[0, 1:], x[:, :, ::2], x[..., 1], x[0, ..., 2], x[None].shape, x[:, None, 0].shape)
print(x[1:, ::-1 if False else 1], x[0][1][2], x[0, :, 1:3], x[:, -2:], x[5:], x[:, 1:1].shape)
'''),
    ('advanced indexing', '''
x = torch.arange(12).reshape(3, 4)
print(x[[0, 2]], x[[0, 2], [1, 3]], x[torch.tensor([2, 0])], x[x > 6], x[:, [True, False, True, False]], x[[[0], [2]], [1, 3]])
print(x[torch.tensor([[0, 1], [1, 2]])].shape, x[1, [0, 0, 3]], x[..., [0, -1]])
'''),
    ('index errors', '''
x = torch.arange(12).reshape(3, 4)
show(lambda: x[3])
show(lambda: x[-4])
show(lambda: x[0, 4])
show(lambda: x[0, 0, 0])
show(lambda: torch.tensor(5)[0])
show(lambda: x['a'])
show(lambda: x[1.5])
show(lambda: x[torch.tensor([5])])
'''),
    ('index assignment', '''
x = torch.zeros(3, 4)
x[0] = 1
x[1, 2] = 5.5
x[:, 0] = torch.tensor([7., 8., 9.])
x[2, 1:3] = torch.tensor([-1., -2.])
x[x > 6] = 0
x[[0, 1], [3, 3]] = 4
x[..., 1] += 10
x[None, 2, ::2] = 3
print(x)
y = torch.arange(5)
y[torch.tensor([True, False, True, False, True])] = -1
y[[1, 3]] = torch.tensor([20, 30])
print(y)
'''),
    ('index assignment through views shares memory', '''
x = torch.zeros(2, 3)
v = x[1]
v[0] = 5
x[:, 2] = 9
print(x, v)
'''),
    ('setitem errors', '''
x = torch.zeros(3)
def f(): x[5] = 1
show(f)
def g(): x[0:2] = torch.ones(3)
show(g)
'''),
    # ---- attributes and results ------------------------------------------------------
    ('shape is a torch.Size', '''
x = torch.zeros(2, 3, 4)
s = x.shape
print(s, type(s).__name__, isinstance(s, tuple), s[0], s[1:], s[-1], len(s), s == (2, 3, 4), s.numel(), x.size(), x.size(-1), x.size(1))
print(torch.Size([2, 3]), torch.Size([]), list(s), tuple(s), s + (5,), x.ndim, x.dim(), x.numel(), x.stride())
show(lambda: x.size(3))
'''),
    ('item and tolist give Python numbers', '''
print(repr(torch.tensor(2.5).item()), repr(torch.tensor(2.).item()), repr(torch.tensor(3).item()), repr(torch.tensor(True).item()))
print(torch.tensor([[1., 2.]]).tolist(), torch.tensor([1, 2]).tolist(), torch.tensor([True, False]).tolist(), torch.tensor(1.5).tolist())
print(type(torch.tensor([1.]).tolist()[0]).__name__, type(torch.tensor([1]).tolist()[0]).__name__, torch.tensor(7, dtype=torch.int32).item())
show(lambda: torch.tensor([1., 2.]).item())
'''),
    ('named tuples', '''
x = torch.tensor([[1., 5., 2.], [7., 0., 3.]])
v, i = x.max(1)
print(v, i)
r = x.min(dim=0)
print(r.values, r.indices, r[0], type(r).__name__, len(r))
print(x.sort(dim=1))
print(torch.max(x, 1))
print(x.topk(2).indices, x.median(1).values, x.kthvalue(1, 1).values)
print(x.max(), x.max(1, keepdim=True).values.shape)
'''),
    ('dtypes and devices', '''
print(torch.float32, torch.float, torch.float64 is torch.double, torch.int64 is torch.long, torch.int32, torch.bool, repr(torch.int))
x = torch.ones(2)
print(x.dtype, x.device, repr(x.device), torch.device('cpu'), repr(torch.device('cpu')), torch.device('cpu') == x.device, x.is_cuda)
print(x.to(torch.int64), x.to('cpu') is x, x.to(x.device) is x, x.to(torch.device('cpu')) is x, x.cpu() is x, x.to(x) is x, x.to(torch.float64).dtype)
print(x.float() is x, x.double().dtype, x.long(), x.int().dtype, x.bool(), x.type(), x.type(torch.int64), x.is_floating_point())
print(torch.get_default_dtype(), torch.cuda.is_available(), torch.cuda.device_count(), torch.backends.mps.is_available())
show(lambda: x.cuda())
show(lambda: x.to('cuda'))
show(lambda: torch.zeros(2, device='cuda'))
show(lambda: torch.device('gpu'))
'''),
    ('default dtype', '''
torch.set_default_dtype(torch.float64)
print(torch.tensor([1.5]).dtype, torch.zeros(1).dtype, torch.arange(2.).dtype, (torch.tensor([1]) * 0.5).dtype)
torch.set_default_dtype(torch.float32)
print(torch.tensor([1.5]).dtype)
'''),
    # ---- printing --------------------------------------------------------------------
    ('repr str format', '''
x = torch.tensor([1.5, 2.25], requires_grad=True)
y = (x * 2).sum()
print(x, repr(x), str(y), f'{y}', f'{y:.2f}', f'{y.item():.4f}', '{:>8.3f}'.format(torch.tensor(3.14159)))
print(torch.tensor([1e-8, 1.]), torch.tensor([1e10]), torch.arange(2000.), torch.zeros(2, dtype=torch.int32))
show(lambda: f'{x:.2f}')
print(f'{torch.tensor(5)}', f'{torch.tensor([1, 2])}', f'{torch.tensor(True)}')
'''),
    ('print options', '''
torch.set_printoptions(precision=2)
print(torch.tensor([1.23456]))
torch.set_printoptions(sci_mode=True)
print(torch.tensor([1.5]))
torch.set_printoptions(precision=4, sci_mode=None)
print(torch.tensor([1.23456]))
'''),
    ('grad_fn repr and names', '''
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 2
import re
print(re.sub('0x[0-9a-f]+', 'ADDR', repr(y.grad_fn)), y.grad_fn.name(), type(y.grad_fn).__name__)
print(x.grad_fn, (x + 1).grad_fn.name(), (-x).grad_fn.name(), (2 - x).grad_fn.name(), (2 / x).grad_fn.name(), (x ** 2).grad_fn.name(), (2 ** x).grad_fn.name())
print(x.sum().grad_fn.name(), x.mean().grad_fn.name(), (x @ x).grad_fn.name(), x[0].grad_fn.name(), x.tanh().grad_fn.name())
print([None if f is None else f.name() for f, _ in y.grad_fn.next_functions])
'''),
    # ---- autograd ----------------------------------------------------------------------
    ('backward and grad', '''
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = (x ** 2).sum()
y.backward()
print(x.grad, x.grad is x.grad, x.is_leaf, y.is_leaf, y.requires_grad)
g = x.grad
(x * 3).sum().backward()
print(x.grad, g is x.grad)
x.grad = None
print(x.grad)
z = x * x
gx, = torch.autograd.grad(z.sum(), x, create_graph=True)
print(gx, gx.grad_fn is not None)
print(torch.autograd.grad((x * 2).sum(), [x]))
'''),
    ('backward errors', '''
x = torch.tensor([1., 2.], requires_grad=True)
y = (x * x).sum()
y.backward()
show(lambda: y.backward())
show(lambda: torch.ones(2).sum().backward())
show(lambda: (x * 2).backward())
y = (x * x).sum()
y.backward(retain_graph=True)
y.backward()
print(x.grad)
'''),
    ('no_grad enable_grad set_grad_enabled', '''
x = torch.ones(2, requires_grad=True)
with torch.no_grad():
    y = x * 2
    with torch.enable_grad():
        z = x * 2
print(y.requires_grad, z.requires_grad, torch.is_grad_enabled())
@torch.no_grad()
def f(t):
    return t * 2
print(f(x).requires_grad, f.__name__)
with torch.set_grad_enabled(False):
    print((x * 2).requires_grad)
print((x * 2).requires_grad)
torch.set_grad_enabled(False)
print((x * 2).requires_grad)
torch.set_grad_enabled(True)
print((x * 2).requires_grad)
@torch.enable_grad()
def g(t):
    return t * 2
with torch.no_grad():
    print(g(x).requires_grad)
with torch.inference_mode():
    print((x * 2).requires_grad)
'''),
    ('no_grad restores after an exception', '''
def f():
    with torch.no_grad():
        raise ValueError('inside')
show(f)
print(torch.is_grad_enabled())
'''),
    ('register_hook with lambdas', '''
x = torch.tensor([1., 2.], requires_grad=True)
h = x.register_hook(lambda g: g * 10)
seen = []
y = x * 3
y.register_hook(lambda g: seen.append(g.tolist()))
y.sum().backward()
print(x.grad, seen)
h.remove()
x.grad = None
(x * 3).sum().backward()
print(x.grad)
show(lambda: torch.ones(1).register_hook(lambda g: g))
'''),
    ('hook exception reaches Python', '''
x = torch.tensor([1.], requires_grad=True)
def bad(g):
    raise KeyError('from hook')
x.register_hook(bad)
show(lambda: (x * 2).sum().backward())
'''),
    ('requires_grad detach data', '''
x = torch.ones(2)
print(x.requires_grad, x.requires_grad_() is x, x.requires_grad)
y = x * 2
d = y.detach()
print(d.requires_grad, d.is_leaf, y.data.requires_grad, x.detach().requires_grad)
x.requires_grad = False
print(x.requires_grad)
show(lambda: torch.tensor([1, 2]).requires_grad_())
show(lambda: y.requires_grad_(False))
'''),
    ('retain_grad and non-leaf grad', '''
x = torch.ones(2, requires_grad=True)
y = x * 2
y.retain_grad()
(y * y).sum().backward()
print(y.grad, x.grad)
'''),
    ('custom Function', '''
class Exp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, i):
        result = i.exp()
        ctx.save_for_backward(result)
        return result
    @staticmethod
    def backward(ctx, grad_output):
        result, = ctx.saved_tensors
        return grad_output * result
x = torch.tensor([0., 1.], requires_grad=True)
y = Exp.apply(x)
print(y.requires_grad, type(y.grad_fn).__name__)
(y * 2).sum().backward()
print(x.grad)
with torch.no_grad():
    print(Exp.apply(x).requires_grad)
'''),
    ('custom Function: two inputs, needs_input_grad, non-tensor arg', '''
class MulAdd(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b, k):
        ctx.save_for_backward(a, b)
        ctx.k = k
        print('needs', ctx.needs_input_grad)
        return a * b + k
    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved_tensors
        return g * b, g * a if ctx.needs_input_grad[1] else None, None
a = torch.tensor([1., 2.], requires_grad=True)
b = torch.tensor([3., 4.])
out = MulAdd.apply(a, b, 5.0)
print(out)
out.sum().backward()
print(a.grad, b.grad)
'''),
    ('deepcopy', '''
import copy
x = torch.tensor([1., 2.], requires_grad=True)
c = copy.deepcopy(x)
print(c, c is x, c.requires_grad, c.is_leaf)
c[0].item()
y = x * 2
show(lambda: copy.deepcopy(y))
d = copy.deepcopy({'a': x, 'b': [x]})
print(d['a'] is d['b'][0], d['a'] is x)
x.grad = torch.tensor([0.5, 0.5])
print(copy.deepcopy(x).grad)
'''),
    ('torch namespace functions', '''
x = torch.tensor([[1., -2.], [3., 4.]])
print(torch.abs(x), torch.exp(torch.zeros(2)), torch.clamp(x, min=0), torch.where(x > 0, x, torch.zeros(2, 2)), torch.where(x > 0, 1.0, 0.0))
print(torch.softmax(x, dim=1), torch.argmax(x), torch.argmax(x, dim=1), torch.mm(x, x), torch.matmul(x, x), torch.t(x))
print(torch.is_tensor(x), torch.is_tensor(1), torch.numel(x), torch.sqrt(torch.tensor([4.])), torch.pow(2, torch.tensor([3.])), torch.mul(x, 2))
print(torch.maximum(x, torch.zeros(2, 2)), torch.flatten(x), torch.squeeze(torch.ones(1, 2)).shape, torch.allclose(x, x))
'''),
    ('random with seeds', '''
torch.manual_seed(0)
print(torch.rand(3), torch.randn(2), torch.randint(0, 10, (4,)))
g = torch.Generator().manual_seed(42)
print(torch.rand(2, generator=g), torch.initial_seed())
x = torch.empty(3)
torch.manual_seed(1)
print(x.uniform_(), x.normal_(), torch.randperm(4))
'''),
    ('linalg and special', '''
a = torch.tensor([[2., 1.], [1., 3.]])
print(torch.linalg.det(a), torch.linalg.inv(a), torch.linalg.norm(a), torch.linalg.norm(torch.tensor([3., 4.])))
print(torch.linalg.vector_norm(a, dim=1), torch.linalg.matrix_norm(a, 1), torch.linalg.eigh(a).eigenvalues)
print(torch.special.expit(torch.tensor([0.])), torch.special.erf(torch.tensor([0.5])))
'''),
    ('nn.functional', '''
import torch.nn.functional as F
x = torch.tensor([[1., -2., 3.]])
w = torch.tensor([[1., 0., 1.], [0., 1., 0.]])
b = torch.tensor([0.5, -0.5])
print(F.linear(x, w, b), F.linear(x, w), F.relu(x), F.softmax(x, dim=1), F.log_softmax(x, dim=-1))
print(F.mse_loss(x, torch.zeros(1, 3)), F.mse_loss(x, torch.zeros(1, 3), reduction='sum'), F.cross_entropy(x, torch.tensor([2])))
print(F.tanh(x), F.sigmoid(x), F.gelu(x), F.leaky_relu(x, 0.1), F.one_hot(torch.tensor([0, 2]), 3))
print(F.linear(x, w, b).grad_fn)
'''),
    ('errors carry PyTorch classes', '''
show(lambda: torch.ones(2) + torch.ones(3))
show(lambda: torch.ones(2, 3).view(4))
show(lambda: torch.ones(2).sum(dim=3))
show(lambda: torch.ones(2).reshape(3))
show(lambda: torch.cat([torch.ones(2), torch.ones(2, 2)]))
show(lambda: torch.ones(2).transpose(0, 2))
show(lambda: torch.zeros(2, 2).mm(torch.zeros(3, 3)))
show(lambda: torch.tensor([1, 2]).mean())
'''),
    ('errors are catchable with except', '''
try:
    torch.ones(2)[3]
except IndexError as e:
    print('IndexError', e)
try:
    torch.ones(2) @ torch.ones(3)
except RuntimeError as e:
    print('RuntimeError', e)
try:
    torch.ones(2).sum(dim='x')
except (TypeError, RuntimeError) as e:
    print(type(e).__name__)
'''),
    ('views and storage sharing', '''
x = torch.arange(6.)
v = x.view(2, 3)
v[0, 0] = 100
t = x.reshape(3, 2).t()
print(x, t.is_contiguous(), t.contiguous().is_contiguous(), x.data_ptr() == v.data_ptr(), x.clone().data_ptr() == x.data_ptr())
x.zero_()
print(v)
'''),
    ('Tensor legacy constructor', '''
print(torch.Tensor([1, 2]), torch.Tensor(2, 3).shape, torch.Tensor().shape, torch.Tensor([[1], [2]]).dtype, isinstance(torch.ones(1), torch.Tensor))
print(torch.FloatTensor if False else 'ok')
'''),
    ('warnings through Python warnings', '''
import warnings
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    y = torch.ones(2, requires_grad=True) * 2
    y.grad
    torch.tensor(torch.ones(1))
print([(c.category.__name__, str(c.message)[:40]) for c in w])
'''),
    ('Tensor subclass via _make_subclass', '''
class P(torch.Tensor):
    def __new__(cls, data, requires_grad=True):
        return torch.Tensor._make_subclass(cls, data, requires_grad)
    __torch_function__ = torch._C._disabled_torch_function_impl
    def __repr__(self):
        return 'P containing:\\n' + super().__repr__()
base = torch.ones(2)
p = P(base)
print(p, type(p).__name__, isinstance(p, torch.Tensor), p.requires_grad, p.is_leaf, type(p * 2).__name__)
p.data[0] = 5
print(base, p.grad)
(p * p).sum().backward()
print(p.grad)
with torch.no_grad():
    r = p.mul_(2)
print(r is p, type(r).__name__)
'''),
    ('generic path: Tensor methods and torch functions', '''
x = torch.arange(6.).reshape(2, 3)
show(lambda: x.view(2, -1).sum(0))
show(lambda: torch.max(x))
show(lambda: torch.max(x, 0))
show(lambda: torch.max(x, torch.zeros(2, 3)))
show(lambda: x.split(2, dim=1))
show(lambda: x.chunk(2))
show(lambda: torch.unbind(x))
show(lambda: x.nonzero())
show(lambda: torch.where(x > 2))
show(lambda: x.unique())
show(lambda: x.argsort(dim=1, descending=True))
show(lambda: x.masked_fill(x > 2, 0.5))
show(lambda: x.new_zeros(2))
show(lambda: x.new_tensor([1, 2]))
show(lambda: x.new_full((2,), 3))
show(lambda: x.index_select(1, torch.tensor([0, 2])))
show(lambda: x.gather(1, torch.tensor([[0], [1]])))
show(lambda: torch.einsum('ij->j', x))
show(lambda: x.var(), )
show(lambda: x.std(0))
show(lambda: x.norm())
show(lambda: x.pow(0.5))
show(lambda: x.clamp(max=2.))
show(lambda: x.lerp(torch.ones(2, 3), 0.5))
show(lambda: torch.randn(2, 3, dtype=torch.float64).dtype)
show(lambda: x.type(torch.int32))
show(lambda: x.numel())
show(lambda: x.is_contiguous())
show(lambda: x.t().contiguous().stride())
show(lambda: x.squeeze().unsqueeze(1).shape)
show(lambda: x.mean(dim=(0, 1)))
show(lambda: x.sum(dim=-1, keepdim=True).shape)
show(lambda: torch.zeros(3).fill_(2.5))
show(lambda: torch.ones(2, 2).diag())
show(lambda: torch.tril(torch.ones(3, 3)))
show(lambda: torch.cumsum(x, dim=1))
show(lambda: x.flatten(1))
show(lambda: x.expand(3, 2, 3).shape)
show(lambda: x.repeat_interleave(2, dim=0).shape)
show(lambda: torch.cat((x, x), 0).shape)
show(lambda: torch.allclose(x, x + 1e-9))
show(lambda: torch.equal(x, x))
show(lambda: x.eq(x).all())
show(lambda: x.any())
show(lambda: torch.ones(2, dtype=torch.bool).sum())
show(lambda: x.round(decimals=1))
show(lambda: x.abs().sqrt().exp().log())
show(lambda: torch.sigmoid(x))
show(lambda: x.softmax(-1))
show(lambda: x.max(dim=1, keepdim=True))
show(lambda: x.long().float().double().half() if False else 'skip')
show(lambda: torch.numel(x))
show(lambda: x.element_size())
show(lambda: x.dim())
show(lambda: x.T @ x)
show(lambda: x.mm(x.t()))
show(lambda: x.addmm(x, x.t()) if False else torch.addmm(torch.zeros(2, 2), x, x.t()))
show(lambda: x.baddbmm if False else 'ok')
show(lambda: torch.normal(0., 1., size=(2,)).shape)
show(lambda: torch.rand(2, 2).uniform_(0, 1).shape)
show(lambda: x.sort(descending=True))
show(lambda: x.topk(1, dim=1))
show(lambda: x.view(torch.Size([3, 2])))
show(lambda: x.view(x.shape))
show(lambda: x.reshape(x.size(0), -1))
show(lambda: x[x.argmax(1)])
show(lambda: x.to(dtype=torch.float64, copy=True).dtype)
'''),
    ('a tutorial-style session', '''
import math
torch.manual_seed(0)
w = torch.randn(3, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
x = torch.randn(5, 3)
y = x @ w + b
loss = y.pow(2).mean()
loss.backward()
print(w.grad, b.grad)
w.data -= 0.1 * w.grad
w.grad.zero_()
print(w, w.grad)
show(lambda: x.view(-1, 4))
show(lambda: w.numpy())
print(torch.Tensor.add(torch.ones(1), 1))
print(sum(torch.ones(3)), max(torch.tensor([1, 5, 2])), sorted(torch.tensor([3, 1, 2])))
print(torch.tensor([1.5, 2.5]).round(), round(torch.tensor(2.567).item(), 2))
print(math.sqrt(torch.tensor(4.)), torch.tensor(2.) ** 0.5, pow(torch.tensor(3.), 2))
print([t.item() for t in torch.tensor([1., 2.])])
print(torch.zeros(2, 2) + torch.tensor([1., 2.]), torch.ones(3)[None, :].shape)
a = torch.tensor([1., 2.], requires_grad=True)
out = a.sum() * 2
out.backward(retain_graph=True)
out.backward()
print(a.grad)
z = torch.tensor(3., requires_grad=True)
q = z ** 3
g, = torch.autograd.grad(q, z, create_graph=True)
g2, = torch.autograd.grad(g, z)
print(g, g2)
print(torch.arange(10)[2:8:3], torch.arange(10)[-3:], torch.arange(10)[::-1] if False else '')
show(lambda: torch.arange(10)[::-1])
e = torch.empty(2, 3)
print(e.shape, torch.is_floating_point(e), x.requires_grad, (x * w).requires_grad)
print(torch.stack([torch.tensor(1.), torch.tensor(2.)]), torch.tensor([torch.tensor(1.), torch.tensor(2.)]))
class M:
    def __init__(self): self.w = torch.ones(2, requires_grad=True)
    def __call__(self, x): return (x * self.w).sum()
m = M(); print(m(torch.tensor([1., 2.])))
print(f"loss: {loss.item():.4f}", f"{loss:.3e}", "%.2f" % loss.item(), str(torch.tensor(1.)))
'''),
    ('gradcheck and gradgradcheck', '''
torch.manual_seed(0)
x = torch.randn(3, dtype=torch.float64, requires_grad=True)
w = torch.randn(3, 2, dtype=torch.float64, requires_grad=True)
print(torch.autograd.gradcheck(lambda a, b: (a.sin() @ b).tanh(), (x, w)))
print(torch.autograd.gradgradcheck(lambda a: a.sin() * a, (x,)))
class Bad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, i): return i * 2
    @staticmethod
    def backward(ctx, g): return g * 3
print(torch.autograd.gradcheck(Bad.apply, (x,), raise_exception=False))
try:
    torch.autograd.gradcheck(Bad.apply, (x,))
except RuntimeError as e:
    print(type(e).__name__, str(e).split('\n')[0])
'''),
]
