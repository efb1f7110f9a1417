"""The differential tester's program generator and its PyTorch interpreter.

A program is plain JSON data, so one description runs under PyTorch here and under tensorpad
in node (tests/diff/interp.mjs):

  {"id": "unary-17", "cat": "unary", "steps": [step, ...]}

Steps (names are the program's variables):
  ["t",  name, flat, shape, dtype, requires_grad]   torch.tensor(flat, dtype).reshape(shape).clone()
  ["m",  name, var, method, args, kwargs]            name = var.method(*args, **kwargs)
  ["f",  name, fn, args, kwargs]                     name = fn(*args, **kwargs); fn 'torch.x', 'F.x', 'special.x'
  ["ix", name, var, keys]                            name = var[keys]
  ["set", var, keys, value]                          var[keys] = value
  ["bw", var, gradient]                              var.backward(gradient)
  ["ag", name, outputs, inputs, kwargs]              name = torch.autograd.grad(outputs, inputs, **kwargs)
  ["it", name, var, i]                               name = var[i] for a tuple/list result
Arguments: JSON ints, bools, null and strings as they are; {"f": x} a Python float (never
integral, or 'nan'/'inf'/'-inf'); {"v": name} a variable; {"dt": "float32"} a dtype; lists
of arguments. Index keys: ints, null, '...', a slice string 'a:b:c', {"v": name}.

run(prog) gives one result per step ({"err": first line} for a failure, {"skip": 1} when a
variable it uses failed) and 'final': every tensor variable's value and every leaf's .grad
after the last step. See tests/diff/README.md.
"""
import json
import keyword
import math
import random
import warnings

import torch

DT = {'float32': torch.float32, 'float64': torch.float64, 'int32': torch.int32,
      'int64': torch.int64, 'bool': torch.bool}
FLOATS = ['float32', 'float64']
ALL = ['float32', 'float64', 'int32', 'int64', 'bool']
UNINIT = ('torch.empty', 'torch.empty_like')   # their values are not compared (zeros stand in)
NOT_FN = ('float', 'double', 'long', 'int', 'bool', 'item', 'tolist', 'dim', 'is_contiguous', 'contiguous')


# ---- encoding results -----------------------------------------------------------------------
def enc_num(x):
    if isinstance(x, float):
        if math.isnan(x):
            return 'nan'
        if math.isinf(x):
            return 'inf' if x > 0 else '-inf'
    return x


def enc(r):
    if isinstance(r, torch.Tensor):
        gf = r.grad_fn.name() if r.grad_fn is not None else None
        try:
            vals = r.detach().reshape(-1).tolist()
        except RuntimeError:   # autograd.grad's zeros for an unused input can have unallocated storage
            vals = torch.zeros(r.shape, dtype=r.dtype).reshape(-1).tolist()
        return {'s': list(r.shape), 'd': str(r.dtype)[6:], 'v': [enc_num(x) for x in vals],
                'rg': r.requires_grad, 'gf': gf}
    if isinstance(r, torch.dtype):
        return {'dt': str(r)[6:]}
    if isinstance(r, torch.Size):
        return {'py': list(r)}
    if isinstance(r, (list, tuple)):
        return {'l': [enc(x) for x in r]}
    if r is None or isinstance(r, (bool, int, float, str)):
        return {'py': enc_num(r)}
    return {'py': repr(type(r))}


def msg(e):
    s = str(e).strip().split('\n')[0]
    return s


# ---- the PyTorch interpreter ----------------------------------------------------------------
class Skip(Exception):
    pass


def fn_of(name):
    mod, _, attr = name.partition('.')
    return getattr({'torch': torch, 'F': torch.nn.functional, 'special': torch.special}[mod], attr)


def arg(a, env):
    if isinstance(a, list):
        return [arg(x, env) for x in a]
    if isinstance(a, dict):
        if 'v' in a:
            if a['v'] not in env:
                raise Skip()
            return env[a['v']]
        if 'f' in a:
            return float(a['f'])
        if 'dt' in a:
            return DT[a['dt']]
    return a


def key(k, env):
    if isinstance(k, str) and k != '...':
        parts = [int(p) if p else None for p in k.split(':')]
        return slice(*parts) if len(parts) > 1 else parts[0]
    if k == '...':
        return Ellipsis
    return arg(k, env)


def keys(ks, env):
    return tuple(key(k, env) for k in ks)


def plain_call(f, args, kw, meth=None):
    """f(args..., k=v...), or f.meth(...), as a program writes it: CPython words some errors of a
    call made with *args / **kwargs, or through a bound method object, differently
    ('Tensor.msort()' for x.msort(1)'s '_TensorBase.msort()')."""
    if any(keyword.iskeyword(k) for k in kw):   # (from=, as random_'s: only ** can pass it)
        return (getattr(f, meth) if meth else f)(*args, **kw)
    names = {'f': f}
    parts = []
    for i, a in enumerate(args):
        names['a%d' % i] = a
        parts.append('a%d' % i)
    for i, (k, v) in enumerate(kw.items()):
        names['k%d' % i] = v
        parts.append('%s=k%d' % (k, i))
    return eval('f%s(%s)' % ('.' + meth if meth else '', ', '.join(parts)), {}, names)


def step(s, env):
    op = s[0]
    if op == 't':
        _, name, flat, shape, dt, rg = s
        t = torch.tensor([float(x) if isinstance(x, str) else x for x in flat], dtype=DT[dt]).reshape(shape).clone()
        if rg:
            t.requires_grad_()
        env[name] = t
        return None
    if op == 'm':
        _, name, var, meth, args, kw = s
        r = plain_call(arg({'v': var}, env), arg(args, env), {k: arg(v, env) for k, v in kw.items()}, meth)
        env[name] = r
        return r
    if op == 'f':
        _, name, fn, args, kw = s
        r = plain_call(fn_of(fn), arg(args, env), {k: arg(v, env) for k, v in kw.items()})
        env[name] = r
        return r.new_zeros(r.shape) if fn in UNINIT else r
    if op == 'ix':
        _, name, var, ks = s
        r = arg({'v': var}, env)[keys(ks, env)]
        env[name] = r
        return r
    if op == 'set':
        _, var, ks, val = s
        t = arg({'v': var}, env)
        t[keys(ks, env)] = arg(val, env)
        return t
    if op == 'bw':
        _, var, g = s
        arg({'v': var}, env).backward(arg(g, env))
        return None
    if op == 'ag':
        _, name, outs, ins, kw = s
        r = torch.autograd.grad(arg(outs, env), arg(ins, env), **{k: arg(v, env) for k, v in kw.items()})
        env[name] = list(r)
        return r
    if op == 'it':
        _, name, var, i = s
        r = arg({'v': var}, env)[i]
        env[name] = r
        return r
    raise ValueError(op)


