"""Creation from Python data and the factories whose result dtype depends on Python's
int/float/bool: torch.tensor, full, arange, the legacy torch.Tensor(...) constructor,
Tensor.to / type, deepcopy."""
from pyodide.ffi import to_js
from . import _bridge
from ._bridge import W, raise_core, call
from ._tensor import Tensor, _wrap
from . import _dtype as D
from . import _device

_from_flat = _bridge.B.fromFlat
_SCALARS = (bool, int, float)
_TWO63 = 9223372036854775808
_INT_RANGE = {D.int64: (-_TWO63, _TWO63 - 1), D.int32: (-2 ** 31, 2 ** 31 - 1)}  # the integer dtypes tensorpad has


def _check_range(flat, dtype, ints_only):
    """c10's checked conversion of each number to an integer dtype: a Python int beyond int64
    does not unpack; a value beyond the dtype's range (NaN, inf) does not convert (an unsigned
    dtype would take negative ints down to -max, two's complement)."""
    lo, hi = _INT_RANGE[dtype]
    if ints_only and lo <= min(flat) and max(flat) <= hi:
        return
    hi_f = float(hi)
    for v in flat:
        if type(v) is int:
            if not -_TWO63 <= v < _TWO63:
                raise RuntimeError('Overflow when unpacking long')
            bad = v > hi or v < (lo if lo else -hi)
        else:
            v = float(v)
            bad = v != v or v < lo or v > hi_f
        if bad:
            raise RuntimeError(f'value cannot be converted to type {str(dtype)[6:]} without overflow')


def _default():
    return D.by_code(W.tp_get_default_dtype())


def _infer(data, shape, flat, depth, kind, tdt):
    """Walks nested sequences: appends the numbers to flat, checks the shape, returns the
    widest Python kind seen (0 bool, 1 int, 2 float); the dtypes of tensor elements go
    into tdt (PyTorch promotes them with the Python numbers' dtypes)."""
    t = type(data)
    if t is float:
        flat.append(data)
        return 2
    if t is int:
        flat.append(data)
        return max(kind, 1)
    if t is bool:
        flat.append(1 if data else 0)
        return kind
    if isinstance(data, Tensor):
        if data.numel() != 1:
            raise ValueError('only one element tensors can be converted to Python scalars')
        flat.append(data.item())
        tdt.append(data.dtype)
        return kind
    if isinstance(data, (str, bytes)):
        raise TypeError(f"new(): invalid data type '{type(data).__name__}'")
    if isinstance(data, (list, tuple)) or (hasattr(data, '__len__') and hasattr(data, '__getitem__') and not isinstance(data, dict)):
        n = len(data)
        if depth == len(shape):
            shape.append(n)
        elif shape[depth] != n:
            raise ValueError(f'expected sequence of length {shape[depth]} at dim {depth} (got {n})')
        for x in data:
            if depth + 1 < len(shape) and not _is_seq(x) and not isinstance(x, (str, bytes)):
                raise TypeError('not a sequence')
            kind = _infer(x, shape, flat, depth + 1, kind, tdt)
        return kind
    if isinstance(data, float):
        flat.append(float(data))
        return 2
    if isinstance(data, int):
        flat.append(int(data))
        return max(kind, 1)
    if hasattr(data, '__float__') and hasattr(data, 'dtype'):
        flat.append(float(data))
        return 2
    raise RuntimeError(f"Could not infer dtype of {type(data).__name__}")


def _first_chain(data):
    """PyTorch's compute_sizes along the first elements: a str there has no end."""
    while isinstance(data, (list, tuple)) and len(data):
        data = data[0]
    if isinstance(data, (str, bytes)):
        raise ValueError(f"too many dimensions '{type(data).__name__}'")


def _promote_elements(dt, tdt):
    """The dtype of data holding tensors of dtypes tdt and Python numbers of dtype dt (None: no numbers)."""
    from . import promote_types
    for d in tdt:
        dt = d if dt is None else promote_types(dt, d)
    return dt


