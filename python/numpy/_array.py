# ndarray of the interop subset. Every array is a thin holder of a torch tensor, `_t`,
# which owns (or views) the memory: views are tensor views, so writes through an array
# reach every tensor sharing its storage (torch.from_numpy / t.numpy()) and the reverse.
# Only PyTorch's public Python API is used, so the module also runs on real PyTorch.

import operator

import torch

from . import _dtypes, _format
from ._dtypes import dtype, as_dtype, bool_
from ._errors import AxisError, not_available


def _wrap(t):
    a = object.__new__(ndarray)
    a._t = t
    return a


def _from_torch(t):
    """The ndarray sharing tensor t's storage (what t.numpy() returns)."""
    _dtypes.from_torch(t.dtype)
    return _wrap(t)


def _scalar(t):
    """A 0-d tensor as the numpy scalar of its dtype."""
    return _dtypes.from_torch(t.dtype).type(t.item())


def _fmt_shape(shape):
    if len(shape) == 1:
        return '(%d,)' % shape[0]
    return '(' + ','.join(str(s) for s in shape) + ')'


def broadcast_shapes(*shapes):
    """The broadcast shape, or None when the shapes do not broadcast."""
    n = max((len(s) for s in shapes), default=0)
    out = []
    for i in range(n):
        d = 1
        for s in shapes:
            k = len(s) - n + i
            if k < 0:
                continue
            if s[k] != 1:
                if d != 1 and d != s[k]:
                    return None
                d = s[k]
        out.append(d)
    return tuple(out)


def normalize_axes(axis, ndim):
    if axis is None:
        return None
    if not isinstance(axis, (tuple, list)):
        axis = (axis,)
    res = []
    for ax in axis:
        ax = operator.index(ax)
        if not -ndim <= ax < ndim:
            raise AxisError(ax, ndim)
        ax %= ndim
        if ax in res:
            raise ValueError("duplicate value in 'axis'")
        res.append(ax)
    return tuple(res)


# ---- from Python data ----

def _leaf_dtype(x):
    if isinstance(x, _dtypes.generic):
        return x.dtype.name, x._py()
    if isinstance(x, bool):
        return 'bool', x
    if isinstance(x, int):
        if not -(1 << 63) <= x < (1 << 63):
            raise OverflowError('Python int too large to convert to C long')
        return 'int64', x
    if isinstance(x, float):
        return 'float64', x
    if isinstance(x, complex):
        raise not_available('numpy complex arrays',
                            'the dtypes available are bool, int32, int64, float32 and float64')
    if isinstance(x, str) or x is None:
        raise not_available('numpy arrays of %s' % type(x).__name__,
                            'the dtypes available are bool, int32, int64, float32 and float64')
    raise not_available('numpy arrays of %s objects' % type(x).__name__)


def _from_data(obj):
    """Nested Python data -> (tensor of its numpy dtype)."""
    flat = []
    state = {'dt': None}

    def note(dn):
        state['dt'] = dn if state['dt'] is None else _dtypes.promote(state['dt'], dn)

    def walk(x, depth):
        if isinstance(x, ndarray):
            note(x.dtype.name)
            flat.extend(_format._flat(x._t.tolist(), x.ndim))
            return x.shape
        if isinstance(x, torch.Tensor):
            return walk(_tensor_as_array(x), depth)
        if isinstance(x, (list, tuple)):
            shapes = [walk(e, depth + 1) for e in x]
            if shapes and any(s != shapes[0] for s in shapes):
                raise _inhomogeneous(depth + 1, len(x))
            return (len(x),) + (shapes[0] if shapes else ())
        dn, v = _leaf_dtype(x)
        note(dn)
        flat.append(v)
        return ()

    shape = walk(obj, 0)
    dn = state['dt'] or 'float64'
    td = _dtypes._BY_NAME[dn]._torch
    if dn == 'bool':
        flat = [bool(v) for v in flat]
    elif dn[0] == 'f':
        flat = [float(v) for v in flat]
    else:
        flat = [int(v) for v in flat]
    return torch.tensor(flat, dtype=td).reshape(shape)


