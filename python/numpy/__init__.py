"""tensorpad's numpy: the interop subset of numpy 1.24 that PyTorch tutorials use, on
tensorpad's own tensors.

The browser's CPython has no numpy. This package gives `np.array`, `np.ones`, arithmetic and
ufuncs with `out=`, indexing, a few reductions and numpy 1.24's printing, on arrays that
each hold a torch tensor (`a._t`): `torch.from_numpy(a)` and `t.numpy()` share memory both
ways through it. Everything else raises NumpyNotAvailableError (a NotImplementedError and an
AttributeError) naming what was asked for. The module uses only PyTorch's public Python API,
so it also runs (and is tested) on real PyTorch.
"""

import contextlib as _contextlib

from ._errors import NumpyNotAvailableError, AxisError, not_available as _not_available
from ._dtypes import (dtype, generic, number, integer, signedinteger, inexact, floating,
                      float64, float32, int64, int32, bool_)
from ._array import ndarray, array, asarray, _from_torch
from ._ufuncs import ufunc
from ._ufuncs import (add, subtract, multiply, divide, true_divide, floor_divide, remainder,
                      mod, power, maximum, minimum, equal, not_equal, less, less_equal,
                      greater, greater_equal, logical_and, logical_or, logical_xor,
                      logical_not, bitwise_and, bitwise_or, bitwise_xor, bitwise_not, invert,
                      arctan2, hypot, sqrt, exp, exp2, expm1, log, log2, log10, log1p, sin,
                      cos, tan, arcsin, arccos, arctan, sinh, cosh, tanh, arcsinh, arccosh,
                      arctanh, floor, ceil, trunc, rint, deg2rad, rad2deg, degrees, radians,
                      absolute, negative, positive, square, sign, reciprocal, isnan, isinf,
                      isfinite, signbit, matmul)
from ._functions import (zeros, ones, empty, full, zeros_like, ones_like, empty_like, full_like,
                         arange, linspace, eye, identity, copy, shape, ndim, size, reshape,
                         transpose, ravel, squeeze, swapaxes, expand_dims, concatenate, stack,
                         vstack, hstack, sum, mean, prod, max, min, amax, amin, argmax, argmin,
                         any, all, var, std, cumsum, count_nonzero, nonzero, dot, outer, inner,
                         where, clip, around, isclose, allclose, array_equal, isscalar,
                         issubdtype, result_type, promote_types, shares_memory,
                         may_share_memory)
from ._functions import round_ as round
from ._functions import round_
from . import _format
from . import random, linalg, fft

__version__ = '1.24.2'

abs = absolute
conjugate = conj = positive
float_ = double = float64
single = float32
int_ = intp = int64
intc = int32
bool8 = bool_
True_ = bool_(True)
False_ = bool_(False)
newaxis = None
pi = 3.141592653589793
e = 2.718281828459045
inf = float('inf')
nan = float('nan')
euler_gamma = 0.5772156649015329
PINF, NINF, NAN, NaN, Inf, Infinity = inf, -inf, nan, nan, inf, inf


def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None,
                     suppress=None, nanstr=None, infstr=None, formatter=None, sign=None,
                     floatmode=None, *, legacy=None):
    if formatter is not None:
        raise _not_available('numpy.set_printoptions(formatter=...)')
    if sign not in (None, '-'):
        raise _not_available("numpy.set_printoptions(sign=%r)" % (sign,))
    if floatmode not in (None, 'maxprec'):
        raise _not_available("numpy.set_printoptions(floatmode=%r)" % (floatmode,))
    if legacy not in (None, False):
        raise _not_available("numpy.set_printoptions(legacy=%r)" % (legacy,))
    opts = _format._options
    for key, value in (('precision', precision), ('threshold', threshold),
                       ('edgeitems', edgeitems), ('linewidth', linewidth),
                       ('suppress', suppress), ('nanstr', nanstr), ('infstr', infstr)):
        if value is not None:
            if key == 'threshold' and value != value:
                raise ValueError('threshold must be non-NAN, try sys.maxsize for untruncated '
                                 'representation')
            if key == 'precision':
                value = int(value)
            opts[key] = bool(value) if key == 'suppress' else value


def get_printoptions():
    o = _format._options
    return {'edgeitems': o['edgeitems'], 'threshold': o['threshold'], 'floatmode': 'maxprec',
            'precision': o['precision'], 'suppress': o['suppress'],
            'linewidth': o['linewidth'], 'nanstr': o['nanstr'], 'infstr': o['infstr'],
            'sign': '-', 'formatter': None, 'legacy': False}


@_contextlib.contextmanager
def printoptions(*args, **kwargs):
    saved = dict(_format._options)
    try:
        set_printoptions(*args, **kwargs)
        yield get_printoptions()
    finally:
        _format._options.clear()
        _format._options.update(saved)


def array_repr(arr, max_line_width=None, precision=None, suppress_small=None):
    with printoptions(linewidth=max_line_width, precision=precision, suppress=suppress_small):
        return repr(asarray(arr))


def array_str(a, max_line_width=None, precision=None, suppress_small=None):
    with printoptions(linewidth=max_line_width, precision=precision, suppress=suppress_small):
        return str(asarray(a))


def __getattr__(name):
    if name.startswith('__'):
        raise AttributeError("module 'numpy' has no attribute '%s'" % name)
    raise _not_available('numpy.' + name)


def __dir__():
    return sorted(n for n in globals() if not n.startswith('_'))
