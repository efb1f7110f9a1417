"""Dev check (needs /usr/bin/python3 with python3-torch, so not part of make test): runs
tensorpad's pure-Python torch.nn / torch.optim / torch.utils.data on REAL PyTorch 1.13 (loaded
as tpnn / tpoptim / tpdata by tpload.py) side by side with PyTorch's own, and requires the
same printed text, the same bits for every tensor (init under manual_seed, forwards,
gradients, 50 training steps per optimizer), the same DataLoader orders and the same
exception class and message. Prints one line per failure and the counts.

    /usr/bin/python3 tests/python/nn_parity.py [-v] [NAME_SUBSTRING]

It then runs every tests/python/programs/nn_*.py with torch.nn, torch.optim and
torch.utils.data replaced by tensorpad's (PyTorch underneath) and requires the stdout that
PyTorch itself printed (tests/python/expected/NAME.out) and the same final exception.
"""
import collections
import math
import sys
import warnings

import torch
import torch.nn as tnn
import torch.optim as toptim
import torch.utils.data as tdata

import tpload

TP = (tpload.tpnn, tpload.tpoptim, tpload.tpdata)
PT = (tnn, toptim, tdata)
VERBOSE = '-v' in sys.argv
ONLY = [a for a in sys.argv[1:] if not a.startswith('-')]
CASES = []


def case(name, tol=None):
    def deco(fn):
        CASES.append((name, fn, tol))
        return fn
    return deco


def normalize(v):
    """A comparable form: tensors as (dtype, shape, exact values); containers recursively."""
    if isinstance(v, torch.Tensor):
        t = v.detach()
        return ('T', str(t.dtype), tuple(t.shape), normalize(t.tolist()), v.requires_grad)
    if isinstance(v, dict):
        return ('D', type(v).__name__ if not isinstance(v, collections.OrderedDict) else 'OD',
                [(k, normalize(x)) for k, x in v.items()])
    if isinstance(v, list) and all(isinstance(x, (int, float)) for x in v):
        return [('nan' if isinstance(x, float) and math.isnan(x) else x) for x in v]
    if isinstance(v, (list, tuple)):
        return ('L', [normalize(x) for x in v])
    if isinstance(v, float) and math.isnan(v):
        return 'nan'
    return v


def _num(v):
    if isinstance(v, tuple) and v and v[0] == 'L':
        return [_num(x) for x in v[1]]
    if isinstance(v, list):
        return [_num(x) for x in v]
    return math.nan if v == 'nan' else v


def close(a, b, tol):
    if isinstance(a, tuple) and a and a[0] == 'T' and isinstance(b, tuple) and b and b[0] == 'T':
        if a[:3] != b[:3]:
            return False
        ta, tb = torch.tensor(_num(a[3]), dtype=torch.float64), torch.tensor(_num(b[3]), dtype=torch.float64)
        return torch.allclose(ta, tb, rtol=tol, atol=tol)
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b):
        return all(close(x, y, tol) for x, y in zip(a, b))
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return all(close(x, y, tol) for x, y in zip(a, b))
    return a == b


def run(fn, mods):
    torch.manual_seed(0)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        try:
            out = normalize(fn(*mods))
        except Exception as e:  # the same class and message is the requirement
            out = ('EXC', type(e).__name__, str(e))
        warns = [str(x.message) for x in w]
    # the next random number tells whether the same number of draws happened
    return out, warns, torch.rand(1).item()


# ---- printing of every module ---------------------------------------------------------------
MODULES = [
    "Linear(2, 3)", "Linear(4, 1, bias=False)", "Bilinear(2, 3, 4)", "Identity(3, x=1)", "Flatten()",
    "Flatten(0, 2)", "Unflatten(1, (2, 5))", "ReLU()", "ReLU(inplace=True)", "Tanh()", "Sigmoid()",
    "LeakyReLU()", "LeakyReLU(0.2, True)", "ELU()", "ELU(alpha=0.5, inplace=True)", "CELU(2.0)", "SELU()",
    "GELU()", "GELU(approximate='tanh')", "SiLU()", "Mish()", "Hardswish()", "Hardsigmoid()",
    "Hardtanh()", "Hardtanh(-2, 2)", "ReLU6()", "ReLU6(True)", "Softplus()", "Softplus(2, 10)",
    "Softshrink()", "Hardshrink(0.3)", "Tanhshrink()", "Softsign()", "LogSigmoid()", "Threshold(0.1, 20)",
    "GLU()", "PReLU()", "PReLU(3, 0.1)", "RReLU()", "Softmax(dim=1)", "Softmax()", "LogSoftmax(1)",
    "Softmin(0)", "Softmax2d()", "Dropout()", "Dropout(0.1, True)", "Dropout1d(0.3)", "Dropout2d()",
    "Dropout3d()", "AlphaDropout(0.2)", "FeatureAlphaDropout()", "MSELoss()", "MSELoss(reduction='sum')",
    "L1Loss()", "CrossEntropyLoss()", "CrossEntropyLoss(label_smoothing=0.1)", "NLLLoss()", "BCELoss()",
    "BCEWithLogitsLoss()", "SmoothL1Loss()", "HuberLoss()", "KLDivLoss()", "SoftMarginLoss()",
    "MarginRankingLoss()", "HingeEmbeddingLoss()", "CosineEmbeddingLoss()", "PoissonNLLLoss()",
    "GaussianNLLLoss()", "TripletMarginLoss()", "MultiLabelSoftMarginLoss()", "MultiMarginLoss()",
    "MultiLabelMarginLoss()", "Conv1d(2, 4, 3)", "Conv1d(2, 4, 3, stride=2, padding=1, bias=False)",
    "Conv2d(1, 6, 5)", "Conv2d(3, 8, (3, 5), stride=(2, 1), padding=(1, 2), dilation=2, groups=1)",
    "Conv2d(4, 4, 3, groups=2, padding='same')", "Conv2d(2, 2, 3, padding=1, padding_mode='reflect')",
    "Conv2d(2, 2, 3, padding='valid')", "ConvTranspose1d(2, 3, 3)",
    "ConvTranspose2d(4, 2, 3, stride=2, padding=1, output_padding=1)", "MaxPool2d(2)", "MaxPool2d(3, 2, 1)",
    "MaxPool1d(2)", "AvgPool2d(2)", "AvgPool2d(3, stride=1, padding=1)", "AvgPool1d(3)",
    "AdaptiveAvgPool2d((1, 1))", "AdaptiveAvgPool2d(3)", "AdaptiveMaxPool2d(2)", "AdaptiveAvgPool1d(4)",
    "AdaptiveMaxPool1d(2)", "BatchNorm1d(5)", "BatchNorm2d(3, momentum=None)", "BatchNorm1d(4, affine=False)",
    "BatchNorm2d(2, track_running_stats=False)", "LayerNorm(5)", "LayerNorm([2, 3], elementwise_affine=False)",
    "GroupNorm(2, 4)", "Embedding(10, 3)", "Embedding(5, 2, padding_idx=0)", "Embedding(5, 2, max_norm=1.0)",
    "RNN(3, 4)", "RNN(3, 4, 2, nonlinearity='relu', batch_first=True)", "LSTM(3, 5)",
    "LSTM(2, 3, num_layers=2, bidirectional=True, dropout=0.5)", "GRU(2, 3, bias=False)",
    "RNNCell(3, 4)", "RNNCell(3, 4, nonlinearity='relu')", "LSTMCell(3, 2)", "GRUCell(2, 2, bias=False)",
    "ConstantPad1d(2, 3.5)", "ConstantPad2d((1, 2, 0, 1), 0.)", "ZeroPad2d(1)", "ReflectionPad1d(2)",
    "ReflectionPad2d((1, 1, 2, 0))", "ReplicationPad1d(1)", "ReplicationPad2d(2)", "CosineSimilarity()",
    "PairwiseDistance()", "Upsample(scale_factor=2)", "Upsample(size=(4, 4), mode='bilinear')",
    "UpsamplingNearest2d(scale_factor=2)", "UpsamplingBilinear2d(size=3)",
]

