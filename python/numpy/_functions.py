# numpy's module-level functions of the interop subset: creation (zeros, arange, linspace,
# eye, *_like), the function forms of the array methods (np.sum(a, axis=0), ...), dot,
# where/clip/round, joining, and the comparisons allclose/isclose/array_equal.

import builtins
import math
import operator

import torch

from . import _dtypes, _ufuncs
from ._array import (ndarray, _wrap, _scalar, asarray, array, _shape_arg, _check_shape, _tdtype,
                     normalize_axes, _fmt_shape, _py_for)
from ._dtypes import as_dtype
from ._errors import not_available


# ---- creation ----

def zeros(shape, dtype=float, order='C', like=None):
    return _wrap(torch.zeros(_check_shape(_shape_arg(shape)), dtype=_tdtype(dtype)))


def ones(shape, dtype=None, order='C', like=None):
    return _wrap(torch.ones(_check_shape(_shape_arg(shape)), dtype=_tdtype(dtype)))


def empty(shape, dtype=float, order='C', like=None):
    # numpy leaves the memory uninitialised; zeros are one of its possible contents
    return zeros(shape, dtype)


def _scalar_dtype(v):
    if isinstance(v, _dtypes.generic):
        return v.dtype
    if isinstance(v, (ndarray, list, tuple)):
        return asarray(v).dtype
    if isinstance(v, bool):
        return _dtypes._BY_NAME['bool']
    if isinstance(v, int):
        return _dtypes._BY_NAME['int64']
    if isinstance(v, float):
        return _dtypes._BY_NAME['float64']
    raise not_available('numpy.full with a %s fill value' % type(v).__name__)


def full(shape, fill_value, dtype=None, order='C', like=None):
    dt = as_dtype(dtype) or _scalar_dtype(fill_value)
    shape = _check_shape(_shape_arg(shape))
    if isinstance(fill_value, (ndarray, list, tuple)):
        out = zeros(shape, dt)
        out[...] = fill_value
        return out
    return _wrap(torch.full(shape, _py_for(dt, fill_value), dtype=dt._torch))


def zeros_like(a, dtype=None, order='K', subok=True, shape=None):
    a = asarray(a)
    return zeros(a.shape if shape is None else shape, dtype or a.dtype)


def ones_like(a, dtype=None, order='K', subok=True, shape=None):
    a = asarray(a)
    return ones(a.shape if shape is None else shape, dtype or a.dtype)


def empty_like(a, dtype=None, order='K', subok=True, shape=None):
    return zeros_like(a, dtype, shape=shape)


def full_like(a, fill_value, dtype=None, order='K', subok=True, shape=None):
    a = asarray(a)
    return full(a.shape if shape is None else shape, fill_value, dtype or a.dtype)


def arange(start, stop=None, step=None, dtype=None, like=None):
    if stop is None:
        start, stop = 0, start
    if step is None:
        step = 1
    if step == 0:
        raise ZeroDivisionError('division by zero')
    vals = (start, stop, step)
    floaty = builtins.any(isinstance(v, float) for v in vals)
    dt = as_dtype(dtype) or _dtypes._BY_NAME['float64' if floaty else 'int64']
    n = builtins.max(int(math.ceil((stop - start) / step)), 0)
    if not floaty and dt.kind != 'f':
        t = torch.arange(int(start), int(start) + n * int(step), int(step), dtype=torch.int64)
        return _wrap(t.to(dt._torch) if dt.name != 'int64' else t)
    # numpy: element i is start + i * delta, with delta = (start + step) - start
    delta = float(start + step) - float(start)
    t = torch.arange(n, dtype=torch.float64) * delta + float(start)
    if n > 0:
        t[0] = float(start)
    return _wrap(t.to(dt._torch) if dt.name != 'float64' else t)


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    num = operator.index(num)
    if num < 0:
        raise ValueError('Number of samples, %d, must be non-negative.' % num)
    if axis != 0:
        raise not_available('numpy.linspace with axis=')
    div = (num - 1) if endpoint else num
    start, stop = float(start), float(stop)
    delta = stop - start
    y = torch.arange(num, dtype=torch.float64)
    step = float('nan')
    if div > 0:
        step = delta / div
        if step == 0:
            y = y / div * delta
        else:
            y = y * step
    else:
        y = y * delta
    y = y + start
    if endpoint and num > 1:
        y[-1] = stop
    dt = as_dtype(dtype)
    out = _wrap(y.to(dt._torch) if dt is not None and dt.name != 'float64' else y)
    if retstep:
        return out, _dtypes.float64(step)
    return out