def _inhomogeneous(depth, n):
    return ValueError('setting an array element with a sequence. The requested array has an '
                      'inhomogeneous shape after %d dimensions. The detected shape was %s + '
                      'inhomogeneous part.' % (depth, _shape_repr((n,)) if depth == 1 else
                                               '(...)'))


def _shape_repr(shape):
    return repr(tuple(shape))


def _tensor_as_array(t):
    if t.requires_grad:
        raise RuntimeError("Can't call numpy() on Tensor that requires grad. "
                           "Use tensor.detach().numpy() instead.")
    return _from_torch(t)


def array(obj, dtype=None, copy=True, order='K', subok=False, ndmin=0, like=None):
    dt = as_dtype(dtype)
    if isinstance(obj, ndarray):
        t = obj._t
        if dt is not None and dt != obj.dtype:
            t = t.to(dt._torch)
        elif copy:
            t = t.clone()
    elif isinstance(obj, torch.Tensor):
        t = _tensor_as_array(obj)._t
        t = t.to(dt._torch) if dt is not None and dt != _dtypes.from_torch(t.dtype) else (
            t.clone() if copy else t)
    else:
        t = _from_data(obj)
        if dt is not None and dt._torch != t.dtype:
            t = t.to(dt._torch)
    while t.dim() < ndmin:
        t = t.unsqueeze(0)
    return _wrap(t)


def asarray(a, dtype=None, order=None, like=None):
    if isinstance(a, ndarray) and (dtype is None or as_dtype(dtype) == a.dtype):
        return a
    if isinstance(a, torch.Tensor):
        arr = _tensor_as_array(a)
        return arr if dtype is None or as_dtype(dtype) == arr.dtype else arr.astype(dtype)
    return array(a, dtype=dtype, copy=False)


def _shape_arg(shape):
    if isinstance(shape, (tuple, list)):
        return tuple(operator.index(s) for s in shape)
    return (operator.index(shape),)


def _check_shape(shape):
    for s in shape:
        if s < 0:
            raise ValueError('negative dimensions are not allowed')
    return shape


def _tdtype(dt, default='float64'):
    return (as_dtype(dt) or _dtypes._BY_NAME[default])._torch


# ---- indexing ----

def _index_error_type(k):
    return IndexError('only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) '
                      'and integer or boolean arrays are valid indices')