for spec in MODULES:
    def make(nn, optim, data, spec=spec):
        m = eval('nn.' + spec)
        return [repr(m), str(m), [(k, v) for k, v in m.state_dict().items()],
                [n for n, _ in m.named_parameters()], [n for n, _ in m.named_buffers()]]
    case('module ' + spec)(make)


# ---- forwards and gradients ---------------------------------------------------------------
FORWARDS = [
    ("Linear(4, 3)", "x(2, 4)"), ("Linear(4, 3)", "x(4)"), ("Bilinear(2, 3, 4)", "x(5, 2), x(5, 3)"),
    ("ReLU()", "x(3, 4)"), ("Tanh()", "x(6)"), ("Sigmoid()", "x(6)"), ("LeakyReLU(0.1)", "x(6)"),
    ("ELU()", "x(6)"), ("GELU()", "x(6)"), ("SiLU()", "x(6)"), ("Softmax(1)", "x(2, 5)"),
    ("LogSoftmax(1)", "x(2, 5)"), ("Softplus()", "x(5)"), ("Hardtanh()", "x(5)"), ("PReLU()", "x(2, 3)"),
    ("Dropout(0.3)", "x(4, 5)"), ("Dropout1d(0.5)", "x(3, 4, 5)"), ("Dropout2d(0.5)", "x(2, 3, 4, 4)"),
    ("Dropout3d(0.5)", "x(2, 3, 2, 2, 2)"), ("AlphaDropout(0.2)", "x(4, 5)"),
    ("FeatureAlphaDropout(0.4)", "x(2, 3, 4)"),
    ("Flatten()", "x(2, 3, 4)"), ("Unflatten(1, (2, 2))", "x(3, 4)"),
    ("Conv1d(2, 3, 3, padding=1)", "x(2, 2, 7)"), ("Conv2d(1, 2, 3)", "x(2, 1, 5, 5)"),
    ("Conv2d(2, 2, 3, padding=1, padding_mode='circular')", "x(1, 2, 4, 4)"),
    ("ConvTranspose2d(2, 1, 3, stride=2)", "x(1, 2, 3, 3)"), ("ConvTranspose1d(2, 1, 3)", "x(1, 2, 4)"),
    ("MaxPool2d(2)", "x(1, 2, 4, 4)"), ("AvgPool2d(2)", "x(1, 2, 4, 4)"), ("AdaptiveAvgPool2d(1)", "x(2, 3, 4, 4)"),
    ("BatchNorm1d(3)", "x(4, 3)"), ("BatchNorm2d(2)", "x(3, 2, 2, 2)"), ("LayerNorm(4)", "x(3, 4)"),
    ("Embedding(6, 3)", "torch.tensor([[1, 2], [5, 0]])"), ("Embedding(6, 3, padding_idx=1)", "torch.tensor([1, 2])"),
    ("Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))", "x(5, 3)"),
]
TOL_FORWARDS = [
    ("GroupNorm(2, 4)", "x(2, 4, 3)"), ("RNN(3, 4)", "x(5, 2, 3)"), ("RNN(3, 4, 2, batch_first=True)", "x(2, 5, 3)"),
    ("LSTM(3, 4)", "x(5, 2, 3)"), ("LSTM(3, 4, 2, bidirectional=True)", "x(5, 2, 3)"), ("GRU(3, 4)", "x(5, 2, 3)"),
    ("GRU(3, 4, batch_first=True, bidirectional=True)", "x(2, 5, 3)"), ("LSTM(3, 4)", "x(5, 3)"),
    ("RNNCell(3, 4)", "x(2, 3)"), ("LSTMCell(3, 4)", "x(2, 3)"), ("GRUCell(3, 4)", "x(2, 3)"), ("GRUCell(3, 4)", "x(3)"),
]


def x(*shape):
    return torch.randn(*shape, requires_grad=True)


def forward_case(spec, inputs):
    def fn(nn, optim, data):
        m = eval('nn.' + spec)
        ins = eval('(' + inputs + ',)')
        out = m(*ins)
        flat = out if isinstance(out, torch.Tensor) else out[0]
        res = [out]
        if flat.requires_grad:
            (flat.float() * torch.linspace(-1, 1, flat.numel()).reshape(flat.shape)).sum().backward()
            res.append([p.grad for p in m.parameters()])
            res.append([i.grad for i in ins if isinstance(i, torch.Tensor) and i.requires_grad])
        res.append(m.state_dict())
        return res
    return fn


for spec, inputs in FORWARDS:
    case(f'forward {spec} on {inputs}')(forward_case(spec, inputs))
for spec, inputs in TOL_FORWARDS:
    case(f'forward {spec} on {inputs}', tol=1e-6)(forward_case(spec, inputs))