def eye(N, M=None, k=0, dtype=float, order='C', like=None):
    M = N if M is None else M
    t = torch.zeros((N, M), dtype=_tdtype(dtype))
    for i in range(builtins.max(0, -k), builtins.min(N, M - k)):
        t[i, i + k] = 1
    return _wrap(t)


def identity(n, dtype=None, like=None):
    return eye(n, dtype=dtype or float)


def copy(a, order='K', subok=False):
    return array(a, copy=True)


# ---- shape and attributes ----

def shape(a):
    return asarray(a).shape


def ndim(a):
    return asarray(a).ndim


def size(a, axis=None):
    a = asarray(a)
    return a.size if axis is None else a.shape[axis]


def reshape(a, newshape, order='C'):
    return asarray(a).reshape(newshape, order=order)


def transpose(a, axes=None):
    return asarray(a).transpose(axes)


def ravel(a, order='C'):
    return asarray(a).ravel()


def squeeze(a, axis=None):
    return asarray(a).squeeze(axis)


def swapaxes(a, axis1, axis2):
    return asarray(a).swapaxes(axis1, axis2)


def expand_dims(a, axis):
    a = asarray(a)
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    nd = a.ndim + len(axes)
    axes = normalize_axes(axes, nd)
    t = a._t
    for ax in sorted(axes):
        t = t.unsqueeze(ax)
    return _wrap(t)


def concatenate(arrays, axis=0, out=None, dtype=None, casting='same_kind'):
    if out is not None:
        raise not_available('numpy.concatenate with out=')
    arrs = [asarray(a) for a in arrays]
    if not arrs:
        raise ValueError('need at least one array to concatenate')
    for a in arrs:
        if a.ndim == 0:
            raise ValueError('zero-dimensional arrays cannot be concatenated')
    if axis is None:
        arrs = [a.ravel() for a in arrs]
        axis = 0
    nd = arrs[0].ndim
    ax = normalize_axes(axis, nd)[0]
    for i, a in enumerate(arrs[1:], 1):
        if a.ndim != nd:
            raise ValueError('all the input array dimensions except for the concatenation axis '
                             'must match exactly, but along dimension 0, the array at index 0 '
                             'has %d dimension(s) and the array at index %d has %d dimension(s)'
                             % (nd, i, a.ndim))
        for d in range(nd):
            if d != ax and a.shape[d] != arrs[0].shape[d]:
                raise ValueError('all the input array dimensions except for the concatenation '
                                 'axis must match exactly, but along dimension %d, the array at '
                                 'index 0 has size %d and the array at index %d has size %d'
                                 % (d, arrs[0].shape[d], i, a.shape[d]))
    rd = as_dtype(dtype) or _result_dtype(arrs)
    return _wrap(torch.cat([a._t.to(rd._torch) for a in arrs], ax))


def _result_dtype(arrs):
    r = arrs[0].dtype.name
    for a in arrs[1:]:
        r = _dtypes.promote(r, a.dtype.name)
    return _dtypes._BY_NAME[r]


def stack(arrays, axis=0, out=None, dtype=None, casting='same_kind'):
    if out is not None:
        raise not_available('numpy.stack with out=')
    arrs = [asarray(a) for a in arrays]
    if not arrs:
        raise ValueError('need at least one array to stack')
    if builtins.any(a.shape != arrs[0].shape for a in arrs):
        raise ValueError('all input arrays must have the same shape')
    ax = normalize_axes(axis, arrs[0].ndim + 1)[0]
    rd = as_dtype(dtype) or _result_dtype(arrs)
    return _wrap(torch.stack([a._t.to(rd._torch) for a in arrs], ax))


def vstack(tup):
    arrs = [asarray(a) for a in tup]
    arrs = [a.reshape(1, -1) if a.ndim <= 1 else a for a in arrs]
    return concatenate(arrs, 0)


def hstack(tup):
    arrs = [asarray(a) for a in tup]
    arrs = [a.reshape(-1) if a.ndim == 0 else a for a in arrs]
    return concatenate(arrs, 0 if arrs and arrs[0].ndim == 1 else 1)