def _parse_key(arr, key):
    """numpy key -> (torch key, result-is-scalar, dims to flip first)."""
    t = arr._t
    shape = tuple(t.shape)
    ndim = len(shape)
    if not isinstance(key, tuple):
        key = (key,)
    items = []
    consumed = 0
    seen_ellipsis = False
    for k in key:
        if k is None:
            items.append(('none', None))
        elif k is Ellipsis:
            if seen_ellipsis:
                raise IndexError("an index can only have a single ellipsis ('...')")
            seen_ellipsis = True
            items.append(('ell', None))
        elif isinstance(k, slice):
            items.append(('slice', k))
            consumed += 1
        elif isinstance(k, (bool, bool_)):
            raise not_available('numpy indexing with a bare boolean')
        elif isinstance(k, int):
            items.append(('int', int(k)))
            consumed += 1
        elif isinstance(k, (ndarray, list, torch.Tensor)) or (
                isinstance(k, tuple) and False):
            if isinstance(k, list) and len(k) == 0:
                ka = _wrap(torch.zeros(0, dtype=torch.int64))
            else:
                ka = asarray(k)
            kind = ka.dtype.kind
            if kind == 'b':
                items.append(('mask', ka._t))
                consumed += ka.ndim
            elif kind == 'i':
                if ka.ndim == 0:
                    items.append(('int', int(ka._t.item())))
                else:
                    items.append(('arr', ka._t.to(torch.int64)))
                consumed += 1
            else:
                raise IndexError('arrays used as indices must be of integer (or boolean) type')
        else:
            raise _index_error_type(k)
    if consumed > ndim:
        raise IndexError('too many indices for array: array is %d-dimensional, but %d were '
                         'indexed' % (ndim, consumed))
    scalar = consumed == ndim and all(kind == 'int' for kind, _ in items)
    tkey = []
    flips = []
    dim = 0
    for kind, v in items:
        if kind == 'ell':
            dim += ndim - consumed
            tkey.append(Ellipsis)
        elif kind == 'none':
            tkey.append(None)
        elif kind == 'int':
            n = shape[dim]
            if not -n <= v < n:
                raise IndexError('index %d is out of bounds for axis %d with size %d' % (v, dim, n))
            tkey.append(v)
            dim += 1
        elif kind == 'slice':
            n = shape[dim]
            start, stop, step = (None if x is None else operator.index(x)
                                 for x in (v.start, v.stop, v.step))
            if step == 0:
                raise ValueError('slice step cannot be zero')
            if step is not None and step < 0:
                start, stop, step = slice(start, stop, step).indices(n)
                flips.append(dim)
                start, stop = n - 1 - start, n - 1 - stop
                tkey.append(slice(start, max(stop, start), -step))
            else:
                tkey.append(slice(start, stop, step))
            dim += 1
        elif kind == 'mask':
            for j, s in enumerate(v.shape):
                if s != shape[dim + j]:
                    raise IndexError('boolean index did not match indexed array along dimension '
                                     '%d; dimension is %d but corresponding boolean dimension '
                                     'is %d' % (dim + j, shape[dim + j], s))
            tkey.append(v)
            dim += v.dim()
        else:  # integer array
            n = shape[dim]
            if v.numel():
                hi, lo = int(v.max().item()), int(v.min().item())
                bad = hi if hi >= n else lo if lo < -n else None
                if bad is not None:
                    raise IndexError('index %d is out of bounds for axis %d with size %d'
                                     % (bad, dim, n))
            tkey.append(v)
            dim += 1
    return tuple(tkey), scalar, flips


def _broadcastable_to(src, dst):
    src = list(src)
    while len(src) > len(dst) and src[0] == 1:
        src.pop(0)
    if len(src) > len(dst):
        return False
    for s, d in zip(reversed(src), reversed(dst)):
        if s != d and s != 1:
            return False
    return True


def _py_for(dt, v):
    """A Python scalar converted for storing into an array of dtype dt (numpy's casts)."""
    if isinstance(v, _dtypes.generic):
        v = v._py()
    if dt.kind == 'b':
        return bool(v)
    if dt.kind == 'i':
        if isinstance(v, float):
            if v != v:
                raise ValueError('cannot convert float NaN to integer')
            if v in (float('inf'), float('-inf')):
                raise OverflowError('cannot convert float infinity to integer')
        v = int(v)
        bits = 32 if dt.name == 'int32' else 64
        if not -(1 << (bits - 1)) <= v < (1 << (bits - 1)):
            raise OverflowError('Python integer %d out of bounds for %s' % (v, dt.name))
        return v
    return float(v)


# ---- the array ----