# ---- losses --------------------------------------------------------------------------------
LOSSES = [
    ("MSELoss()", "x(3, 4), torch.randn(3, 4)"), ("MSELoss(reduction='none')", "x(3), torch.randn(3)"),
    ("L1Loss(reduction='sum')", "x(3, 4), torch.randn(3, 4)"),
    ("CrossEntropyLoss()", "x(4, 5), torch.tensor([1, 0, 4, 2])"),
    ("CrossEntropyLoss(weight=torch.tensor([1., 2., 3.]), ignore_index=1)", "x(4, 3), torch.tensor([1, 0, 2, 2])"),
    ("CrossEntropyLoss(label_smoothing=0.2)", "x(4, 5), torch.tensor([1, 0, 4, 2])"),
    ("NLLLoss()", "torch.log_softmax(x(3, 4), 1), torch.tensor([0, 3, 1])"),
    ("BCELoss()", "torch.sigmoid(x(5)), torch.rand(5)"), ("BCEWithLogitsLoss()", "x(5), torch.rand(5)"),
    ("BCEWithLogitsLoss(pos_weight=torch.tensor([2.]))", "x(5, 1), torch.rand(5, 1)"),
    ("SmoothL1Loss(beta=0.5)", "x(6), torch.randn(6)"), ("HuberLoss(delta=0.7)", "x(6), torch.randn(6)"),
    ("KLDivLoss(reduction='batchmean')", "torch.log_softmax(x(2, 3), 1), torch.softmax(torch.randn(2, 3), 1)"),
    ("SoftMarginLoss()", "x(4), torch.tensor([1., -1., 1., -1.])"),
    ("MarginRankingLoss(0.1)", "x(4), x(4), torch.tensor([1., -1., 1., -1.])"),
    ("HingeEmbeddingLoss()", "x(4), torch.tensor([1., -1., 1., -1.])"),
    ("CosineEmbeddingLoss()", "x(3, 4), x(3, 4), torch.tensor([1., -1., 1.])"),
    ("PoissonNLLLoss()", "x(5), torch.rand(5)"), ("GaussianNLLLoss()", "x(4), torch.randn(4), torch.rand(4) + 0.1"),
    ("TripletMarginLoss()", "x(3, 4), x(3, 4), x(3, 4)"),
    ("MultiLabelSoftMarginLoss()", "x(3, 4), torch.tensor([[1., 0., 1., 0.], [0., 0., 1., 1.], [1., 1., 1., 0.]])"),
    ("MultiMarginLoss()", "x(3, 4), torch.tensor([3, 0, 1])"),
    ("MSELoss(size_average=False)", "x(3), torch.randn(3)"),
    ("MSELoss()", "x(3), torch.randn(4)"),
    ("CrossEntropyLoss()", "x(4, 5), torch.tensor([1, 0, 7, 2])"),
]
for spec, inputs in LOSSES:
    case(f'loss {spec} on {inputs}')(forward_case(spec, inputs))


# ---- Module API ----------------------------------------------------------------------------
def net_class(nn):
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Linear(3, 4)
            self.act = nn.Tanh()
            self.blocks = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])
            self.head = nn.Sequential(nn.Linear(4, 2), nn.LogSoftmax(dim=1))
            self.scale = nn.Parameter(torch.ones(1))
            self.register_buffer('steps', torch.zeros(1))
            self.register_buffer('tmp', torch.ones(2), persistent=False)

        def forward(self, x):
            x = self.act(self.fc1(x))
            for b in self.blocks:
                x = x + b(x)
            return self.head(x * self.scale)
    return Net


@case('custom Net: print, names, traversals')
def _(nn, optim, data):
    net = net_class(nn)()
    return [repr(net), [n for n, _ in net.named_parameters()], [n for n, _ in net.named_buffers()],
            [n for n, _ in net.named_modules()], [repr(c) for c in net.children()],
            [n for n, _ in net.named_children()], len(list(net.modules())), list(net.state_dict().keys()),
            [n for n, _ in net.named_parameters(prefix='model', recurse=False)],
            [type(m).__name__ for m in net.modules()], list(net.parameters()), dict(net.named_buffers())]


@case('custom Net: forward, backward, zero_grad, requires_grad_')
def _(nn, optim, data):
    net = net_class(nn)()
    out = net(torch.randn(5, 3))
    loss = nn.NLLLoss()(out, torch.tensor([0, 1, 1, 0, 1]))
    loss.backward()
    grads = [p.grad.clone() for p in net.parameters()]
    net.zero_grad()
    zeroed = [p.grad for p in net.parameters()]
    net.zero_grad(set_to_none=True)
    nones = [p.grad is None for p in net.parameters()]
    net.requires_grad_(False)
    return [out, loss, grads, zeroed, nones, [p.requires_grad for p in net.parameters()]]


@case('custom Net: train/eval flags')
def _(nn, optim, data):
    net = net_class(nn)()
    a = [m.training for m in net.modules()]
    r = net.eval()
    b = [m.training for m in net.modules()]
    net.train()
    c = [m.training for m in net.modules()]
    net.head.eval()
    d = [m.training for m in net.modules()]
    try:
        net.train('yes')
    except ValueError as e:
        d.append(str(e))
    return [a, b, c, d, r is net]


@case('custom Net: state_dict round trip and errors')
def _(nn, optim, data):
    Net = net_class(nn)
    a, b = Net(), Net()
    sd = a.state_dict()
    res = [repr(b.load_state_dict(sd)), [torch.equal(p, q) for p, q in zip(a.parameters(), b.parameters())]]
    sd2 = dict(sd)
    del sd2['fc1.weight']
    sd2['extra.weight'] = torch.zeros(1)
    try:
        b.load_state_dict(sd2)
    except RuntimeError as e:
        res.append(str(e))
    r = b.load_state_dict(sd2, strict=False)
    res += [repr(r), r.missing_keys, r.unexpected_keys]
    sd3 = dict(sd)
    sd3['fc1.weight'] = torch.zeros(2, 2)
    try:
        b.load_state_dict(sd3)
    except RuntimeError as e:
        res.append(str(e))
    try:
        b.load_state_dict([1, 2])
    except TypeError as e:
        res.append(str(e))
    res.append(list(sd._metadata.keys()))
    res.append(list(a.state_dict(keep_vars=True).values())[0] is a.fc1.weight)
    res.append(list(a.fc1.state_dict(prefix='p.').keys()))
    return res


