# PyTorch's parser texts for Tensor.to, torch.device strings and Dimname arguments (tensorpad's
# tensors have no names), and the int-list check that looks at the first element only.
import torch

x = torch.ones(2, 3)
idx = torch.zeros(2, 3, dtype=torch.long)

def show(c):
    try:
        r = eval(c)
        print(c, '->', r.dtype if isinstance(r, torch.Tensor) and c.startswith('x.to') else r)
    except Exception as e:
        print(c, '!!', type(e).__name__, e)

for c in ['x.to(1.5)','x.to(2.5)','x.to(float)','x.to(int)','x.to(bool)','x.to(0)','x.to(True)','x.to("cpu", torch.float64, True, True)','x.to("cpu", torch.float64, 1)','x.to(torch.float64, "cpu")','x.to(None)','x.to(None, None)', 'x.to(dtype=None)', 'x.to(x, 1)', 'x.to("cpu", copy=1)', 'x.to("cpu", memory_format=1)', 'x.to("float64")', 'x.to(torch.device("cpu"), dtype=torch.int64)', 'x.to("cpu", "cpu")', 'x.to(torch.float64, torch.float64)', 'x.to(x, x)', 'x.to(foo=1)', 'x.to(x, copy=True).data_ptr()==x.data_ptr()', 'x.to([1])',
 'x.to(dtype=1.5)','x.to(None, 1.5)','x.to("cpu", 2.5)','x.to(dtype=True)','x.to(complex)','x.to("cpu", int)', 'x.to("cpu", True)', 'x.to("cpu", None, True)', 'x.to(torch.float64, 1)', 'x.to(torch.float64, True, False)', 'x.to(torch.float64, None)', 'x.to(1.5, True)', 'x.to("cpu", 1)', 'x.to(device=1.5)', 'x.to(x, non_blocking=None)', 'x.to(torch.device("cpu"), torch.float64, None)', 'x.to(float, None)', 'x.to("cpu", torch.float64, copy=None)','x.to("cpu", dtype=True)','x.to("cuda")','x.to("cpu:0")', 'x.to("cpu", 1.5, True, True, memory_format=torch.preserve_format)', 'x.to(str)', 'x.to(object)', 'x.to("cpu", torch.float64, True, True, True)',
 'x.to("a", "b")', 'x.to("cpu", "b")', 'x.to(torch.float64, "b")', 'x.to()', 'x.to(dtype=torch.float64, copy=True)', 'x.to(tensor=torch.ones(1, dtype=torch.int64))', 'x.to(torch.float64, copy=True, non_blocking=False)', 'x.to("cpu", torch.float64, False, True, memory_format=torch.contiguous_format, foo=2)', 'x.to(torch.ones(1,dtype=torch.int32), True, True, memory_format=None, copy=False)', 'x.to(2**70)', 'x.to(-1)']:
    show(c)

for s in ['float64','cpu:x','cpu:0','cpu:-1','cuda:0','xla','cpu0','CPU','cpu:1', ' cpu', 'cuda:', 'hip', 'mps', 'ipu', 'cpu:01', 'Cpu', 'cpu_x', 'c:0', '']:
    show('torch.device(%r)' % s)
    show('x.to(%r)' % s)

for c in ['x.to(0)', 'x.to(-1)', 'x.to(2**70)', 'x.to(2**63-1)', 'torch.device(-1)', 'torch.device("cuda", -1)', 'torch.device(2**70)']:
    show(c)

for a in [('xyz:0',), ('CPU:1',), (0,), (3,), ('cuda', 2**70), (True,), ('cpu:0', None), ('cuda', 1), (0, 1), ('cpu', None), (None,), (1.5,), ('cpu', -1)]:
    show('repr(torch.device(*%r))' % (a,))

calls = {
 'all': "x.all('a')", 'any': "x.any('a')", 'argsort': "x.argsort('a')", 'cummax': "x.cummax('a')", 'cummin': "x.cummin('a')",
 'cumprod': "x.cumprod('a')", 'cumprod_': "x.cumprod_('a')", 'cumsum': "x.cumsum('a')", 'cumsum_': "x.cumsum_('a')",
 'flatten': "x.flatten('a', 'b', 'c')", 'gather': "x.gather('a', idx)", 'index_add': "x.index_add('a', idx[0], x)",
 'index_copy': "x.index_copy('a', idx[0], x)", 'index_copy_': "x.index_copy_('a', idx[0], x)", 'index_fill': "x.index_fill('a', idx[0], 1)",
 'index_fill_': "x.index_fill_('a', idx[0], 1)", 'index_select': "x.index_select('a', idx[0])", 'log_softmax': "x.log_softmax('a')",
 'logcumsumexp': "x.logcumsumexp('a')", 'logsumexp': "x.logsumexp('a')", 'max': "x.max('a')", 'mean': "x.mean('a')", 'median': "x.median('a')",
 'min': "x.min('a')", 'mode': "x.mode('a')", 'nanmedian': "x.nanmedian('a')", 'prod': "x.prod('a')", 'scatter': "x.scatter('a', idx, x)",
 'scatter_add': "x.scatter_add('a', idx, x)", 'select': "x.select('a', 0)", 'size': "x.size('a')", 'softmax': "x.softmax('a')", 'sort': "x.sort('a')",
 'squeeze': "x.squeeze('a')", 'squeeze_': "x.squeeze_('a')", 'std': "x.std('a')", 'stride': "x.stride('a')", 'sum': "x.sum('a')",
 'transpose': "x.transpose('a', 'b')", 'unbind': "x.unbind('a')", 'var': "x.var('a')",
 't.std_mean': "torch.std_mean(x, 'a')", 't.var_mean': "torch.var_mean(x, 'a')", 't.unflatten': "torch.unflatten(x, 'a', [1, 2], ['b', 'c'])",
 'sum list': "x.sum(['a'])", 'sort2': "x.sort('a', True)", 'sort stable': "x.sort(stable=True, dim='a')", 'max kd': "x.max('a', True)",
}
for c in calls.values():
    show(c)

for c in ["x.sum([0.5])", "x.sum([0, 'a'])", "x.sum(['a', 0])", "x.sum([0, 0.5])", "x.permute([0.5, 1])", "x.view([0.5, 6])", "x.mean([None])", "x.sum([torch.tensor(1.5)])", "x.amax(['a'])", "x.size('a')", "x.size(dim='a')", "x.stride('a')", "x.sum((0, 'a'))", "x.flip(['a'])", "x.std(['a'])"]:
    show(c)