class ndarray:
    """numpy.ndarray of tensorpad's interop subset, backed by the torch tensor `_t`."""
    __slots__ = ('_t', '__weakref__')

    def __new__(cls, shape, dtype=float, buffer=None, offset=0, strides=None, order=None):
        if buffer is not None or strides is not None:
            raise not_available('numpy.ndarray(buffer=..., strides=...)')
        return _wrap(torch.zeros(_check_shape(_shape_arg(shape)), dtype=_tdtype(dtype)))

    # -- attributes --
    @property
    def dtype(self):
        return _dtypes.from_torch(self._t.dtype)

    @property
    def shape(self):
        return tuple(self._t.shape)

    @shape.setter
    def shape(self, value):
        self._t = self.reshape(value)._t

    @property
    def ndim(self):
        return self._t.dim()

    @property
    def size(self):
        return self._t.numel()

    @property
    def itemsize(self):
        return self.dtype.itemsize

    @property
    def nbytes(self):
        return self.dtype.itemsize * self._t.numel()

    @property
    def strides(self):
        isz = self.dtype.itemsize
        return tuple(s * isz for s in self._t.stride())

    @property
    def T(self):
        return self.transpose()

    def __len__(self):
        if self._t.dim() == 0:
            raise TypeError('len() of unsized object')
        return self._t.shape[0]

    def __iter__(self):
        if self._t.dim() == 0:
            raise TypeError('iteration over a 0-d array')
        for i in range(self._t.shape[0]):
            yield self[i]

    def __contains__(self, x):
        from . import _ufuncs
        return bool(_ufuncs.equal(self, x).any())

    def _one(self, what):
        if self._t.numel() != 1:
            raise TypeError('only size-1 arrays can be converted to Python scalars')
        return self._t.reshape(()).item()

    def __bool__(self):
        if self._t.numel() != 1:
            if self._t.numel() == 0:
                return False
            raise ValueError('The truth value of an array with more than one element is '
                             'ambiguous. Use a.any() or a.all()')
        return bool(self._t.reshape(()).item())

    def __float__(self):
        return float(self._one('float'))

    def __int__(self):
        return int(self._one('int'))

    def __index__(self):
        if self.dtype.kind != 'i' or self._t.dim() != 0:
            raise TypeError('only integer scalar arrays can be converted to a scalar index')
        return int(self._t.item())

    def __hash__(self):
        raise TypeError("unhashable type: 'numpy.ndarray'")

    # -- printing --
    def _corners(self):
        t = self._t
        size = t.numel()
        if size > _format._options['threshold']:
            edge = _format._options['edgeitems']
            for axis in range(t.dim()):
                n = t.shape[axis]
                if n > 2 * edge:
                    t = torch.cat([t.narrow(axis, 0, edge), t.narrow(axis, n - edge, edge)], axis)
        return t.tolist()

    def _array2string(self, separator, prefix, suffix):
        d = self.dtype
        return _format.array2string(self._corners(), self.shape, self.size, d.kind, d.is32,
                                    separator, prefix, suffix)

    def __repr__(self):
        d = self.dtype
        skip = d.name in ('int64', 'float64', 'bool') and self.size > 0
        prefix = 'array('
        suffix = ')' if skip else ','
        if self.size > 0 or self.shape == (0,):
            lst = self._array2string(', ', prefix, suffix)
        else:
            lst = '[], shape=%s' % (repr(self.shape),)
        s = prefix + lst + suffix
        if skip:
            return s
        dtype_str = 'dtype=%s)' % d.name
        last_line_len = len(s) - (s.rfind('\n') + 1)
        spacer = ' '
        if last_line_len + len(dtype_str) + 1 > _format._options['linewidth']:
            spacer = '\n' + ' ' * len(prefix)
        return s + spacer + dtype_str

    def __str__(self):
        if self._t.dim() == 0:
            return str(_scalar(self._t))
        return self._array2string(' ', '', '')

    def __format__(self, spec):
        if self._t.dim() == 0:
            return format(_scalar(self._t), spec)
        if spec:
            raise TypeError('unsupported format string passed to numpy.ndarray.__format__')
        return str(self)

    # -- indexing --
    def __getitem__(self, key):
        tkey, scalar, flips = _parse_key(self, key)
        t = self._t.flip(flips) if flips else self._t
        r = t[tkey]
        if scalar:
            return _scalar(r)
        return _wrap(r)

    def __setitem__(self, key, value):
        tkey, scalar, flips = _parse_key(self, key)
        t = self._t
        work = t.flip(flips) if flips else t
        dt = self.dtype
        if isinstance(value, (ndarray, list, tuple, torch.Tensor)):
            v = asarray(value)._t
            target = () if scalar else tuple(work[tkey].shape)
            if not _broadcastable_to(tuple(v.shape), target):
                raise ValueError('could not broadcast input array from shape %s into shape %s'
                                 % (_shape_repr(v.shape), _shape_repr(target)))
            while v.dim() > len(target):
                v = v.squeeze(0)
            v = v.to(dt._torch) if v.dtype != dt._torch else v.clone()
            if scalar and v.dim() == 0:
                v = _py_for(dt, v.item())
        else:
            v = _py_for(dt, value)
        work[tkey] = v
        if flips:
            t.copy_(work.flip(flips))

    # -- conversion and copies --
    def tolist(self):
        return self._t.tolist()

    def item(self, *args):
        t = self._t
        if not args:
            if t.numel() != 1:
                raise ValueError('can only convert an array of size 1 to a Python scalar')
            return t.reshape(()).item()
        if len(args) == 1 and isinstance(args[0], tuple):
            args = args[0]
        if len(args) == 1:
            i = operator.index(args[0])
            n = t.numel()
            if not -n <= i < n:
                raise IndexError('index %d is out of bounds for size %d' % (i, n))
            return t.reshape(-1)[i].item()
        return self[tuple(args)].item()

    def astype(self, dtype, order='K', casting='unsafe', subok=True, copy=True):
        dt = _dtypes.dtype(dtype)
        if dt._torch == self._t.dtype:
            return _wrap(self._t.clone()) if copy else self
        return _wrap(self._t.to(dt._torch))

    def copy(self, order='C'):
        t = self._t
        return _wrap(t.clone() if t.is_contiguous() else t.contiguous())

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    def fill(self, value):
        self._t.fill_(_py_for(self.dtype, value))

    # -- shape --
    def reshape(self, *shape, order='C'):
        if order != 'C':
            raise not_available("numpy.reshape with order='%s'" % order)
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = shape[0]
        shape = tuple(operator.index(s) for s in shape)
        size = self.size
        unknown = [i for i, s in enumerate(shape) if s == -1]
        if len(unknown) > 1:
            raise ValueError('can only specify one unknown dimension')
        known = 1
        for s in shape:
            if s != -1:
                if s < 0:
                    raise ValueError('negative dimensions not allowed')
                known *= s
        if (unknown and (known == 0 or size % known)) or (not unknown and known != size):
            raise ValueError('cannot reshape array of size %d into shape %s'
                             % (size, _shape_repr(shape)))
        return _wrap(self._t.reshape(shape))

    def transpose(self, *axes):
        n = self.ndim
        if len(axes) == 1 and (axes[0] is None or isinstance(axes[0], (tuple, list))):
            axes = axes[0]
        if not axes:
            axes = tuple(range(n - 1, -1, -1))
        if len(axes) != n:
            raise ValueError("axes don't match array")
        axes = normalize_axes(tuple(axes), n)
        if n == 0:
            return _wrap(self._t.view_as(self._t))
        return _wrap(self._t.permute(*axes))

    def swapaxes(self, axis1, axis2):
        a1, a2 = normalize_axes((axis1,), self.ndim)[0], normalize_axes((axis2,), self.ndim)[0]
        return _wrap(self._t.transpose(a1, a2))

    def flatten(self, order='C'):
        return _wrap(self._t.reshape(-1).clone())

    def ravel(self, order='C'):
        return _wrap(self._t.reshape(-1))

    def squeeze(self, axis=None):
        t = self._t
        if axis is None:
            return _wrap(t.reshape([s for s in t.shape if s != 1]))
        axes = normalize_axes(axis, t.dim())
        for ax in axes:
            if t.shape[ax] != 1:
                raise ValueError('cannot select an axis to squeeze out which has size not '
                                 'equal to one')
        return _wrap(t.reshape([s for i, s in enumerate(t.shape) if i not in axes]))

    # -- reductions --
    def sum(self, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None):
        _no_out('sum', out, initial, where)
        dt = as_dtype(dtype)
        rd = dt.name if dt else ('int64' if self.dtype.kind in 'bi' else self.dtype.name)
        return _reduce(self, axis, keepdims, rd, _np_sum)

    def mean(self, axis=None, dtype=None, out=None, keepdims=False, where=None):
        _no_out('mean', out, None, where)
        dt = as_dtype(dtype)
        rd = dt.name if dt else ('float64' if self.dtype.kind in 'bi' else self.dtype.name)
        return _reduce(self, axis, keepdims, rd, _np_mean)

    def prod(self, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None):
        _no_out('prod', out, initial, where)
        dt = as_dtype(dtype)
        rd = dt.name if dt else ('int64' if self.dtype.kind in 'bi' else self.dtype.name)
        return _reduce(self, axis, keepdims, rd, _one_dim_at_a_time('prod'))

    def max(self, axis=None, out=None, keepdims=False, initial=None, where=None):
        _no_out('max', out, initial, where)
        return _minmax(self, axis, keepdims, 'maximum')

    def min(self, axis=None, out=None, keepdims=False, initial=None, where=None):
        _no_out('min', out, initial, where)
        return _minmax(self, axis, keepdims, 'minimum')

    def argmax(self, axis=None, out=None, keepdims=False):
        _no_out('argmax', out, None, None)
        return _argminmax(self, axis, keepdims, 'argmax')

    def argmin(self, axis=None, out=None, keepdims=False):
        _no_out('argmin', out, None, None)
        return _argminmax(self, axis, keepdims, 'argmin')

    def any(self, axis=None, out=None, keepdims=False, where=None):
        _no_out('any', out, None, where)
        return _reduce(_wrap(self._t.to(torch.bool)), axis, keepdims, 'bool',
                       _one_dim_at_a_time('any'))

    def all(self, axis=None, out=None, keepdims=False, where=None):
        _no_out('all', out, None, where)
        return _reduce(_wrap(self._t.to(torch.bool)), axis, keepdims, 'bool',
                       _one_dim_at_a_time('all'))

    def var(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False, where=None):
        _no_out('var', out, None, where)
        return _var(self, axis, dtype, ddof, keepdims, False)

    def std(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False, where=None):
        _no_out('std', out, None, where)
        return _var(self, axis, dtype, ddof, keepdims, True)

    def cumsum(self, axis=None, dtype=None, out=None):
        _no_out('cumsum', out, None, None)
        dt = as_dtype(dtype)
        rd = dt or _dtypes._BY_NAME['int64' if self.dtype.kind in 'bi' else self.dtype.name]
        t = self._t.to(rd._torch)
        if axis is None:
            return _wrap(t.reshape(-1).cumsum(0))
        return _wrap(t.cumsum(normalize_axes(axis, t.dim())[0]))

    def clip(self, min=None, max=None, out=None):
        from . import _functions
        return _functions.clip(self, min, max, out=out)

    def round(self, decimals=0, out=None):
        from . import _functions
        return _functions.round_(self, decimals, out=out)

    def dot(self, b, out=None):
        from . import _functions
        return _functions.dot(self, b, out=out)

    def nonzero(self):
        t = self._t
        if t.dim() == 0:
            raise not_available('numpy.nonzero of a 0-d array')
        nz = t.nonzero()
        return tuple(_wrap(nz[:, i].contiguous()) for i in range(t.dim()))

    def __getattr__(self, name):
        if name.startswith('__') or name == '_t':
            raise AttributeError("'numpy.ndarray' object has no attribute '%s'" % name)
        raise not_available('numpy.ndarray.%s' % name)