@case('custom Net: dir and attribute errors')
def _(nn, optim, data):
    net = net_class(nn)()
    res = [[k for k in dir(net) if not k.startswith('_')]]
    for bad in ("net.nope", "setattr(net, 'scale', torch.ones(1))", "setattr(net, 'fc1', 3)",
                "setattr(net, 'steps', 5)", "net.register_buffer('fc1', torch.ones(1))",
                "net.register_buffer('a.b', torch.ones(1))", "net.register_buffer('', torch.ones(1))",
                "net.register_buffer('q', 3)", "net.register_parameter('w', torch.ones(1))",
                "net.register_parameter('w', nn.Parameter(torch.ones(1)) * 2)", "net.add_module('x', 3)",
                "net.add_module('a.b', nn.ReLU())", "net.add_module(3, nn.ReLU())", "net.get_submodule('head.0')",
                "net.get_submodule('head.5')", "net.get_parameter('fc1.weight')", "net.get_parameter('fc1.nope')",
                "net.get_buffer('steps')", "net.get_buffer('fc1.weight')", "nn.Module()(1)",
                "nn.Module().register_buffer('x', None) or 1"):
        try:
            res.append(repr(eval(bad)))
        except Exception as e:
            res.append((type(e).__name__, str(e)))
    net.scale = None
    net.fc1 = None
    res.append(repr(net))
    res.append([n for n, _ in net.named_parameters()])
    del net.steps
    del net.head
    res.append(repr(net))
    return res


@case('Module before __init__')
def _(nn, optim, data):
    class Bad(nn.Module):
        def __init__(self):
            self.w = nn.Parameter(torch.ones(1))
    class Bad2(nn.Module):
        def __init__(self):
            self.l = nn.Linear(1, 1)
    out = []
    for C in (Bad, Bad2):
        try:
            C()
        except AttributeError as e:
            out.append(str(e))
    return out


@case('hooks: forward pre-hook, forward hook, removal, input/output replacement')
def _(nn, optim, data):
    m = nn.Linear(2, 2)
    log = []
    h1 = m.register_forward_pre_hook(lambda mod, inp: log.append(('pre', type(mod).__name__, len(inp))))
    h2 = m.register_forward_hook(lambda mod, inp, out: log.append(('fwd', tuple(out.shape))))
    x_ = torch.randn(3, 2)
    y1 = m(x_)
    h3 = m.register_forward_pre_hook(lambda mod, inp: inp[0] * 2)
    h4 = m.register_forward_hook(lambda mod, inp, out: out + 1)
    y2 = m(x_)
    h1.remove(); h2.remove(); h3.remove(); h4.remove()
    y3 = m(x_)
    h1.remove()
    with m.register_forward_hook(lambda mod, inp, out: out * 0):
        y4 = m(x_)
    y5 = m(x_)
    return [log, y1, y2, y3, y4, y5]


@case('hooks: full backward hook sees grad_input and grad_output')
def _(nn, optim, data):
    m = nn.Sequential(nn.Linear(3, 2), nn.Tanh())
    log = []
    m[1].register_full_backward_hook(lambda mod, gi, go: log.append((gi, go)))
    inp = torch.randn(4, 3, requires_grad=True)
    m(inp).sum().backward()
    return [log, inp.grad, [p.grad for p in m.parameters()]]


@case('hooks: full backward hook replaces grad_input')
def _(nn, optim, data):
    m = nn.Linear(3, 2)
    m.register_full_backward_hook(lambda mod, gi, go: (gi[0] * 10,))
    inp = torch.randn(4, 3, requires_grad=True)
    m(inp).sum().backward()
    return [inp.grad, m.weight.grad]


@case('hooks: global module forward hook')
def _(nn, optim, data):
    log = []
    h = nn.modules.module.register_module_forward_hook(lambda mod, i, o: log.append(type(mod).__name__))
    nn.Sequential(nn.Linear(2, 2), nn.ReLU())(torch.randn(1, 2))
    h.remove()
    nn.Linear(2, 2)(torch.randn(1, 2))
    return log


@case('apply, double, float, to, half error')
def _(nn, optim, data):
    m = nn.Sequential(nn.Linear(2, 3), nn.BatchNorm1d(3))
    names = []
    m.apply(lambda mod: names.append(type(mod).__name__))
    w = m[0].weight
    m.double()
    res = [names, m[0].weight.dtype, m[1].running_mean.dtype, m[1].num_batches_tracked.dtype, m[0].weight is w]
    m.float()
    res.append(m[0].weight.dtype)
    m.to(torch.float64)
    res.append(m[0].weight.dtype)
    m.to(dtype=torch.float32)
    res.append(m[0].weight.dtype)
    try:
        m.to(torch.int32)
    except TypeError as e:
        res.append(str(e))
    m.cpu()
    res.append(repr(m.to('cpu')))
    def init_w(mod):
        if isinstance(mod, nn.Linear):
            nn.init.constant_(mod.weight, 0.5)
            nn.init.zeros_(mod.bias)
    m.apply(init_w)
    res.append(m[0].weight)
    return res


# ---- containers ----------------------------------------------------------------------------
@case('Sequential: OrderedDict form, indexing, slicing, len, append, insert, extend, del, ops')
def _(nn, optim, data):
    s = nn.Sequential(collections.OrderedDict([('conv', nn.Conv2d(1, 2, 3)), ('relu', nn.ReLU()),
                                               ('pool', nn.MaxPool2d(2))]))
    res = [repr(s), repr(s[0]), repr(s[-1]), repr(s[1:]), len(s), repr(s.relu)]
    for bad in ('s[3]', 's[-4]', "s['a']"):
        try:
            eval(bad)
        except Exception as e:
            res.append((type(e).__name__, str(e)))
    t = nn.Sequential(nn.Linear(2, 2), nn.ReLU())
    t.append(nn.Tanh())
    t.insert(1, nn.Sigmoid())
    t.extend([nn.Identity()])
    res.append(repr(t))
    del t[1]
    res.append(repr(t))
    del t[::2]
    res.append(repr(t))
    t[0] = nn.ELU()
    res.append(repr(t))
    u = t + nn.Sequential(nn.ReLU())
    res.append(repr(u))
    res.append(repr(nn.Sequential(nn.ReLU()) * 3))
    t += nn.Sequential(nn.GELU())
    res.append(repr(t))
    res.append(repr(t.pop(0)))
    res.append(repr(nn.Sequential()))
    res.append([k for k in dir(t) if k.isdigit()])
    try:
        t + [1]
    except ValueError as e:
        res.append(str(e))
    return res