def run(prog):
    """The results of prog's steps under PyTorch, and 'final': each tensor variable whose value
    changed after the step that made it (in-place writes, through views too) and each leaf's grad."""
    env, res, made = {}, [], {}
    uninit = {s[1] for s in prog['steps'] if s[0] == 'f' and s[2] in UNINIT}
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        for s in prog['steps']:
            try:
                r = step(s, env)
                res.append(None if s[0] in ('t', 'bw') else enc(r))
                if s[0] != 'set' and s[0] != 'bw' and isinstance(env.get(s[1]), torch.Tensor):
                    made[s[1]] = enc(env[s[1]])
            except Skip:
                res.append({'skip': 1})
            except Exception as e:  # noqa: BLE001 - the message is the result
                res.append({'err': msg(e)})
        final = {}
        for k, v in env.items():
            if isinstance(v, torch.Tensor) and k not in uninit:
                e = enc(v)
                # compared as JSON text, so that a write that only flips the sign of a zero counts
                if json.dumps(e, sort_keys=True) != json.dumps(made.get(k), sort_keys=True):
                    final[k] = e
                if v.is_leaf and v.requires_grad:
                    final[k + '.grad'] = enc(v.grad) if v.grad is not None else None
    return {'res': res, 'final': final}


# ---- the generator --------------------------------------------------------------------------
SPECIAL = [0.0, -0.0, 'nan', 'inf', '-inf']
NICE = [0.5, -0.5, 1.5, -1.5, 2.25, -2.75, 0.125, 3.5, -0.25, 0.75, 1.0, -1.0, 2.0, 0.0]