ndarray.__module__ = 'numpy'


def _no_out(name, out, initial, where):
    if out is not None:
        raise not_available('numpy.%s with out=' % name)
    if initial is not None:
        raise not_available('numpy.%s with initial=' % name)
    if where is not None:
        raise not_available('numpy.%s with where=' % name)


def _finish(r, keepdims):
    if r.dim() == 0:
        return _scalar(r)
    return _wrap(r)


def _reduce(a, axis, keepdims, rd, fn):
    """fn(tensor, dims tuple, keepdim) over the normalised axes, in dtype rd."""
    t = a._t
    nd = t.dim()
    axes = normalize_axes(axis, nd)
    td = _dtypes._BY_NAME[rd]._torch
    t = t.to(td) if t.dtype != td else t
    if axes == ():
        return _finish(t.clone(), keepdims)
    if axes is None:
        axes = tuple(range(nd))
    if nd == 0:
        return _finish(t.clone(), keepdims)
    r = fn(t, axes, keepdims)
    if r.dtype != td:
        r = r.to(td)
    return _finish(r, keepdims)


def _one_dim_at_a_time(method):
    def fn(t, dims, keepdim):
        for d in sorted(dims, reverse=True):
            t = getattr(t, method)(dim=d, keepdim=keepdim)
        return t
    return fn