@case('ModuleList and ModuleDict')
def _(nn, optim, data):
    ml = nn.ModuleList([nn.Linear(2, 2), nn.ReLU()])
    ml.append(nn.Tanh())
    ml.extend([nn.Sigmoid(), nn.Identity()])
    ml.insert(0, nn.ELU())
    res = [repr(ml), len(ml), repr(ml[1:3]), repr(ml[-1])]
    del ml[0]
    res.append(repr(ml))
    ml[0] = nn.GELU()
    res.append(repr(ml + nn.ModuleList([nn.ReLU()])))
    res.append(repr(ml.pop(1)))
    try:
        ml[10]
    except IndexError as e:
        res.append(str(e))
    try:
        ml.extend(3)
    except TypeError as e:
        res.append(str(e))
    md = nn.ModuleDict({'b': nn.ReLU(), 'a': nn.Linear(1, 2)})
    md['c'] = nn.Tanh()
    md.update([('d', nn.Identity())])
    res += [repr(md), list(md.keys()), len(md), 'a' in md, repr(md['a']), [repr(v) for v in md.values()]]
    res.append(repr(md.pop('b')))
    res.append(list(md))
    md.clear()
    res.append(repr(md))
    try:
        md.update([('x',)])
    except ValueError as e:
        res.append(str(e))
    return res


@case('ParameterList and ParameterDict')
def _(nn, optim, data):
    pl = nn.ParameterList([nn.Parameter(torch.randn(2, 3)), torch.zeros(4)])
    pl.append(nn.Parameter(torch.ones(1, dtype=torch.float64)))
    pl.extend([torch.ones(2)])
    res = [repr(pl), len(pl), [type(p).__name__ for p in pl], [n for n, _ in pl.named_parameters()],
           repr(pl[1:])]
    try:
        pl(1)
    except RuntimeError as e:
        res.append(str(e))
    pd = nn.ParameterDict({'b': nn.Parameter(torch.randn(2)), 'a': torch.zeros(3, 1)})
    pd['c'] = nn.Parameter(torch.ones(1))
    pd.update(collections.OrderedDict([('z', torch.ones(2)), ('y', torch.ones(1))]))
    res += [repr(pd), list(pd.keys()), len(pd), 'a' in pd, [n for n, _ in pd.named_parameters()]]
    res.append(pd.pop('b'))
    res.append(list(pd))
    res.append(pd.get('nope', 5))
    try:
        pd[1] = torch.ones(1)
    except TypeError as e:
        res.append(str(e))

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.ps = nn.ParameterList([nn.Parameter(torch.ones(2)) for _ in range(2)])
            self.pd = nn.ParameterDict({'w': nn.Parameter(torch.ones(3))})
    res.append(repr(M()))
    res.append(list(M().state_dict().keys()))
    return res


# ---- init ----------------------------------------------------------------------------------
INITS = [
    "uniform_(t)", "uniform_(t, -2, 3)", "normal_(t)", "normal_(t, 1, 0.1)", "constant_(t, 0.3)", "ones_(t)",
    "zeros_(t)", "eye_(t)", "xavier_uniform_(t)", "xavier_uniform_(t, gain=nn.init.calculate_gain('relu'))",
    "xavier_normal_(t)", "kaiming_uniform_(t)", "kaiming_uniform_(t, a=math.sqrt(5))",
    "kaiming_uniform_(t, mode='fan_out', nonlinearity='relu')", "kaiming_normal_(t)",
    "kaiming_normal_(t, mode='fan_out')", "trunc_normal_(t)", "trunc_normal_(t, std=0.02)", "orthogonal_(t)",
    "sparse_(t, 0.5)", "calculate_gain('tanh')", "calculate_gain('leaky_relu', 0.2)", "calculate_gain('selu')",
    "calculate_gain('nope')", "kaiming_uniform_(t, mode='fan')", "eye_(torch.empty(2, 2, 2))",
    "xavier_uniform_(torch.empty(3))", "dirac_(torch.empty(4, 2, 3, 3))", "_calculate_fan_in_and_fan_out(torch.empty(5, 4, 3))",
]
for spec in INITS:
    def init_case(nn, optim, data, spec=spec):
        t = torch.zeros(4, 6)
        return [eval('nn.init.' + spec), t]
    case('init ' + spec)(init_case)


@case('init: manual_seed then models are bit-identical')
def _(nn, optim, data):
    return [nn.Linear(2, 3).state_dict(), nn.Conv2d(3, 4, 3).state_dict(), nn.LSTM(3, 4, 2).state_dict(),
            nn.Embedding(5, 3).state_dict(), nn.GRUCell(2, 3).state_dict(), nn.Bilinear(2, 2, 3).state_dict(),
            nn.ConvTranspose2d(2, 3, 3).state_dict(), net_class(nn)().state_dict()]


@case('Parameter: repr, requires_grad, deepcopy, is a Tensor')
def _(nn, optim, data):
    import copy
    p = nn.Parameter(torch.ones(2, 2))
    q = nn.Parameter(torch.ones(2), requires_grad=False)
    d = copy.deepcopy(p)
    m = copy.deepcopy(nn.Linear(2, 2))
    return [repr(p), repr(q), p.requires_grad, q.requires_grad, isinstance(p, torch.Tensor), d, d is p,
            type(d).__name__, repr(nn.Parameter()), (p * 2).requires_grad, type(p * 2).__name__, repr(m)]


# ---- nn.utils ------------------------------------------------------------------------------
@case('clip_grad_norm_, clip_grad_value_, parameters_to_vector')
def _(nn, optim, data):
    m = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 2))
    m(torch.randn(5, 3)).pow(2).sum().backward()
    n1 = nn.utils.clip_grad_norm_(m.parameters(), 0.5)
    g1 = [p.grad.clone() for p in m.parameters()]
    n2 = nn.utils.clip_grad_norm_(m.parameters(), 0.1, norm_type=float('inf'))
    n3 = nn.utils.clip_grad_norm_(list(m.parameters())[0], 1.0, norm_type=1)
    nn.utils.clip_grad_value_(m.parameters(), 0.01)
    v = nn.utils.parameters_to_vector(m.parameters())
    nn.utils.vector_to_parameters(v * 2, m.parameters())
    return [n1, g1, n2, n3, [p.grad for p in m.parameters()], v, list(m.parameters()),
            nn.utils.clip_grad_norm_([], 1.0)]