# ---- reductions (function forms) ----

def sum(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None):
    return asarray(a).sum(axis, dtype, out, keepdims, initial, where)


def mean(a, axis=None, dtype=None, out=None, keepdims=False, where=None):
    return asarray(a).mean(axis, dtype, out, keepdims, where)


def prod(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None):
    return asarray(a).prod(axis, dtype, out, keepdims, initial, where)


def max(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    return asarray(a).max(axis, out, keepdims, initial, where)


def min(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    return asarray(a).min(axis, out, keepdims, initial, where)


amax, amin = max, min


def argmax(a, axis=None, out=None, keepdims=False):
    return asarray(a).argmax(axis, out, keepdims=keepdims)


def argmin(a, axis=None, out=None, keepdims=False):
    return asarray(a).argmin(axis, out, keepdims=keepdims)


def any(a, axis=None, out=None, keepdims=False, where=None):
    return asarray(a).any(axis, out, keepdims, where)


def all(a, axis=None, out=None, keepdims=False, where=None):
    return asarray(a).all(axis, out, keepdims, where)


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, where=None):
    return asarray(a).var(axis, dtype, out, ddof, keepdims, where)


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, where=None):
    return asarray(a).std(axis, dtype, out, ddof, keepdims, where)


def cumsum(a, axis=None, dtype=None, out=None):
    return asarray(a).cumsum(axis, dtype, out)


def count_nonzero(a, axis=None, keepdims=False):
    a = asarray(a)
    r = _wrap(a._t != 0).sum(axis=axis, keepdims=keepdims)
    return int(r) if axis is None and not keepdims else r


def nonzero(a):
    return asarray(a).nonzero()


# ---- products ----

def dot(a, b, out=None):
    if out is not None:
        raise not_available('numpy.dot with out=')
    a, b = asarray(a), asarray(b)
    if a.ndim == 0 or b.ndim == 0:
        return _ufuncs.multiply(a, b)
    ka = a.shape[-1]
    db = 0 if b.ndim == 1 else b.ndim - 2
    if ka != b.shape[db]:
        raise ValueError('shapes %s and %s not aligned: %d (dim %d) != %d (dim %d)'
                         % (_fmt_shape(a.shape), _fmt_shape(b.shape), ka, a.ndim - 1,
                            b.shape[db], db))
    if a.ndim <= 2 and b.ndim <= 2:
        return _ufuncs.matmul(a, b)
    rd = _dtypes._BY_NAME[_dtypes.promote(a.dtype.name, b.dtype.name)]._torch
    r = torch.tensordot(a._t.to(rd), b._t.to(rd), dims=([a.ndim - 1], [db]))
    return _wrap(r)


def outer(a, b, out=None):
    a, b = asarray(a).ravel(), asarray(b).ravel()
    return _ufuncs.multiply(a.reshape(-1, 1), b.reshape(1, -1), out=out)


def inner(a, b):
    a, b = asarray(a), asarray(b)
    if a.ndim <= 1 and b.ndim <= 1:
        return dot(a, b)
    raise not_available('numpy.inner of arrays with more than one dimension')


# ---- elementwise helpers that are not ufuncs ----

def where(condition, x=None, y=None):
    if x is None and y is None:
        return nonzero(condition)
    if x is None or y is None:
        raise ValueError('either both or neither of x and y should be given')
    c = asarray(condition)._t.to(torch.bool)
    ox, oy = _ufuncs._operand(x), _ufuncs._operand(y)
    rd = _dtypes.result_type([(ox[1], ox[2], ox[3]), (oy[1], oy[2], oy[3])])
    r = torch.where(c, _ufuncs._as(ox, rd), _ufuncs._as(oy, rd))
    return _wrap(r)


def clip(a, a_min, a_max, out=None, **kwargs):
    if a_min is None and a_max is None:
        raise ValueError('One of max or min must be given')
    r = a
    if a_min is not None:
        r = _ufuncs.maximum(r, a_min)
    if a_max is not None:
        r = _ufuncs.minimum(r, a_max)
    if out is not None:
        return _ufuncs.positive(r, out=out)
    return r