def _minmax(a, axis, keepdims, name):
    t = a._t
    axes = normalize_axes(axis, t.dim())
    red = axes if axes is not None else tuple(range(t.dim()))
    n = 1
    for d in red:
        n *= t.shape[d]
    if n == 0 or (t.numel() == 0 and axes is None):
        raise ValueError('zero-size array to reduction operation %s which has no identity' % name)
    method = 'amax' if name == 'maximum' else 'amin'
    if a.dtype.kind == 'b':
        return _reduce(_wrap(t), axis, keepdims, 'bool',
                       _one_dim_at_a_time('any' if name == 'maximum' else 'all'))
    return _reduce(a, axis, keepdims, a.dtype.name,
                   lambda tt, dims, kd: getattr(tt, method)(dim=dims, keepdim=kd))


def _argminmax(a, axis, keepdims, method):
    t = a._t
    if t.dtype == torch.bool:
        t = t.to(torch.int64)
    if axis is None:
        if t.numel() == 0:
            raise ValueError('attempt to get %s of an empty sequence' % method)
        r = getattr(t.reshape(-1), method)()
        if keepdims:
            return _wrap(r.reshape((1,) * t.dim()))
        return _scalar(r)
    ax = normalize_axes(axis, t.dim())[0]
    if t.shape[ax] == 0:
        raise ValueError('attempt to get %s of an empty sequence' % method)
    return _finish(getattr(t, method)(dim=ax, keepdim=keepdims), keepdims)