# ---- optimizers ----------------------------------------------------------------------------
OPTIMIZERS = [
    "SGD(ps, lr=0.1)", "SGD(ps, lr=0.05, momentum=0.9)", "SGD(ps, lr=0.05, momentum=0.9, nesterov=True)",
    "SGD(ps, lr=0.05, momentum=0.5, dampening=0.1, weight_decay=0.01)", "SGD(ps, lr=0.1, maximize=True)",
    "Adam(ps)", "Adam(ps, lr=0.01, betas=(0.8, 0.9), eps=1e-6, weight_decay=0.1)", "Adam(ps, lr=0.01, amsgrad=True)",
    "Adam(ps, lr=0.01, maximize=True)", "AdamW(ps, lr=0.01)", "AdamW(ps, lr=0.01, amsgrad=True, weight_decay=0.1)",
    "RMSprop(ps)", "RMSprop(ps, lr=0.001, alpha=0.9, momentum=0.5, centered=True, weight_decay=0.01)",
    "RMSprop(ps, lr=0.01, centered=True)", "Adagrad(ps)", "Adagrad(ps, lr=0.1, lr_decay=0.01, weight_decay=0.1, "
    "initial_accumulator_value=0.1)",
    "SGD([{'params': ps[:2]}, {'params': ps[2:], 'lr': 0.01}], lr=0.1, momentum=0.9)",
    "Adam([{'params': ps[:2], 'weight_decay': 0.1}, {'params': ps[2:]}], lr=0.01)",
]


def train(nn, optim, spec, steps=50):
    model = nn.Sequential(nn.Linear(2, 16), nn.Tanh(), nn.Linear(16, 16), nn.Tanh(), nn.Linear(16, 1))
    ps = list(model.parameters())
    opt = eval('optim.' + spec)
    xs = torch.randn(32, 2)
    ys = (xs[:, :1] * xs[:, 1:]).sin()
    losses = []
    for _ in range(steps):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(xs), ys)
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return model, opt, losses


for spec in OPTIMIZERS:
    def opt_case(nn, optim, data, spec=spec):
        model, opt, losses = train(nn, optim, spec)
        sd = opt.state_dict()
        return [repr(opt), losses, list(model.parameters()), sd['param_groups'], sd['state']]
    case('optim 50 steps ' + spec)(opt_case)


@case('optim: state_dict / load_state_dict round trip continues identically')
def _(nn, optim, data):
    model, opt, _ = train(nn, optim, "Adam(ps, lr=0.01)", steps=5)
    model2 = nn.Sequential(nn.Linear(2, 16), nn.Tanh(), nn.Linear(16, 16), nn.Tanh(), nn.Linear(16, 1))
    model2.load_state_dict(model.state_dict())
    opt2 = optim.Adam(model2.parameters(), lr=0.5)
    opt2.load_state_dict(opt.state_dict())
    xs = torch.randn(8, 2)
    res = []
    for m, o in ((model, opt), (model2, opt2)):
        o.zero_grad()
        m(xs).sum().backward()
        o.step()
        res.append(list(m.parameters()))
    res.append(repr(opt2))
    try:
        opt2.load_state_dict({'state': {}, 'param_groups': []})
    except ValueError as e:
        res.append(str(e))
    return res


@case('optim: errors and add_param_group')
def _(nn, optim, data):
    res = []
    w = nn.Parameter(torch.ones(2))
    for bad in ("optim.SGD([w])", "optim.SGD(w, lr=0.1)", "optim.SGD([], lr=0.1)", "optim.SGD([w], lr=-1)",
                "optim.SGD([w], lr=0.1, momentum=-1)", "optim.SGD([w], lr=0.1, nesterov=True)",
                "optim.Adam([w], betas=(1.0, 0.9))", "optim.Adam([w], eps=-1)", "optim.SGD([w * 2], lr=0.1)",
                "optim.SGD([1], lr=0.1)", "optim.SGD({w}, lr=0.1)", "optim.RMSprop([w], alpha=-1)",
                "optim.Adagrad([w], lr_decay=-1)", "optim.AdamW([w], weight_decay=-1)"):
        try:
            res.append(repr(eval(bad)))
        except Exception as e:
            res.append((type(e).__name__, str(e)))
    opt = optim.SGD([w], lr=0.1)
    v = nn.Parameter(torch.zeros(3))
    opt.add_param_group({'params': v, 'lr': 0.5})
    res.append(repr(opt))
    try:
        opt.add_param_group({'params': [w]})
    except ValueError as e:
        res.append(str(e))
    opt.zero_grad()
    (w.sum() + v.sum()).backward()
    opt.step()
    res += [w, v]
    opt.zero_grad(set_to_none=True)
    res.append(w.grad is None)
    return res


@case('optim: closure')
def _(nn, optim, data):
    w = nn.Parameter(torch.tensor([1.5, -0.5]))
    opt = optim.SGD([w], lr=0.1, momentum=0.9)
    out = []
    for _ in range(5):
        def closure():
            opt.zero_grad()
            loss = (w ** 2).sum()
            loss.backward()
            return loss
        out.append(opt.step(closure).item())
    return [out, w]


# ---- schedulers ----------------------------------------------------------------------------
SCHEDULERS = [
    "StepLR(opt, step_size=3)", "StepLR(opt, 2, gamma=0.5)", "MultiStepLR(opt, milestones=[2, 5, 5, 9], gamma=0.3)",
    "ExponentialLR(opt, gamma=0.9)", "CosineAnnealingLR(opt, T_max=10)", "CosineAnnealingLR(opt, 4, eta_min=0.01)",
    "LambdaLR(opt, lambda e: 0.95 ** e)", "MultiplicativeLR(opt, lambda e: 0.9)", "LinearLR(opt)",
    "LinearLR(opt, start_factor=0.5, end_factor=0.1, total_iters=4)", "ConstantLR(opt, factor=0.5, total_iters=3)",
    "PolynomialLR(opt, total_iters=6, power=2.0)", "OneCycleLR(opt, max_lr=0.5, total_steps=25)",
    "OneCycleLR(opt, max_lr=0.5, epochs=5, steps_per_epoch=5, anneal_strategy='linear', three_phase=True)",
    "CyclicLR(opt, base_lr=0.01, max_lr=0.1, step_size_up=4)",
    "CyclicLR(opt, 0.01, 0.1, step_size_up=3, mode='triangular2')",
    "CyclicLR(opt, 0.01, 0.1, step_size_up=3, mode='exp_range', gamma=0.9)",
    "CosineAnnealingWarmRestarts(opt, T_0=4, T_mult=2)",
    "SequentialLR(opt, [optim.lr_scheduler.LinearLR(opt, 0.1, total_iters=3), optim.lr_scheduler.ExponentialLR(opt, 0.9)], milestones=[3])",
    "ChainedScheduler([optim.lr_scheduler.ConstantLR(opt, 0.5, total_iters=4), optim.lr_scheduler.ExponentialLR(opt, 0.9)])",
]
for spec in SCHEDULERS:
    def sched_case(nn, optim, data, spec=spec):
        w = nn.Parameter(torch.ones(2))
        opt = optim.SGD([w], lr=0.1, momentum=0.9)
        sched = eval('optim.lr_scheduler.' + spec)
        lrs = [sched.get_last_lr()]
        for _ in range(24):
            opt.step()
            sched.step()
            lrs.append(sched.get_last_lr())
        sd = {k: v for k, v in sched.state_dict().items() if k not in ('_schedulers', 'lr_lambdas', 'anneal_func',
                                                                      '_scale_fn_ref', '_scale_fn_custom')}
        return [lrs, sorted(sd.keys()), [g['lr'] for g in opt.param_groups], opt.param_groups[0]['momentum']]
    case('scheduler ' + spec)(sched_case)