def _is_seq(x):
    return isinstance(x, (list, tuple, Tensor)) and not (isinstance(x, Tensor) and x.dim() == 0)


def _np_tensor(data):
    t = getattr(data, '_t', None)
    return t if isinstance(t, Tensor) else None


def tensor(data, *, dtype=None, device=None, requires_grad=False, pin_memory=False):
    _device.check(device)
    if isinstance(data, Tensor):
        from ._warnings import warn
        warn('To copy construct from a tensor, it is recommended to use sourceTensor.clone().detach() or '
             'sourceTensor.clone().detach().requires_grad_(True), rather than torch.tensor(sourceTensor).', UserWarning)
        t = data.detach().to(dtype=dtype if dtype is not None else data.dtype, copy=True)
        return t.requires_grad_(True) if requires_grad else t
    npt = _np_tensor(data)
    if npt is not None:
        t = npt.detach().to(dtype=dtype if dtype is not None else npt.dtype, copy=True)
        return t.requires_grad_(True) if requires_grad else t
    shape, flat, tdt = [], [], []
    if isinstance(data, (list, tuple)):
        _first_chain(data)
    kind = _infer(data, shape, flat, 0, 0, tdt)
    if dtype is None:
        dtype = _default() if not flat or kind == 2 else D.int64 if kind == 1 else D.bool_
        if tdt:
            dtype = _promote_elements(dtype if kind or len(tdt) < len(flat) else None, tdt)
    if requires_grad and not dtype.is_floating_point:
        raise RuntimeError('Only Tensors of floating point and complex dtype can require gradients')
    if flat and dtype in _INT_RANGE:
        _check_range(flat, dtype, kind < 2 and not tdt)
    h = _from_flat(to_js(flat), to_js(shape), dtype._code())
    if not h:
        raise_core()
    t = _wrap(h)
    if requires_grad:
        t.requires_grad_(True)
    return t


def as_tensor(data, dtype=None, device=None):
    if isinstance(data, Tensor):
        if dtype is None or dtype is data.dtype:
            return data
        return data.to(dtype)
    npt = _np_tensor(data)
    if npt is not None:
        return npt.detach() if dtype is None or dtype is npt.dtype else npt.to(dtype)
    return tensor(data, dtype=dtype, device=device)


def _fill_dtype(v):
    if isinstance(v, bool):
        return D.bool_
    if isinstance(v, int):
        return D.int64
    if isinstance(v, Tensor):
        return v.dtype
    return _default()


def full(size, fill_value, *, out=None, dtype=None, layout=None, device=None, pin_memory=False, requires_grad=False):
    _device.check(device)
    if not isinstance(fill_value, (int, float, Tensor)) or _float_in(size):   # the parser's text for what it was given
        return call('full', -1, (size, fill_value), _given(dtype=dtype, requires_grad=requires_grad))
    if dtype is None:
        dtype = _fill_dtype(fill_value)
    return call('full', -1, (size, fill_value), {'dtype': dtype, 'requires_grad': requires_grad})


def _float_in(size):
    """A Python float among the sizes (the parser refuses it)."""
    return type(size) is float or (isinstance(size, (tuple, list)) and any(type(s) is float for s in size))


def _given(**kw):
    """The keywords a caller gave (not their defaults)."""
    return {k: v for k, v in kw.items() if v is not None and v is not False}


def full_like(input, fill_value, *, dtype=None, layout=None, device=None, pin_memory=False, requires_grad=False,
              memory_format=None):
    _device.check(device)
    kw = {'requires_grad': requires_grad}
    if dtype is not None:
        kw['dtype'] = dtype
    return call('full_like', -1, (input, fill_value), kw)


def scalar_tensor(s, *, dtype=None, layout=None, device=None, pin_memory=False, requires_grad=False):
    return full((), s, dtype=dtype if dtype is not None else _default(), requires_grad=requires_grad)


def scalar_tensor_like(s, t):
    """Python's wrapped number: a 0-d tensor of the number's own kind (for reflected ops)."""
    return full((), s, dtype=D.int64 if isinstance(s, int) and not isinstance(s, bool) else D.bool_ if isinstance(s, bool) else D.float64)