def _var(a, axis, dtype, ddof, keepdims, sqrt):
    dt = as_dtype(dtype)
    rd = dt or _dtypes._BY_NAME['float64' if a.dtype.kind in 'bi' else a.dtype.name]
    t = a._t.to(rd._torch)
    nd = t.dim()
    axes = normalize_axes(axis, nd)
    if axes is None:
        axes = tuple(range(nd))
    n = 1
    for d in axes:
        n *= t.shape[d]
    if nd == 0:
        d = t - t
        r = d * d
    else:
        m = _np_mean(t, axes, True)
        d = t - m
        r = _np_sum(d * d, axes, keepdims)
    r = r / max(n - ddof, 0)
    if sqrt:
        r = r.sqrt()
    return _finish(r, keepdims)


# Note [numpy's summation order]: numpy adds floats pairwise along the innermost (contiguous)
# run — blocks of up to 128 summed with 8 accumulators, halves above that — and row by row
# along an outer axis. Sums printed with all their digits differ in the last place unless
# they are added in that order, so float sums here follow it with whole-tensor ops (one op
# per 8 elements of the run); very long runs fall back to torch's own sum.
_PAIRWISE_LIMIT = 16384


def _pairwise(t):
    """numpy's pairwise_sum over the last dimension of t (a float tensor), in Python floats:
    each row's values once (tolist), added in numpy's order; float32 sums are rounded to
    float32 after every addition (a float64 sum of two float32 values, rounded, is their
    float32 sum), so the digits are numpy's."""
    n = t.shape[-1]
    lead = tuple(t.shape[:-1])
    if n == 0:
        return torch.zeros(lead, dtype=t.dtype)
    rows = t.reshape(-1, n).tolist()
    if t.dtype == torch.float32:
        sums = [_pairwise_row(r, 0, n, _add32) for r in rows]
    else:
        sums = [_pairwise_row64(r, 0, n) for r in rows]
    return torch.tensor(sums, dtype=t.dtype).reshape(lead)