@case('scheduler: ReduceLROnPlateau')
def _(nn, optim, data):
    w = nn.Parameter(torch.ones(2))
    opt = optim.Adam([w], lr=0.1)
    s = optim.lr_scheduler.ReduceLROnPlateau(opt, patience=2, factor=0.5, cooldown=1)
    lrs = []
    for m in [1.0, 0.9, 0.95, 0.95, 0.95, 0.95, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1]:
        s.step(m)
        lrs.append(opt.param_groups[0]['lr'])
    s2 = optim.lr_scheduler.ReduceLROnPlateau(opt, mode='max', threshold_mode='abs', verbose=True)
    for m in range(15):
        s2.step(torch.tensor(1.0))
    return [lrs, s.best, s.num_bad_epochs, opt.param_groups[0]['lr'], sorted(s.state_dict().keys())]


@case('scheduler: warnings for order, get_lr and epoch')
def _(nn, optim, data):
    w = nn.Parameter(torch.ones(2))
    opt = optim.SGD([w], lr=0.1)
    s = optim.lr_scheduler.StepLR(opt, 2)
    s.step()
    s.get_lr()
    s.step(5)
    return [s.get_last_lr(), s.last_epoch]


@case('scheduler: verbose prints')
def _(nn, optim, data):
    import io
    import contextlib
    w = nn.Parameter(torch.ones(2))
    opt = optim.SGD([w], lr=0.1)
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        s = optim.lr_scheduler.ExponentialLR(opt, 0.5, verbose=True)
        opt.step()
        s.step()
    return buf.getvalue()


# ---- data ----------------------------------------------------------------------------------
def square_dataset(data):
    class Squares(data.Dataset):
        def __init__(self, n):
            self.n = n

        def __len__(self):
            return self.n

        def __getitem__(self, i):
            return torch.tensor([float(i)]), i * i
    return Squares


LOADERS = [
    "DataLoader(ds, batch_size=4)", "DataLoader(ds, batch_size=4, shuffle=True)",
    "DataLoader(ds, batch_size=3, shuffle=True, drop_last=True)", "DataLoader(ds)", "DataLoader(ds, batch_size=None)",
    "DataLoader(ds, batch_size=4, shuffle=True, generator=torch.Generator().manual_seed(7))",
    "DataLoader(ds, batch_size=2, sampler=data.RandomSampler(ds, replacement=True, num_samples=40))",
    "DataLoader(ds, batch_sampler=data.BatchSampler(data.SequentialSampler(ds), 3, False))",
    "DataLoader(ds, batch_size=5, sampler=data.SubsetRandomSampler([1, 3, 5, 7, 9, 11]))",
    "DataLoader(ds, batch_size=4, sampler=data.WeightedRandomSampler([1.0] * 7 + [5.0] * 6, 10))",
    "DataLoader(ds, batch_size=4, collate_fn=lambda b: [x[1] for x in b])",
    "DataLoader(ds, batch_size=4, shuffle=True, num_workers=0)",
]
for spec in LOADERS:
    def loader_case(nn, optim, data, spec=spec):
        ds = square_dataset(data)(13)
        dl = eval('data.' + spec)
        epochs = [list(dl) for _ in range(2)]
        return [len(dl), epochs]
    case('data ' + spec)(loader_case)


@case('data: TensorDataset, Subset, ConcatDataset, random_split')
def _(nn, optim, data):
    ds = data.TensorDataset(torch.arange(10.).reshape(5, 2), torch.arange(5))
    res = [len(ds), ds[2], ds[-1]]
    sub = data.Subset(ds, [4, 0, 2])
    res += [len(sub), sub[0], [sub[i] for i in range(len(sub))]]
    cat = data.ConcatDataset([ds, sub])
    res += [len(cat), cat[6], cat[-1], cat.cumulative_sizes, len(ds + sub)]
    parts = data.random_split(range(10), [3, 7])
    res += [[list(p) for p in parts], [p.indices for p in parts]]
    parts = data.random_split(range(10), [0.5, 0.3, 0.2], generator=torch.Generator().manual_seed(42))
    res += [[list(p) for p in parts]]
    parts = data.random_split(range(11), [0.5, 0.5])
    res += [[list(p) for p in parts]]
    for bad in ("data.random_split(range(10), [3, 3])", "data.TensorDataset(torch.ones(2), torch.ones(3))",
                "data.ConcatDataset([])", "cat[-20]"):
        try:
            eval(bad)
        except Exception as e:
            res.append((type(e).__name__, str(e)))
    return res


@case('data: default_collate of dicts, tuples, lists, numbers, strings, named tuples')
def _(nn, optim, data):
    from torch.utils.data import default_collate as pt_collate  # noqa: F401
    coll = data.default_collate if hasattr(data, 'default_collate') else data.dataloader.default_collate
    Point = collections.namedtuple('Point', ['x', 'y'])
    res = [coll([{'a': torch.ones(2), 'b': 1}, {'a': torch.zeros(2), 'b': 2}]),
           coll([(1.5, 'u'), (2.5, 'v')]), coll([[1, 2], [3, 4]]), coll([True, False]),
           coll([Point(1, 2.0), Point(3, 4.0)]), coll([torch.tensor(1), torch.tensor(2)]), coll(['a', 'b'])]
    for bad in ("coll([object(), object()])", "coll([[1, 2], [3]])"):
        try:
            eval(bad)
        except Exception as e:
            res.append((type(e).__name__, str(e).split(' at 0x')[0]))
    return res


@case('data: IterableDataset under DataLoader')
def _(nn, optim, data):
    class Stream(data.IterableDataset):
        def __init__(self, n):
            self.n = n

        def __iter__(self):
            return iter(range(self.n))

        def __len__(self):
            return self.n
    res = [list(data.DataLoader(Stream(7), batch_size=3)), list(data.DataLoader(Stream(7), batch_size=3, drop_last=True)),
           len(data.DataLoader(Stream(7), batch_size=3)), list(data.DataLoader(Stream(3), batch_size=None))]
    for bad in ("data.DataLoader(Stream(3), shuffle=True)", "data.DataLoader(Stream(3), sampler=[0])"):
        try:
            eval(bad)
        except ValueError as e:
            res.append(str(e).split(' object at')[0])
    return res