class Gen:
    def __init__(self, seed, cat):
        self.r = random.Random('%s-%d' % (cat, seed))
        self.steps, self.n = [], 0

    def name(self):
        self.n += 1
        return 'x%d' % self.n

    def shape(self, nd=None, allow_empty=True):
        r = self.r
        nd = r.choice([0, 1, 1, 2, 2, 2, 3]) if nd is None else nd
        sh = [r.choice([1, 2, 2, 3, 3, 4]) for _ in range(nd)]
        if allow_empty and nd and r.random() < 0.08:
            sh[r.randrange(nd)] = 0
        return sh

    def value(self, dt, special=True, kink=False):
        r = self.r
        if dt == 'bool':
            return r.random() < 0.5
        if dt in ('int32', 'int64'):
            return r.choice([0, 1, -1, 2, 3, -3, 5, 7, -8, 10])
        if special and r.random() < 0.06:
            return r.choice(SPECIAL)
        if kink and r.random() < 0.3:
            return r.choice([0.0, 1.0, -1.0])
        if r.random() < 0.3:
            return r.choice(NICE)
        return round(r.uniform(-3, 3), r.choice([2, 4, 7]))

    def leaf(self, shape=None, dt=None, rg=False, special=True, kink=False, positive=False):
        dt = dt or self.dtype()
        shape = self.shape() if shape is None else shape
        n = 1
        for d in shape:
            n *= d
        flat = [self.value(dt, special, kink) for _ in range(n)]
        if positive:
            flat = [abs(x) + 0.25 if isinstance(x, float) else x for x in flat]
        nm = self.name()
        self.steps.append(['t', nm, flat, shape, dt, rg])
        return nm, shape, dt

    def dtype(self, floats=0.6):
        return self.r.choice(FLOATS) if self.r.random() < floats else self.r.choice(ALL)

    def emit(self, *s):
        self.steps.append(list(s))
        return s[1]

    def m(self, var, meth, args=(), kw=None):
        return self.emit('m', self.name(), var, meth, list(args), kw or {})

    def f(self, fn, args=(), kw=None):
        return self.emit('f', self.name(), fn, list(args), kw or {})

    def scalar(self, kind=None):
        r = self.r
        kind = kind or r.choice(['int', 'float', 'float', 'bool'])
        if kind == 'int':
            return r.choice([0, 1, 2, -1, 3, -2])
        if kind == 'bool':
            return r.random() < 0.5
        return {'f': r.choice([0.5, -1.5, 2.5, 0.25, -0.75, 1.25, 'nan', 'inf'] if r.random() < 0.15 else [0.5, -1.5, 2.5, 0.25, -0.75, 1.25])}

    def noncontig(self, var, shape):
        """Maybe a non-contiguous view of var with the same number of dims (or fewer)."""
        r = self.r
        c = r.random()
        if len(shape) >= 2 and c < 0.25:
            return self.m(var, 'transpose', [0, len(shape) - 1]), shape[::-1][:1] + shape[1:-1] + shape[:1]
        if len(shape) >= 1 and shape[0] >= 2 and c < 0.4:
            ks = ['::2']
            return self.emit('ix', self.name(), var, ks), [(shape[0] + 1) // 2] + shape[1:]
        if len(shape) >= 1 and c < 0.5:
            return self.m(var, 'flip', [[0]]), shape
        return var, shape

    def dim(self, nd, optional=False):
        r = self.r
        if optional and r.random() < 0.3:
            return None
        if r.random() < 0.04:
            return r.choice([nd, -nd - 1, 5])   # out of range
        if nd == 0:
            return r.choice([0, -1])
        return r.randrange(-nd, nd)


UNARY = ['abs', 'neg', 'exp', 'log', 'sqrt', 'sin', 'cos', 'tan', 'tanh', 'sigmoid', 'relu', 'sign', 'sgn',
         'floor', 'ceil', 'round', 'trunc', 'frac', 'reciprocal', 'rsqrt', 'log1p', 'expm1', 'erf', 'erfc',
         'square', 'exp2', 'log2', 'log10', 'atan', 'asin', 'acos', 'sinh', 'cosh', 'asinh', 'acosh', 'atanh',
         'logical_not', 'bitwise_not', 'isnan', 'isinf', 'isfinite', 'isposinf', 'isneginf', 'signbit',
         'nan_to_num', 'deg2rad', 'rad2deg', 'lgamma', 'digamma', 'erfinv', 'i0', 'sinc', 'logit', 'positive',
         'angle', 'fix', 'absolute', 'negative', 'arctan', 'expit' if False else 'sigmoid', 'float', 'double',
         'long', 'int', 'bool', 'clone', 'contiguous', 'nonzero', 'count_nonzero', 'numel', 'dim', 'item',
         'tolist', 'is_contiguous', 'is_floating_point', 'argwhere', 'ravel', 'conj']
BINARY = ['add', 'sub', 'mul', 'div', 'true_divide', 'pow', 'maximum', 'minimum', 'fmax', 'fmin', 'eq', 'ne',
          'lt', 'le', 'gt', 'ge', 'remainder', 'fmod', 'atan2', 'hypot', 'logical_and', 'logical_or',
          'logical_xor', 'bitwise_and', 'bitwise_or', 'bitwise_xor', 'floor_divide', 'copysign', 'xlogy',
          'rsub', 'float_power', 'nextafter', 'ldexp', 'logaddexp', 'logaddexp2', 'heaviside', 'isclose',
          'equal', 'dist', 'bitwise_left_shift', 'bitwise_right_shift', 'greater', 'less', 'not_equal',
          'multiply', 'subtract', 'divide', 'clamp_min', 'clamp_max']
REDUCE = ['sum', 'mean', 'prod', 'max', 'min', 'amax', 'amin', 'argmax', 'argmin', 'std', 'var', 'norm',
          'logsumexp', 'cumsum', 'cumprod', 'all', 'any', 'nansum', 'nanmean', 'median', 'nanmedian',
          'count_nonzero', 'softmax', 'log_softmax', 'cummax', 'cummin', 'aminmax', 'std_mean', 'var_mean',
          'logcumsumexp', 'mode', 'sort', 'argsort', 'topk', 'kthvalue', 'unique', 'msort']
SHAPE = ['view', 'reshape', 'transpose', 'permute', 'flatten', 'squeeze', 'unsqueeze', 'expand', 'narrow',
         'select', 't', 'T', 'mT', 'flip', 'roll', 'repeat', 'tile', 'movedim', 'diagonal', 'tril', 'triu',
         'chunk', 'split', 'unbind', 'unflatten', 'swapaxes', 'fliplr', 'flipud', 'rot90', 'diag', 'diag_embed',
         'expand_as', 'broadcast_to', 'gather', 'index_select', 'masked_select', 'take', 'masked_fill',
         'repeat_interleave', 'cat', 'stack', 'hstack', 'vstack', 'where', 'clamp', 'lerp', 'addcmul',
         'index', 'trace', 'outer', 'matmul', 'dot', 'mm', 'kron', 'cross', 'atleast_2d', 'searchsorted',
         'bucketize', 'histc', 'bincount', 'cartesian_prod', 'meshgrid', 'tensordot', 'einsum']
INPLACE = ['add_', 'sub_', 'mul_', 'div_', 'clamp_', 'fill_', 'zero_', 'copy_', 'abs_', 'neg_', 'exp_',
           'relu_', 'sqrt_', 'pow_', 'masked_fill_', 'index_put_', 'setitem', 'fill_diagonal_', 'tanh_',
           'sigmoid_', 'floor_', 'clamp_min_', 'lerp_', 'addcmul_', 'index_fill_', 'scatter_', 'index_add_',
           'cumsum_', 'logical_not_', 'eq_', 'lt_', 'sign_', 'round_', 'square_', 't_', 'squeeze_',
           'unsqueeze_', 'transpose_', 'bitwise_and_', 'remainder_']
GRAD_UNARY = ['abs', 'relu', 'exp', 'log', 'sqrt', 'sin', 'cos', 'tanh', 'sigmoid', 'pow', 'clamp', 'sign',
              'square', 'reciprocal', 'rsqrt', 'expm1', 'log1p', 'erf', 'atan', 'asin', 'sinh', 'floor',
              'round', 'frac', 'sum', 'mean', 'prod', 'max', 'min', 'amax', 'norm', 'std', 'var', 'cumsum',
              'cumprod', 'logsumexp', 'softmax', 'log_softmax', 'sort', 'topk', 'median', 'trace', 'flip',
              't', 'diagonal', 'expand', 'repeat', 'index', 'narrow', 'cat', 'stack', 'where', 'maximum',
              'minimum', 'mul', 'div', 'sub', 'add', 'atan2', 'hypot', 'xlogy', 'lerp', 'matmul', 'gather',
              'masked_fill', 'F.gelu', 'F.silu', 'F.elu', 'F.leaky_relu', 'F.softplus', 'F.hardtanh',
              'F.mse_loss', 'F.l1_loss', 'F.smooth_l1_loss', 'F.huber_loss', 'F.cross_entropy', 'F.nll_loss',
              'F.binary_cross_entropy', 'F.normalize', 'F.logsigmoid', 'F.hardswish', 'F.mish', 'F.celu',
              'F.selu', 'F.softsign', 'F.tanhshrink', 'F.relu6', 'F.hardsigmoid', 'F.glu', 'F.layer_norm',
              'F.pad', 'F.dropout', 'F.cosine_similarity', 'F.pairwise_distance', 'F.kl_div',
              'F.soft_margin_loss', 'F.poisson_nll_loss', 'F.margin_ranking_loss']


def call(g, var, op, args=(), kw=None):
    """var.op(...) or torch.op(var, ...), at random (an op under F./special. is always a function)."""
    if '.' in op:
        return g.f(op, [{'v': var}] + list(args), kw)
    if op in ('rsub',) or g.r.random() < 0.35 and op not in ('T', 'mT') + NOT_FN and not op.endswith('_'):
        return g.f('torch.' + op, [{'v': var}] + list(args), kw)
    if op in ('T', 'mT'):
        return g.m(var, '__getattribute__', [op])
    return g.m(var, op, args, kw)


def gen_unary(g):
    r = g.r
    a, sh, dt = g.leaf()
    a, sh = g.noncontig(a, sh)
    op = r.choice(UNARY)
    args, kw = [], {}
    if op == 'round' and r.random() < 0.3:
        kw = {'decimals': r.choice([0, 1, 2, -1])}
    if op == 'nan_to_num' and r.random() < 0.5:
        kw = {'nan': {'f': 0.5}, 'posinf': {'f': 9.5}}
    if op == 'logit' and r.random() < 0.5:
        args = [{'f': 0.25}]
    call(g, a, op, args, kw)


def other_shape(g, sh):
    r = g.r
    c = r.random()
    if c < 0.05:
        return g.shape()   # maybe not broadcastable
    if c < 0.2:
        return []
    out = list(sh[r.randrange(len(sh) + 1):]) if sh else []
    return [1 if r.random() < 0.3 else d for d in out]


def gen_binary(g):
    r = g.r
    a, sh, dt = g.leaf()
    a, sh = g.noncontig(a, sh)
    op = r.choice(BINARY)
    if r.random() < 0.3:
        b = g.scalar()
    else:
        b = {'v': g.leaf(other_shape(g, sh), g.dtype())[0]}
    kw = {}
    if op in ('add', 'sub', 'rsub') and r.random() < 0.3:
        kw = {'alpha': r.choice([2, -1, {'f': 0.5}, {'f': 1.5}])}
    if op in ('div', 'divide') and r.random() < 0.5:
        kw = {'rounding_mode': r.choice(['floor', 'trunc', None])}
    if r.random() < 0.2 and op in ('add', 'mul', 'sub', 'div', 'pow', 'eq', 'logical_and', 'remainder', 'bitwise_and', 'atan2', 'lt'):
        c = g.m(a, 'clone')
        g.m(c, op + '_', [b], kw)
    elif r.random() < 0.1 and not isinstance(b, dict) or (isinstance(b, dict) and 'v' not in b and r.random() < 0.1):
        g.f('torch.' + op, [b, {'v': a}], kw)
    else:
        call(g, a, op, [b], kw)


def gen_reduce(g):
    r = g.r
    a, sh, dt = g.leaf(dt=g.dtype(0.7))
    a, sh = g.noncontig(a, sh)
    nd = len(sh)
    op = r.choice(REDUCE)
    args, kw = [], {}
    d = g.dim(nd)
    if op in ('softmax', 'log_softmax', 'cumsum', 'cumprod', 'cummax', 'cummin', 'logcumsumexp'):
        args = [d]
        if op in ('cumsum', 'cumprod', 'softmax') and r.random() < 0.3:
            kw = {'dtype': {'dt': r.choice(ALL)}}
    elif op in ('topk', 'kthvalue'):
        args = [r.choice([0, 1, 2, 3])]
        if r.random() < 0.6:
            args.append(d)
    elif op == 'norm':
        args = [r.choice([2, 1, 0, 3, {'f': 'inf'}, {'f': '-inf'}, {'f': 0.5}, 'fro'])]
        if r.random() < 0.5:
            args.append(d)
            if r.random() < 0.5:
                args.append(r.random() < 0.5)
    elif op in ('sort', 'argsort'):
        if r.random() < 0.6:
            kw['dim'] = d
        if r.random() < 0.5:
            kw['descending'] = r.random() < 0.5
    elif op == 'unique':
        kw = {'sorted': True, 'return_counts': r.random() < 0.5}
        if r.random() < 0.3:
            kw['dim'] = d
    elif op in ('msort', 'count_nonzero') and r.random() < 0.5:
        pass
    elif r.random() < 0.7:
        args = [d]
        if op not in ('all', 'any', 'count_nonzero') or r.random() < 0.5:
            if r.random() < 0.5:
                kw['keepdim'] = r.random() < 0.5
        if op in ('std', 'var', 'std_mean', 'var_mean') and r.random() < 0.5:
            kw['unbiased'] = r.random() < 0.5
    if op in ('sum', 'prod', 'mean', 'nansum', 'nanmean') and r.random() < 0.25:
        kw['dtype'] = {'dt': r.choice(ALL)}
    call(g, a, op, args, kw)


def view_of(g, var, sh):
    """A random view of var: (name, shape)."""
    r = g.r
    nd = len(sh)
    c = r.randrange(7)
    if nd >= 2 and c == 0:
        return g.m(var, 't' if nd == 2 else 'transpose', [] if nd == 2 else [0, 1]), [sh[1], sh[0]] + sh[2:]
    if nd >= 1 and c == 1 and sh[0] > 0:
        i = r.randrange(sh[0])
        return g.emit('ix', g.name(), var, [i]), sh[1:]
    if nd >= 1 and c == 2:
        return g.emit('ix', g.name(), var, ['1:']), [max(sh[0] - 1, 0)] + sh[1:]
    if nd >= 2 and c == 3:
        return g.m(var, 'diagonal'), [min(sh[0], sh[1])] + sh[2:]
    if nd >= 1 and c == 4:
        return g.emit('ix', g.name(), var, ['...', '::2']), sh[:-1] + [(sh[-1] + 1) // 2]
    if nd >= 1 and c == 5 and sh[-1] == 1:
        return g.m(var, 'expand', [sh[:-1] + [3]]), sh[:-1] + [3]
    if c == 6:
        return g.m(var, 'unsqueeze', [0]), [1] + sh
    return g.m(var, 'view', [sh]), sh


def gen_shape(g):
    r = g.r
    a, sh, dt = g.leaf(dt=g.dtype(0.5), special=False)
    if r.random() < 0.4:
        a, sh = view_of(g, a, sh)
    nd = len(sh)
    n = 1
    for d in sh:
        n *= d
    op = r.choice(SHAPE)
    d = g.dim(nd)
    args, kw = [], {}
    if op in ('view', 'reshape'):
        args = [r.choice([[-1], [n], [1, -1], [n, 1], [-1, 2], [2, -1, 1], []])]
    elif op in ('transpose', 'swapaxes', 'movedim'):
        args = [d, g.dim(nd)]
    elif op == 'permute':
        p = list(range(nd))
        r.shuffle(p)
        args = [p]
    elif op == 'flatten' and nd and r.random() < 0.5:
        args = [0, d]
    elif op in ('squeeze', 'unsqueeze'):
        args = [d] if (op == 'unsqueeze' or r.random() < 0.7) else []
        if op == 'unsqueeze' and r.random() < 0.3:
            args = [nd]
    elif op == 'expand':
        args = [[r.choice([2, -1])] + [r.choice([x, -1, 3]) if x == 1 else x for x in sh]]
    elif op == 'narrow':
        args = [d, r.choice([0, 1, -1]), r.choice([0, 1, 2])]
    elif op == 'select':
        args = [d, r.choice([0, 1, -1, 2])]
    elif op in ('flip',):
        args = [[d]]
    elif op == 'roll':
        args = [r.choice([1, -1, 2])] + ([d] if r.random() < 0.6 else [])
    elif op in ('repeat', 'tile'):
        args = [[r.choice([1, 2]) for _ in range(nd + r.choice([0, 0, 1]))]]
    elif op == 'diagonal':
        args = [r.choice([0, 1, -1])]
    elif op in ('tril', 'triu'):
        args = [r.choice([0, 1, -1, 2])]
    elif op in ('chunk', 'split'):
        args = [r.choice([1, 2, 3])] + ([d] if r.random() < 0.5 else [])
        if op == 'split' and nd and r.random() < 0.3 and sh[0] >= 1:
            args = [[1, sh[0] - 1]]
    elif op == 'unbind':
        args = [d]
    elif op == 'unflatten':
        args = [d, [1, -1]]
    elif op == 'rot90':
        args = [r.choice([1, 2, -1]), [0, 1]]
    elif op in ('diag', 'diag_embed') and r.random() < 0.5:
        args = [r.choice([0, 1, -1])]
    elif op in ('expand_as', 'broadcast_to'):
        b = g.leaf([2] + sh, 'float32')[0]
        args = [{'v': b}] if op == 'expand_as' else [[2] + sh]
    elif op in ('gather', 'index_select', 'take'):
        m = sh[d] if -nd <= d < nd and nd else (n or 1)
        ish = [min(x, 2) for x in sh] if op == 'gather' else [r.choice([0, 1, 2, 3] if nd else [1, 2])]   # (PyTorch: index_select of 0-d by an empty index is uninitialised)
        nm = g.name()
        cnt = 1
        for x in ish:
            cnt *= x
        g.steps.append(['t', nm, [r.randrange(-1 if op == 'take' else 0, max(m, 1) + (1 if r.random() < 0.05 else 0)) for _ in range(cnt)], ish,
                        'int64', False])
        args = [{'v': nm}] if op == 'take' else [d, {'v': nm}]
    elif op in ('masked_select', 'masked_fill', 'where'):
        mk = g.leaf(sh if r.random() < 0.8 else sh[1:], 'bool')[0]
        if op == 'masked_select':
            args = [{'v': mk}]
        elif op == 'masked_fill':
            args = [{'v': mk}, r.choice([{'f': 0.5}, 0, 2 ** 40, True, {'f': 'nan'}])]
        else:
            g.f('torch.where', [{'v': mk}, {'v': a}, r.choice([{'f': 0.5}, 0, {'v': g.leaf(sh[1:], g.dtype())[0]}])])
            return
    elif op == 'repeat_interleave':
        args = [r.choice([1, 2])] + ([d] if r.random() < 0.5 else [])
    elif op in ('cat', 'stack', 'hstack', 'vstack'):
        b = g.leaf(sh if r.random() < 0.8 else g.shape(), g.dtype(0.5))[0]
        g.f('torch.' + op, [[{'v': a}, {'v': b}]], {'dim': d} if op in ('cat', 'stack') and r.random() < 0.7 else {})
        return
    elif op == 'clamp':
        kw = r.choice([{'min': {'f': -0.5}}, {'max': {'f': 0.5}}, {'min': -1, 'max': 1}, {'min': {'f': 0.5}, 'max': {'f': -0.5}}, {}])
        if r.random() < 0.2:
            kw = {'min': {'v': g.leaf(sh[1:], g.dtype())[0]}}
    elif op in ('lerp', 'addcmul'):
        b = g.leaf(sh, g.dtype(0.8))[0]
        if op == 'lerp':
            args = [{'v': b}, r.choice([{'f': 0.25}, {'f': 0.75}, {'v': g.leaf([], 'float32')[0]}])]
        else:
            args = [{'v': b}, {'v': g.leaf(sh[1:], g.dtype(0.8))[0]}]
            kw = {'value': r.choice([2, {'f': 0.5}])}
    elif op == 'index':
        ks = []
        for x in sh[:r.choice([1, 2, 3])]:
            ks.append(r.choice([0, -1, ':', '1:', '::2', None, '...', x, '0:0'] if x else [':', None, 0]))
        if r.random() < 0.2:
            ks.append({'v': g.leaf([2], 'int64', special=False)[0]})
        g.emit('ix', g.name(), a, ks)
        return
    elif op in ('outer', 'matmul', 'dot', 'mm', 'kron', 'cross', 'tensordot'):
        osh = r.choice([sh, sh[::-1], sh[-1:], [3], [3, 3], sh[-1:] + [2]])
        b = g.leaf(osh, dt if r.random() < 0.8 else g.dtype())[0]
        args = [{'v': b}]
        if op == 'tensordot':
            kw = {'dims': r.choice([1, 0])}
        if op == 'cross' and r.random() < 0.5:
            kw = {'dim': d}
    elif op in ('searchsorted', 'bucketize'):
        bnd = g.name()
        vals = sorted(g.value('float32', special=False) for _ in range(r.choice([0, 1, 3, 4])))
        if r.random() < 0.2:
            vals.append('nan')
        g.steps.append(['t', bnd, vals, [len(vals)], dt if dt in FLOATS and 'nan' not in vals else 'float32', False])
        if op == 'searchsorted':
            g.f('torch.searchsorted', [{'v': bnd}, {'v': a}], {'right': r.random() < 0.5})
        else:
            g.f('torch.bucketize', [{'v': a}, {'v': bnd}], {'right': r.random() < 0.5})
        return
    elif op == 'histc':
        kw = {'bins': 4, 'min': -2, 'max': 2}
    elif op in ('cartesian_prod', 'meshgrid'):
        b = g.leaf([r.choice([0, 1, 2, 3])], dt)[0]
        g.f('torch.' + op, [{'v': a}, {'v': b}], {'indexing': 'ij'} if op == 'meshgrid' else {})
        return
    elif op == 'einsum':
        g.f('torch.einsum', [r.choice(['ij->ji', 'ij->', 'ii->i', 'i,i->', 'ij,j->i', '...->...']), {'v': a}])
        return
    elif op == 'atleast_2d':
        g.f('torch.atleast_2d', [{'v': a}])
        return
    call(g, a, op, args, kw)


def gen_inplace(g):
    """An in-place op on a view of a fresh tensor (or of a graph's intermediate value)."""
    r = g.r
    grad = r.random() < 0.35
    dt = r.choice(FLOATS) if grad else g.dtype(0.6)
    x, sh, _ = g.leaf(shape=g.shape(r.choice([1, 2, 2, 3]), allow_empty=r.random() < 0.3), dt=dt, rg=grad, special=not grad)
    base = g.m(x, 'mul', [{'f': 1.5}]) if grad else g.m(x, 'clone')
    v, vsh = view_of(g, base, sh) if r.random() < 0.85 else (base, sh)
    op = r.choice(INPLACE)
    if op == 'setitem':
        ks = r.choice([[0], [':'], ['...'], [None], ['::2']] if vsh else [['...'], [None]])
        val = r.choice([{'f': -2.5}, 3, {'v': g.leaf([], dt)[0]}, {'v': g.leaf(vsh[-1:] if vsh else [], r.choice(ALL))[0]}])
        g.emit('set', v, ks, val)
    else:
        args, kw = [], {}
        if op in ('add_', 'sub_', 'mul_', 'div_', 'pow_', 'copy_', 'bitwise_and_', 'remainder_', 'eq_', 'lt_', 'lerp_', 'addcmul_'):
            b = g.scalar() if r.random() < 0.4 and op not in ('copy_', 'lerp_', 'addcmul_') else {'v': g.leaf(vsh[r.randrange(len(vsh) + 1):] if vsh else [], g.dtype(0.7))[0]}
            args = [b]
            if op == 'lerp_':
                args.append({'f': 0.5})
            if op == 'addcmul_':
                args.append(b)
        elif op in ('clamp_', 'clamp_min_'):
            args = [{'f': -0.5}] if op == 'clamp_min_' else []
            kw = {} if args else r.choice([{'min': {'f': -0.5}}, {'max': 1}, {'min': 0, 'max': {'f': 0.5}}])
        elif op == 'fill_':
            args = [r.choice([{'f': 2.5}, 7, True, {'v': g.leaf([], dt)[0]}, 2 ** 31, {'f': 'nan'}])]
        elif op == 'masked_fill_':
            args = [{'v': g.leaf(vsh, 'bool')[0]}, r.choice([{'f': 0.5}, -4, 2 ** 33])]
        elif op == 'index_put_':
            args = [[{'v': g.leaf([2], 'int64', special=False)[0]}], {'v': g.leaf([], dt)[0]}]
            if r.random() < 0.5:
                args.append(True)
        elif op == 'fill_diagonal_':
            args = [{'f': 0.5}]
        elif op in ('index_fill_', 'index_add_', 'scatter_'):
            d = g.dim(len(vsh))
            idx = g.name()
            g.steps.append(['t', idx, [0, 0] if vsh and vsh[0] else [], [2] if vsh and vsh[0] else [0], 'int64', False])
            if op == 'index_fill_':
                args = [d, {'v': idx}, {'f': -1.5}]
            elif op == 'index_add_':
                args = [0, {'v': idx}, {'v': g.leaf([2] + vsh[1:] if vsh and vsh[0] else [0] + vsh[1:], dt)[0]}]
            else:
                args = [0, {'v': idx}, {'f': 4.5}] if len(vsh) == 1 else [0, {'v': idx}, {'f': 4.5}]
        elif op == 'cumsum_':
            args = [0]
        elif op in ('squeeze_', 'unsqueeze_'):
            args = [0]
        elif op == 'transpose_':
            args = [0, -1]
        g.m(v, op, args, kw)
    if grad:
        w = g.leaf(sh, dt, special=False)[0]
        s = g.m(g.m(base, 'mul', [{'v': w}]), 'sum')
        g.emit('bw', s, None)


def grad_op(g, x, sh, dt):
    r = g.r
    op = r.choice(GRAD_UNARY)
    nd = len(sh)
    d = g.dim(nd)
    args, kw = [], {}
    if op in ('maximum', 'minimum', 'mul', 'div', 'sub', 'add', 'atan2', 'hypot', 'xlogy', 'lerp', 'where'):
        y = g.leaf(sh if r.random() < 0.7 else sh[1:], dt, rg=r.random() < 0.7, kink=True)[0]
        if r.random() < 0.25:
            y = x   # the same tensor twice (max(x, x) shares the gradient)
        if op == 'where':
            return g.f('torch.where', [{'v': g.leaf(sh, 'bool')[0]}, {'v': x}, {'v': y}])
        args = [{'v': y}] + ([{'f': 0.5}] if op == 'lerp' else [])
    elif op == 'pow':
        args = [r.choice([2, 3, {'f': 0.5}, {'f': 2.5}, -1, 0, {'f': -1.5}, {'v': g.leaf(sh, dt, rg=True, kink=True)[0]}])]
    elif op == 'clamp':
        kw = r.choice([{'min': 0}, {'max': {'f': 0.5}}, {'min': -1, 'max': 1}, {'min': 1, 'max': -1}])
    elif op in ('sum', 'mean', 'prod', 'amax', 'logsumexp', 'std', 'var') and r.random() < 0.6:
        args = [d]
        if op == 'logsumexp' or r.random() < 0.4:
            kw = {'keepdim': r.random() < 0.5}
    elif op in ('max', 'min', 'median') and r.random() < 0.5:
        args = [d]
        v = call(g, x, op, args)
        return g.emit('it', g.name(), v, 0)
    elif op == 'norm':
        args = [r.choice([2, 1, {'f': 'inf'}, 3, 0, {'f': 0.5}])] + ([d] if r.random() < 0.5 else [])
    elif op in ('cumsum', 'cumprod', 'softmax', 'log_softmax'):
        args = [d]
    elif op in ('sort', 'topk'):
        args = [r.choice([1, 2])] if op == 'topk' else []
        v = call(g, x, op, args)
        return g.emit('it', g.name(), v, 0)
    elif op in ('flip',):
        args = [[d]]
    elif op == 'expand':
        args = [[2] + sh]
    elif op == 'repeat':
        args = [[2] * nd + [1]]
    elif op == 'index':
        ks = [r.choice([0, '1:', '::2', None, '...', {'v': g.leaf([2], 'int64', special=False)[0]}]) for _ in sh[:2]] or ['...']
        return g.emit('ix', g.name(), x, ks)
    elif op == 'narrow':
        args = [d, 0, 1]
    elif op in ('cat', 'stack'):
        y = g.leaf(sh, dt, rg=True)[0]
        return g.f('torch.' + op, [[{'v': x}, {'v': y}, {'v': x}]], {'dim': d} if nd else {})
    elif op == 'matmul':
        y = g.leaf(sh[::-1] if nd else [], dt, rg=True)[0]
        args = [{'v': y}]
    elif op == 'gather':
        idx = g.name()
        g.steps.append(['t', idx, [0] * (1 if nd else 1), [1] * nd, 'int64', False])
        args = [0 if nd else 0, {'v': idx}]
    elif op == 'masked_fill':
        args = [{'v': g.leaf(sh, 'bool')[0]}, {'f': 0.5}]
    elif op in ('F.mse_loss', 'F.l1_loss', 'F.smooth_l1_loss', 'F.huber_loss', 'F.soft_margin_loss', 'F.margin_ranking_loss', 'F.poisson_nll_loss', 'F.kl_div'):
        y = g.leaf(sh, dt, rg=r.random() < 0.3, kink=True)[0]
        args = [{'v': y}]
        if op == 'F.margin_ranking_loss':
            args.append({'v': g.leaf(sh, dt)[0]})
        kw = {'reduction': r.choice(['mean', 'sum', 'none'])}
        if op == 'F.smooth_l1_loss' and r.random() < 0.5:
            kw['beta'] = r.choice([{'f': 0.5}, 0, 2])
    elif op in ('F.cross_entropy', 'F.nll_loss'):
        c = sh[-1] if nd == 2 and sh[-1] else 3
        n = sh[0] if nd == 2 else 2
        if nd != 2:
            x = g.m(x, 'reshape', [[-1, 1]]) if r.random() < 0.2 else g.leaf([n, c], dt, rg=True, kink=True)[0]
        tgt = g.name()
        g.steps.append(['t', tgt, [r.randrange(c) if r.random() < 0.9 else -100 for _ in range(n)], [n], 'int64', False])
        kw = {'reduction': r.choice(['mean', 'sum', 'none'])}
        if r.random() < 0.3:
            kw['ignore_index'] = 0
        if op == 'F.cross_entropy' and r.random() < 0.3:
            kw['label_smoothing'] = {'f': 0.25}
        args = [{'v': tgt}]
    elif op == 'F.binary_cross_entropy':
        p = g.f('torch.sigmoid', [{'v': x}])
        y = g.leaf(sh, dt, special=False)[0]
        y = g.f('torch.sigmoid', [{'v': y}])
        return g.f(op, [{'v': p}, {'v': y}], {'reduction': r.choice(['mean', 'sum', 'none'])})
    elif op == 'F.normalize' or op == 'F.cosine_similarity' or op == 'F.pairwise_distance':
        if op != 'F.normalize':
            args = [{'v': g.leaf(sh, dt, rg=True)[0]}]
        kw = {'dim': d} if op != 'F.pairwise_distance' else {}
    elif op in ('F.leaky_relu', 'F.elu', 'F.celu'):
        args = [r.choice([{'f': 0.25}, {'f': 1.5}])]
    elif op == 'F.hardtanh':
        kw = {'min_val': {'f': -0.5}, 'max_val': {'f': 0.5}}
    elif op == 'F.softplus':
        kw = {'beta': r.choice([1, 2]), 'threshold': r.choice([20, 1])}
    elif op == 'F.glu':
        kw = {'dim': d}
    elif op == 'F.layer_norm':
        args = [sh[-1:]]
    elif op == 'F.pad':
        args = [[1, r.choice([0, 2])]]
        kw = {'mode': 'constant', 'value': {'f': 0.5}}
    elif op == 'F.dropout':
        kw = {'p': r.choice([0, 1]), 'training': True}
    elif op in ('F.gelu',) and r.random() < 0.5:
        kw = {'approximate': 'tanh'}
    return call(g, x, op, args, kw)


def gen_autograd(g):
    r = g.r
    dt = r.choice(FLOATS)
    x, sh, _ = g.leaf(dt=dt, rg=True, kink=True)
    y = x
    ysh = sh
    for _ in range(r.choice([1, 1, 2, 3])):
        y = grad_op(g, y, ysh, dt)
        ysh = None   # unknown after the first op: later ops take the shape as it comes
        g.m(y, 'size')
        break
    y2 = y
    if r.random() < 0.5:
        y2 = grad_op(g, y, sh, dt) if r.random() < 0.3 else g.m(y, 'exp')
    if r.random() < 0.4:
        g.emit('bw', g.m(g.m(y2, 'mul', [{'f': 0.75}]), 'sum'), None)
    else:
        w = g.m(g.m(y2, 'detach'), 'clone')
        g.emit('bw', g.m(g.m(y2, 'mul', [{'v': w}]), 'sum'), None)


def gen_double(g):
    r = g.r
    dt = r.choice(FLOATS)
    x, sh, _ = g.leaf(dt=dt, rg=True, kink=True)
    y = grad_op(g, x, sh, dt)
    s = g.m(g.m(y, 'mul', [{'v': g.leaf(sh, dt, special=False)[0]}]) if r.random() < 0.3 else y, 'sum')
    gr = g.emit('ag', g.name(), [{'v': s}], [{'v': x}], {'create_graph': True, 'allow_unused': True})
    g0 = g.emit('it', g.name(), gr, 0)
    z = g.m(g0, r.choice(['square', 'sin', 'exp']))
    if r.random() < 0.6:
        z = g.m(z, 'mul', [{'v': x}])   # keeps z differentiable where g0 is constant in x
    z = g.m(z, 'sum')
    if r.random() < 0.5:
        g.emit('bw', z, None)
    else:
        g.emit('ag', g.name(), [{'v': z}], [{'v': x}], {'allow_unused': True})


def gen_create(g):
    r = g.r
    op = r.choice(['zeros', 'ones', 'full', 'arange', 'linspace', 'logspace', 'eye', 'empty', 'zeros_like',
                   'ones_like', 'full_like', 'tensor', 'result_type', 'promote_types', 'can_cast', 'tril_indices',
                   'triu_indices', 'scalar_tensor', 'empty_like', 'new_full', 'new_zeros', 'new_tensor'])
    dt = {'dt': r.choice(ALL)} if r.random() < 0.7 else None
    kw = {'dtype': dt} if dt else {}
    if op in ('zeros', 'ones', 'empty'):
        g.f('torch.' + op, [g.shape()], kw)
    elif op == 'full':
        g.f('torch.full', [g.shape(), r.choice([{'f': 2.5}, 3, True, -7, 2 ** 31, 2 ** 40, {'f': 'nan'}, {'f': 'inf'}])], kw)
    elif op == 'arange':
        a = r.choice([[5], [1, 4], [0, 3, {'f': 0.5}], [{'f': 0.5}, 3], [{'f': -1.5}, {'f': 2.25}, {'f': 0.75}], [3, 0, -1], [0, 5, 2], [0, 1, 0], [5, 1]])
        g.f('torch.arange', a, kw)
    elif op in ('linspace', 'logspace'):
        a = [r.choice([0, -1, {'f': 0.5}, 2]), r.choice([1, 3, {'f': 2.5}, -2]), r.choice([0, 1, 2, 5])]
        g.f('torch.' + op, a, kw)
    elif op == 'eye':
        g.f('torch.eye', [r.choice([0, 1, 3])] + ([r.choice([2, 4])] if r.random() < 0.5 else []), kw)
    elif op in ('zeros_like', 'ones_like', 'full_like', 'empty_like'):
        a = g.leaf()[0]
        args = [{'v': a}] + ([r.choice([{'f': 1.5}, 2, False])] if op == 'full_like' else [])
        g.f('torch.' + op, args, kw)
    elif op == 'tensor':
        data = r.choice([[1, 2, 3], [[1.5, 2.5]], [True, False], 3, 2.5, [], [[]], [1, 2.5], [True, 2], [2 ** 40, 1], [[1, 2], [3]]])
        if isinstance(data, float) or (isinstance(data, list) and any(isinstance(x, float) for x in data)):
            kw = kw or {'dtype': {'dt': 'float32'}}
        if data == [[1.5, 2.5]]:
            kw = kw or {'dtype': {'dt': 'float64'}}
            data = [[{'f': 1.5}, {'f': 2.5}]]
        data = [{'f': x} if isinstance(x, float) else x for x in data] if isinstance(data, list) else ({'f': data} if isinstance(data, float) else data)
        g.f('torch.tensor', [data], kw)
    elif op in ('result_type', 'promote_types', 'can_cast'):
        def operand():
            c = r.random()
            if c < 0.5:
                return {'v': g.leaf(r.choice([[], [2]]), r.choice(ALL))[0]}
            return g.scalar()
        if op == 'result_type':
            g.f('torch.result_type', [operand(), operand()])
        else:
            g.f('torch.' + op, [{'dt': r.choice(ALL)}, {'dt': r.choice(ALL)}])
    elif op in ('tril_indices', 'triu_indices'):
        g.f('torch.' + op, [r.choice([0, 2, 3]), r.choice([2, 3]), r.choice([0, 1, -1])])
    elif op == 'scalar_tensor':
        g.f('torch.scalar_tensor', [r.choice([{'f': 1.5}, 3, True])], kw)
    elif op in ('new_full', 'new_zeros', 'new_tensor'):
        a = g.leaf()[0]
        args = [[2]] + ([{'f': 0.5}] if op == 'new_full' else []) if op != 'new_tensor' else [[1, 2]]
        g.m(a, op, args, kw)


CATS = {'unary': gen_unary, 'binary': gen_binary, 'reduce': gen_reduce, 'shape': gen_shape,
        'inplace': gen_inplace, 'autograd': gen_autograd, 'double': gen_double, 'create': gen_create}


def program(cat, seed):
    g = Gen(seed, cat)
    CATS[cat](g)
    return {'id': '%s-%d' % (cat, seed), 'cat': cat, 'steps': g.steps}


def programs(counts, first=0):
    """counts: {cat: n}; seeds first..first+n-1 of each category."""
    out = []
    for cat, n in counts.items():
        for seed in range(first, first + n):
            p = program(cat, seed)
            p.update(run(p))
            out.append(p)
    return out


if __name__ == '__main__':   # make fuzz-diff: new seeds into build/diff/fuzz.json
    import json
    import sys
    first, n, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    progs = programs({c: n for c in CATS}, first)
    with open(path, 'w') as fh:
        json.dump({'programs': progs}, fh, allow_nan=False)
    print('%d programs -> %s' % (len(progs), path))