def arange(start, end=None, step=1, *, out=None, dtype=None, layout=None, device=None, pin_memory=False,
           requires_grad=False):
    _device.check(device)
    if not all(v is None or isinstance(v, (int, float, Tensor)) for v in (start, end, step)):
        given = (start,) if end is None else (start, end) if step == 1 else (start, end, step)
        return call('arange', -1, given, _given(dtype=dtype, requires_grad=requires_grad))
    if end is None:
        start, end = 0, start
    vals = [v.item() if isinstance(v, Tensor) else v for v in (start, end, step)]
    if dtype is None:
        dtype = D.int64 if all(isinstance(v, int) for v in vals) else _default()
    return call('arange', -1, tuple(vals), {'dtype': dtype, 'requires_grad': requires_grad})


def legacy_new(cls, args, kwargs, dtype=D.float32):
    """torch.Tensor(...): sizes give an uninitialised float tensor, a sequence gives data
    (torch.LongTensor(...) etc.: of their dtype)."""
    device = kwargs.pop('device', None)
    _device.check(device)
    if kwargs:
        raise TypeError(f"new() got an unexpected keyword argument '{next(iter(kwargs))}'")
    if len(args) == 1 and isinstance(args[0], Tensor):
        t = args[0].detach()
        if cls is None and t.dtype is not dtype:
            raise TypeError(f'expected {_options(dtype)} (got {_options(t.dtype)})')
    elif len(args) == 1 and isinstance(args[0], (list, tuple)) and not all(isinstance(a, int) for a in args):
        t = tensor(args[0], dtype=dtype)
    elif len(args) == 1 and _np_tensor(args[0]) is not None:
        t = tensor(args[0], dtype=dtype)
    elif all(isinstance(a, int) and not isinstance(a, bool) for a in args):
        t = call('empty', -1, args or (0,), {'dtype': dtype})
    elif len(args) == 1 and isinstance(args[0], (list, tuple)):
        t = tensor(args[0], dtype=dtype)
    else:
        raise TypeError('new() received an invalid combination of arguments')
    if cls is Tensor or cls is None:
        return t
    return Tensor._make_subclass(cls, t, False)


def _options(dtype):
    cpp = {'float32': 'float', 'float64': 'double', 'int64': 'long int', 'int32': 'int', 'bool': 'bool',
           'int16': 'short int', 'int8': 'signed char', 'uint8': 'unsigned char'}.get(str(dtype)[6:], str(dtype)[6:])
    return (f'TensorOptions(dtype={cpp}, device=cpu, layout=Strided, requires_grad=false (default), '
            'pinned_memory=false (default), memory_format=(nullopt))')


class _LegacyTensorType(type):
    """torch.FloatTensor, torch.LongTensor, ...: constructors of their dtype, and isinstance
    checks of a CPU tensor's dtype (PyTorch's tensor type objects)."""

    def __instancecheck__(cls, obj):
        return isinstance(obj, Tensor) and obj.dtype is cls.dtype

    def __call__(cls, *args, **kwargs):
        return legacy_new(None, args, kwargs, cls.dtype)


def _legacy_type(name, dtype):
    c = _LegacyTensorType(name, (), {'dtype': dtype, 'is_cuda': False, 'is_sparse': False})
    c.__module__ = 'torch'
    return c


LEGACY_TYPES = {name: _legacy_type(name, dt) for name, dt in (
    ('FloatTensor', D.float32), ('DoubleTensor', D.float64), ('HalfTensor', D._all['float16']),
    ('BFloat16Tensor', D._all['bfloat16']), ('ByteTensor', D._all['uint8']), ('CharTensor', D._all['int8']),
    ('ShortTensor', D._all['int16']), ('IntTensor', D.int32), ('LongTensor', D.int64), ('BoolTensor', D.bool_))}