@case('data: DataLoader argument errors')
def _(nn, optim, data):
    ds = square_dataset(data)(4)
    res = []
    for bad in ("data.DataLoader(ds, shuffle=True, sampler=data.SequentialSampler(ds))",
                "data.DataLoader(ds, batch_size=2, batch_sampler=data.BatchSampler(range(4), 2, False))",
                "data.DataLoader(ds, batch_size=None, drop_last=True)", "data.DataLoader(ds, num_workers=-1)",
                "data.BatchSampler(range(4), 0, False)", "data.BatchSampler(range(4), 2, 1)",
                "data.RandomSampler(ds, num_samples=0)", "data.WeightedRandomSampler([1.0], 0)"):
        try:
            eval(bad)
        except Exception as e:
            res.append((type(e).__name__, str(e)))
    dl = data.DataLoader(ds, batch_size=2)
    try:
        dl.batch_size = 3
    except ValueError as e:
        res.append(str(e))
    return res


@case('data: quickstart-style training loop over a Dataset subclass')
def _(nn, optim, data):
    torch.manual_seed(1)
    X = torch.randn(40, 3)
    Y = (X.sum(1, keepdim=True) > 0).float()
    ds = data.TensorDataset(X, Y)
    dl = data.DataLoader(ds, batch_size=8, shuffle=True)
    model = nn.Sequential(nn.Linear(3, 8), nn.ReLU(), nn.Linear(8, 1))
    opt = optim.SGD(model.parameters(), lr=0.5)
    loss_fn = nn.BCEWithLogitsLoss()
    losses = []
    for epoch in range(3):
        for xb, yb in dl:
            loss = loss_fn(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
            losses.append(f"{loss.item():.6f}")
    return losses


HERE = __import__('os').path.dirname(__import__('os').path.abspath(__file__))


def swap_in_tensorpad():
    """torch.nn / torch.optim / torch.utils.data (and their submodules) become tensorpad's."""
    tpnn, tpoptim, tpdata = TP
    swaps = {'torch.nn': tpnn, 'torch.nn.init': tpnn.init, 'torch.nn.utils': tpnn.utils,
             'torch.nn.parameter': sys.modules['tpnn.parameter'], 'torch.nn.modules': tpnn.modules,
             'torch.nn.modules.module': tpnn.modules.module, 'torch.optim': tpoptim,
             'torch.optim.lr_scheduler': tpoptim.lr_scheduler, 'torch.utils.data': tpdata,
             'torch.utils.data.dataloader': tpdata.dataloader}
    for name, mod in swaps.items():
        sys.modules[name] = mod
    torch.nn, torch.optim, torch.utils.data = tpnn, tpoptim, tpdata
    tpnn.functional = torch.nn.functional if hasattr(torch.nn, 'functional') else tpnn.functional


def run_programs():
    """(passed, names that differ) over tests/python/programs/nn_*.py."""
    import os
    import runpy
    import tempfile
    import traceback
    progs = os.path.join(HERE, 'programs')
    expected = os.path.join(HERE, 'expected')
    names = sorted(f[:-3] for f in os.listdir(progs) if f.startswith('nn_') and f.endswith('.py'))
    names = [n for n in names if not ONLY or any(o in n for o in ONLY)]
    passed, bad = 0, []
    for name in names:
        with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
            sys.stdout.flush()
            pid = os.fork()
            if pid == 0:
                os.dup2(out.fileno(), 1)
                os.dup2(err.fileno(), 2)
                os.chdir(progs)
                swap_in_tensorpad()
                try:
                    runpy.run_path(os.path.join(progs, name + '.py'), run_name='__main__')
                except BaseException:  # noqa: BLE001 - reported as Python does
                    traceback.print_exc()
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(0)
            os.waitpid(pid, 0)
            out.seek(0)
            err.seek(0)
            got, got_err = out.read(), err.read().decode('utf-8', 'replace')
        with open(os.path.join(expected, name + '.out'), 'rb') as fh:
            want = fh.read()
        want_exc = None
        if os.path.exists(os.path.join(expected, name + '.err')):
            with open(os.path.join(expected, name + '.err'), encoding='utf-8') as fh:
                want_exc = fh.read().strip()
        i = got_err.rfind('Traceback (most recent call last):')
        got_exc = None
        if i >= 0:
            lines = got_err[i:].split('\n')[1:]
            while lines and lines[0].startswith('  '):
                lines.pop(0)
            got_exc = '\n'.join(lines).strip()
        if got == want and got_exc == want_exc:
            passed += 1
            if VERBOSE:
                print('ok   program', name)
        else:
            bad.append(name)
            print('FAIL program', name)
            import difflib
            for line in list(difflib.unified_diff(want.decode('utf-8', 'replace').split('\n'),
                                                  got.decode('utf-8', 'replace').split('\n'),
                                                  'pytorch', 'tensorpad', lineterm='', n=1))[:20]:
                print('    ' + line)
            if got_exc != want_exc:
                print('    exception: pytorch', repr(want_exc), '\n               tensorpad', repr(got_exc))
    return passed, bad


def main():
    ran = passed = 0
    failures = []
    for name, fn, tol in CASES:
        if ONLY and not any(o in name for o in ONLY):
            continue
        ran += 1
        got = run(fn, TP)
        want = run(fn, PT)
        ok = (got == want) if tol is None else (close(got[0], want[0], tol) and got[1:] == want[1:])
        if ok:
            passed += 1
            if VERBOSE:
                print('ok  ', name)
        else:
            failures.append(name)
            print('FAIL', name)
            if VERBOSE or len(failures) <= 40:
                for part, g, w in zip(('value', 'warnings', 'next rand'), got, want):
                    if g != w:
                        print('   ', part, '\n      tensorpad:', str(g)[:1500], '\n      pytorch:  ', str(w)[:1500])
    print(f'nn_parity: {passed}/{ran} cases identical to PyTorch {torch.__version__}'
          f' ({len(failures)} failing)')
    ppassed, pbad = run_programs()
    print(f'nn_parity: {ppassed}/{ppassed + len(pbad)} nn_* programs print what PyTorch printed')
    return 0 if not failures and not pbad else 1


if __name__ == '__main__':
    sys.exit(main())