def _pairwise_row64(v, lo, n):
    """_pairwise_row for float64, with Python's own + (the same order)."""
    if n < 8:
        res = 0.0
        for i in range(lo, lo + n):
            res += v[i]
        return res
    if n <= 128:
        r0, r1, r2, r3, r4, r5, r6, r7 = v[lo:lo + 8]
        end = lo + n - n % 8
        for i in range(lo + 8, end, 8):
            r0 += v[i]
            r1 += v[i + 1]
            r2 += v[i + 2]
            r3 += v[i + 3]
            r4 += v[i + 4]
            r5 += v[i + 5]
            r6 += v[i + 6]
            r7 += v[i + 7]
        res = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
        for k in range(end, lo + n):
            res += v[k]
        return res
    n2 = n // 2
    n2 -= n2 % 8
    return _pairwise_row64(v, lo, n2) + _pairwise_row64(v, lo + n2, n - n2)


_f32 = __import__('array').array('f', [0.0])


def _add32(x, y):
    _f32[0] = x + y
    return _f32[0]


def _pairwise_row(v, lo, n, add):
    if n < 8:
        res = 0.0
        for i in range(lo, lo + n):
            res = add(res, v[i])
        return res
    if n <= 128:
        r = v[lo:lo + 8]
        i = 8
        while i < n - n % 8:
            for j in range(8):
                r[j] = add(r[j], v[lo + i + j])
            i += 8
        res = add(add(add(r[0], r[1]), add(r[2], r[3])), add(add(r[4], r[5]), add(r[6], r[7])))
        for k in range(i, n):
            res = add(res, v[lo + k])
        return res
    n2 = n // 2
    n2 -= n2 % 8
    return add(_pairwise_row(v, lo, n2, add), _pairwise_row(v, lo + n2, n - n2, add))


def _np_sum(t, dims, keepdim):
    if t.dtype not in (torch.float32, torch.float64):
        return t.sum(dim=dims, keepdim=keepdim)
    nd = t.dim()
    dims = tuple(sorted(dims))
    if dims == tuple(range(nd)):
        flat = t.reshape(-1)
        if flat.numel() > _PAIRWISE_LIMIT:
            r = t.sum()
        else:
            r = _pairwise(flat)
        return r.reshape((1,) * nd) if keepdim else r
    if len(dims) == 1:
        d = dims[0]
        n = t.shape[d]
        if d == nd - 1:
            if n > _PAIRWISE_LIMIT:
                return t.sum(dim=dims, keepdim=keepdim)
            r = _pairwise(t)
        else:
            if n > _PAIRWISE_LIMIT // 8:
                return t.sum(dim=dims, keepdim=keepdim)
            r = torch.zeros(t.select(d, 0).shape, dtype=t.dtype)
            for i in range(n):
                r = r + t.select(d, i)
        return r.unsqueeze(d) if keepdim else r
    return t.sum(dim=dims, keepdim=keepdim)


def _np_mean(t, dims, keepdim):
    n = 1
    for d in dims:
        n *= t.shape[d]
    return _np_sum(t, dims, keepdim) / n