# ---- Tensor.to: PythonArgParser over 1.13's three signatures -------------------------------
_TO_SIGS = (
    (('device', 'D', True), ('dtype', 'S', True), ('non_blocking', 'b', False), ('copy', 'b', False)),
    (('dtype', 'S', False), ('non_blocking', 'b', False), ('copy', 'b', False)),
    (('tensor', 'T', False), ('non_blocking', 'b', False), ('copy', 'b', False)),
)
_TO_TYPE = {'D': 'torch.device', 'S': 'torch.dtype', 'b': 'bool', 'T': 'Tensor', 'M': 'torch.memory_format'}
_TO_PRINTED = tuple('(' + ', '.join(_TO_TYPE[k] + ' ' + n for n, k, _ in sig) + ', *, torch.memory_format memory_format)'
                    for sig in _TO_SIGS)
_PY_SCALAR_TYPES = {float: 'float64', int: 'int64', bool: 'bool_'}


def _to_fits(kind, v):
    if kind == 'D':
        return isinstance(v, (_device.device, str)) or (type(v) is int)
    if kind == 'S':
        return isinstance(v, D.dtype) or (isinstance(v, type) and v in _PY_SCALAR_TYPES)
    if kind == 'b':
        return type(v) is bool
    if kind == 'T':   # `to` is among the functions whose Tensor parameters take Python numbers
        return isinstance(v, (Tensor, int, float, complex))
    return isinstance(v, str) and v.startswith('torch.') and v.endswith('_format')   # memory_format


def _to_tname(v):
    if isinstance(v, Tensor):
        return 'Tensor'
    if isinstance(v, D.dtype):
        return 'torch.dtype'
    if isinstance(v, _device.device):
        return 'torch.device'
    if isinstance(v, str) and v.startswith('torch.') and v.endswith('_format'):
        return 'torch.memory_format'
    return type(v).__name__


def _to_parse(sig, pos, kwargs):
    """FunctionSignature::parse for one signature: the bound values, or a function raising its error."""
    names = [n for n, _, _ in sig]
    if len(pos) > len(sig):
        return lambda: TypeError(f'to() takes from 0 to {len(sig)} positional arguments but {len(pos)} were given'
                                 if sig is _TO_SIGS[0] else f'to() takes from 1 to {len(sig)} positional arguments but {len(pos)} were given')
    out = {}
    for i, (n, kind, none_ok) in enumerate(sig + (('memory_format', 'M', True),)):
        kw_only = n == 'memory_format'
        if not kw_only and i < len(pos):
            if n in kwargs:
                return lambda n=n: TypeError(f"to() got multiple values for argument '{n}'")
            v, where = pos[i], f' (position {i + 1})'
        elif n in kwargs:
            v, where = kwargs[n], ''
        else:
            if i == 0 and not none_ok:   # dtype / tensor are required
                return lambda n=n: TypeError(f'to() missing 1 required positional arguments: "{n}"')
            continue
        if v is None and none_ok:
            continue
        if not _to_fits(kind, v):
            return lambda n=n, kind=kind, v=v, where=where: TypeError(f"to(): argument '{n}'{where} must be {_TO_TYPE[kind]}, not {_to_tname(v)}")
        out[n] = v
    for k in kwargs:
        if k not in names and k != 'memory_format':
            return lambda k=k: TypeError(f"to() got an unexpected keyword argument '{k}'")
    return out