def round_(a, decimals=0, out=None):
    if out is not None:
        raise not_available('numpy.round with out=')
    scalar = not isinstance(a, ndarray)
    arr = asarray(a)
    if arr.dtype.kind in 'bi':
        if decimals >= 0:
            return arr[()] if scalar and arr.ndim == 0 else arr.copy()
        raise not_available('numpy.round of integers with negative decimals')
    t = arr._t
    if decimals == 0:
        r = torch.round(t)
    elif decimals > 0:
        f = 10.0 ** decimals
        r = torch.round(t * f) / f
    else:
        f = 10.0 ** -decimals
        r = torch.round(t / f) * f
    if r.dim() == 0:
        return _scalar(r)
    return _wrap(r)


around = round_


# ---- comparisons of whole arrays ----

def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    x, y = asarray(a), asarray(b)
    xt, yt = x._t.to(torch.float64), y._t.to(torch.float64)
    bshape = torch.broadcast_shapes(tuple(xt.shape), tuple(yt.shape))
    xt, yt = xt.expand(bshape), yt.expand(bshape)
    finite = torch.isfinite(xt) & torch.isfinite(yt)
    diff = (xt - yt).abs()
    close = diff <= atol + rtol * yt.abs()
    r = torch.where(finite, close, xt == yt)
    if equal_nan:
        r = r | (torch.isnan(xt) & torch.isnan(yt))
    if r.dim() == 0:
        return _scalar(r)
    return _wrap(r)


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    r = isclose(a, b, rtol, atol, equal_nan)
    return builtins.bool(asarray(r)._t.all().item())


def array_equal(a1, a2, equal_nan=False):
    try:
        x, y = asarray(a1), asarray(a2)
    except Exception:
        return False
    if x.shape != y.shape:
        return False
    eq = _ufuncs.equal(x, y)
    r = asarray(eq)._t
    if equal_nan:
        r = r | (torch.isnan(x._t.to(torch.float64)) & torch.isnan(y._t.to(torch.float64)))
    return builtins.bool(r.all().item())


def isscalar(element):
    return isinstance(element, (int, float, builtins.bool, complex, str, _dtypes.generic))


def issubdtype(arg1, arg2):
    def cls(x):
        if isinstance(x, type) and issubclass(x, _dtypes.generic):
            return x
        return _dtypes.dtype(x).type
    return issubclass(cls(arg1), cls(arg2))


def result_type(*arrays_and_dtypes):
    ops = []
    for x in arrays_and_dtypes:
        if isinstance(x, (_dtypes.dtype, type, str)):
            ops.append((_dtypes.dtype(x).name, False, None))
        else:
            o = _ufuncs._operand(x)
            ops.append((o[1], o[2], o[3]))
    return _dtypes._BY_NAME[_dtypes.result_type(ops)]


def promote_types(type1, type2):
    return _dtypes._BY_NAME[_dtypes.promote(_dtypes.dtype(type1).name, _dtypes.dtype(type2).name)]


# ---- memory overlap ----

def _byte_span(a):
    """(first byte, one past the last byte) that array a can touch, or None when empty."""
    t = a._t
    if t.numel() == 0:
        return None
    isz = t.element_size()
    lo = hi = t.data_ptr()
    for size, stride in zip(t.shape, t.stride()):
        if stride < 0:
            lo += (size - 1) * stride * isz
        else:
            hi += (size - 1) * stride * isz
    return lo, hi + isz


def _bytes(a):
    """Every byte address an element of array a occupies (exact, so it is for moderate sizes)."""
    t = a._t
    isz = t.element_size()
    starts = {t.data_ptr()}
    for size, stride in zip(t.shape, t.stride()):
        starts = {s + i * stride * isz for s in starts for i in range(size)}
    return {s + k for s in starts for k in range(isz)}


def may_share_memory(a, b, max_work=None):
    """True when the byte ranges a and b can reach overlap (numpy's bounds check)."""
    if not isinstance(a, ndarray) or not isinstance(b, ndarray):
        return False
    sa, sb = _byte_span(a), _byte_span(b)
    return sa is not None and sb is not None and sa[0] < sb[1] and sb[0] < sa[1]


def shares_memory(a, b, max_work=None):
    """True when a and b have an element's byte in common (exact, like numpy's default)."""
    if max_work is not None:
        raise not_available('numpy.shares_memory(max_work=...)')
    if not may_share_memory(a, b):
        return False
    return not _bytes(a).isdisjoint(_bytes(b))