def _to_invalid(pos, kwargs):
    """format_invalid_args for the three signatures (a signature whose count of printed tokens
    is the count of arguments gets its "didn't match" line)."""
    kws = list(reversed(list(kwargs)))
    if pos:
        got = ', '.join([_to_tname(v) for v in pos] + [f'{k}={_to_tname(kwargs[k])}' for k in kws])
    else:
        got = ''.join(f'{k}={_to_tname(kwargs[k])}, ' for k in kws)
    msg = f'to() received an invalid combination of arguments - got ({got}), but expected one of:\n'
    for sig, printed in zip(_TO_SIGS, _TO_PRINTED):
        msg += f' * {printed}\n'
        tokens = printed[1:-1].split(', ')
        if len(tokens) != len(pos) + len(kws):
            continue
        opts = [(t, None) if ' ' not in t else (t[:t.rindex(' ')], t[t.rindex(' ') + 1:]) for t in tokens]
        tail = [o[1] for o in opts[len(opts) - len(kws):]] if kws else []
        bad = [k for k in kws if k not in tail]
        if bad:
            msg += f"      didn't match because some of the keywords were incorrect: {', '.join(bad)}\n"
            continue
        parts = []
        for i, (t, name) in enumerate(opts):
            v = pos[i] if i < len(pos) else kwargs.get(name)
            tn = _to_tname(v)
            ok = tn == t or (t == 'float' and tn in ('float', 'int'))
            mark = '' if ok else '!'
            parts.append(f"{mark}{'' if i < len(pos) else name + '='}{tn}{mark}")
        msg += f"      didn't match because some of the arguments have invalid types: ({', '.join(parts)})\n"
    return TypeError(msg)


def tensor_to(self, args, kwargs):
    if len(args) == 1 and not kwargs and isinstance(args[0], D.dtype):   # the common forms first
        dtype, device, copy = args[0], None, False
    else:
        pos = list(args)
        errs, bound = [], None
        for sig in _TO_SIGS:
            r = _to_parse(sig, pos, kwargs)
            if isinstance(r, dict):
                bound = r
                break
            errs.append((sig, r))
        if bound is None:
            n = len(pos) + len(kwargs)
            plausible = [(sig, e) for sig, e in errs if (0 if sig is _TO_SIGS[0] else 1) <= n <= len(sig) + 1]
            raise (plausible[0][1]() if len(plausible) == 1 else _to_invalid(pos, kwargs))
        device, dtype, copy = bound.get('device'), bound.get('dtype'), bound.get('copy', False)
        t = bound.get('tensor')
        if t is not None:
            if isinstance(t, Tensor):
                dtype = t.dtype
            elif isinstance(t, complex):
                raise TypeError('tensorpad has no complex dtypes: to() of a complex number')
            else:
                dtype = getattr(D, _PY_SCALAR_TYPES[type(t)])
        elif isinstance(dtype, type):
            dtype = getattr(D, _PY_SCALAR_TYPES[dtype])
    _device.check(device)
    if dtype is None:
        dtype = self.dtype
    h = W.tp_to_dtype(self._h, dtype._code(), 1 if copy else 0)
    if not h:
        raise_core()
    if h == self._h:
        W.tp_tensor_release(h)
        return self
    return _wrap(h)


def tensor_type(self, dtype):
    if isinstance(dtype, _LegacyTensorType):
        dtype = dtype.dtype
    elif isinstance(dtype, str):
        c = LEGACY_TYPES.get(dtype[6:]) if dtype.startswith('torch.') else None
        if c is None:
            raise ValueError(f'invalid type: {dtype!r}')
        dtype = c.dtype
    return self.to(dtype)


def deepcopy(self, memo):
    if not self.is_leaf:
        raise RuntimeError('Only Tensors created explicitly by the user (graph leaves) support the deepcopy '
                           'protocol at the moment')
    if id(self) in memo:
        return memo[id(self)]
    import copy as _copy
    with _no_grad():
        new = self.clone()
    if type(self) is not Tensor:
        new = type(self)._make_subclass(type(self), new, self.requires_grad) if hasattr(type(self), '_make_subclass') else new
    elif self.requires_grad:
        new.requires_grad_(True)
    g = self.grad if self.is_leaf else None
    if g is not None:
        new.grad = _copy.deepcopy(g, memo)
    d = getattr(self, '__dict__', None)
    if d:
        for k, v in d.items():
            setattr(new, k, _copy.deepcopy(v, memo))
    memo[id(self)] = new
    return new


class _no_grad:
    def __enter__(self):
        self.prev = W.tp_set_grad_enabled(0)

    def __exit__(self, *a):
        W.tp_set_grad_enabled(self.prev)


def rebuild(data, dtype_name, requires_grad):
    t = tensor(data, dtype=D._by_name(dtype_name))
    return t.requires_grad_(True) if requires_grad else t
