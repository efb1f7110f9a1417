"""tensorpad's torch: PyTorch 1.13's Python API over the tensorpad library (js/, src/).

This package holds no tensor maths: every op is one call into the library. The Tensor class
(_tensor.py) calls the core directly on its hot path; the torch.* functions the JS layer
has are found at import time and forwarded (_bridge.py); the ones whose meaning depends on
Python's int/float/bool or on Python protocols are written here.
"""
import sys as _sys
import builtins as _builtins

from . import _bridge
from ._bridge import W as _W, call as _call
from . import _libm
_libm.install()
from ._dtype import dtype, float32, float64, int32, int64, _all as _dtypes
from ._dtype import bool_ as bool  # noqa: A001  (torch.bool shadows the builtin here, as in PyTorch)
from ._device import device
from ._finfo import finfo, iinfo  # noqa: E402
from ._size import Size
from ._tensor import Tensor, _wrap
from . import _creation
from ._creation import tensor, as_tensor, full, full_like, arange, scalar_tensor
from . import return_types

_B = _bridge.B

float16 = half = _dtypes['float16']
bfloat16 = _dtypes['bfloat16']
uint8 = _dtypes['uint8']
int8 = _dtypes['int8']
int16 = short = _dtypes['int16']
complex64 = cfloat = _dtypes['complex64']
complex128 = cdouble = _dtypes['complex128']
complex32 = chalf = _dtypes['complex32']
quint8, qint8, qint32, quint4x2 = _dtypes['quint8'], _dtypes['qint8'], _dtypes['qint32'], _dtypes['quint4x2']
float = float32  # noqa: A001
double = float64
int = int32  # noqa: A001
long = int64

strided = 'torch.strided'
contiguous_format = 'torch.contiguous_format'
preserve_format = 'torch.preserve_format'
channels_last = 'torch.channels_last'
__version__ = '1.13.1'
version = type(_sys)('torch.version')
version.__version__ = __version__
version.cuda = None
version.debug = False
_sys.modules['torch.version'] = version

from .autograd.grad_mode import no_grad, enable_grad, set_grad_enabled, inference_mode, is_grad_enabled  # noqa: E402
from .autograd.grad_mode import is_inference_mode_enabled  # noqa: E402
from . import autograd  # noqa: E402
from ._generator import Generator, default_generator, manual_seed, seed, initial_seed, get_rng_state, set_rng_state  # noqa: E402
from . import random  # noqa: E402
from . import cuda, backends, linalg, special, fft  # noqa: E402,F401
from . import serialization  # noqa: E402,F401
from .serialization import save, load  # noqa: E402
from . import _printing  # noqa: E402
from . import _C  # noqa: E402,F401
from ._printing import set_printoptions, get_printoptions  # noqa: E402,F401


# ---- functions whose Python meaning the JS spelling cannot carry -------------------------
def set_num_threads(n):
    """tensorpad computes on one thread: accepted and ignored, as on a 1-core machine."""


def get_num_threads():
    return 1


set_num_interop_threads = set_num_threads
get_num_interop_threads = get_num_threads


def is_tensor(obj):
    return isinstance(obj, Tensor)


def is_storage(obj):
    return False


def is_floating_point(input):
    return input.is_floating_point()


def is_complex(input):
    return False


def numel(input):
    return input.numel()


def get_default_dtype():
    return _dtype_by_code(_W.tp_get_default_dtype())


def set_default_dtype(d):
    if d is not float32 and d is not float64:
        raise TypeError('only floating-point types are supported as the default type')
    _W.tp_set_default_dtype(d._code())


def set_default_tensor_type(t):
    names = {'torch.FloatTensor': float32, 'torch.DoubleTensor': float64}
    key = t if isinstance(t, str) else getattr(t, '__name__', None)
    if key not in names and ('torch.' + str(key)) not in names:
        raise TypeError('only floating-point types are supported as the default type')
    set_default_dtype(names.get(key) or names['torch.' + key])


def _dtype_by_code(c):
    from ._dtype import by_code
    return by_code(c)


def memory_stats():
    from ._tensor import _flush
    _flush()
    n, b, peak, heap = _B.memoryStats().to_py()
    return {'live_tensors': _builtins.int(n), 'live_bytes': _builtins.int(b), 'peak_bytes': _builtins.int(peak),
            'heap_bytes': _builtins.int(heap)}


def from_numpy(a):
    t = getattr(a, '_t', None)
    if not isinstance(t, Tensor):
        raise TypeError(f"expected np.ndarray (got {type(a).__name__})")
    return t.detach()


def typename(o):
    if isinstance(o, Tensor):
        return o.type()
    module = getattr(type(o), '__module__', '') or ''
    return (module + '.' if module and module != 'builtins' else '') + type(o).__qualname__


def _out(name, args, kwargs, out):
    """torch.NAME(*args, **kwargs, out=out): the JS layer writes into out (1.13's resize and
    dtype rules); the result is out itself, as in PyTorch."""
    r = _call(name, -1, args, dict(kwargs or {}, out=out))
    return out if isinstance(out, Tensor) else r


def _binary_fn(name):
    meth = getattr(Tensor, name)

    def f(*args, out=None, **kwargs):
        if len(args) != 2 or out is not None:   # (a deprecated overload too: sub(input, alpha, other))
            return _out(name, args, kwargs, out) if out is not None else _call(name, -1, args, kwargs)
        input, other = args
        if isinstance(input, Tensor):
            try:
                return meth(input, other, **kwargs) if kwargs else meth(input, other)
            except TypeError:   # the function form's text (other is argument 2, not 1)
                return _call(name, -1, (input, other), kwargs)
        return _call(name, -1, (input, other), kwargs)
    f.__name__ = name
    return f


def add(*args, alpha=1, out=None, **kwargs):
    if len(args) != 2 or kwargs or out is not None:   # (the deprecated add(input, alpha, other) too)
        kw = dict(kwargs, alpha=alpha) if not (type(alpha) is _builtins.int and alpha == 1) else kwargs
        return _out('add', args, kw, out) if out is not None else _call('add', -1, args, kw)
    input, other = args
    if isinstance(input, Tensor):
        try:
            return input.add(other, alpha=alpha) if not (type(alpha) is _builtins.int and alpha == 1) else input.__add__(other) if isinstance(other, (Tensor, _builtins.int, _builtins.float)) else input.add(other)
        except TypeError:   # the function form's text (other is argument 2, not 1)
            pass
    return _call('add', -1, (input, other), {'alpha': alpha} if not (type(alpha) is _builtins.int and alpha == 1) else None)


def mul(*args, out=None, **kwargs):
    if len(args) != 2 or kwargs or out is not None:
        return _out('mul', args, kwargs, out) if out is not None else _call('mul', -1, args, kwargs)
    input, other = args
    if isinstance(input, Tensor) and isinstance(other, (Tensor, _builtins.int, _builtins.float)):
        return input.__mul__(other)
    return _call('mul', -1, (input, other), None)


def matmul(input, other, *, out=None):
    if out is not None:
        return _out('matmul', (input, other), None, out)
    if isinstance(input, Tensor):
        return input.matmul(other)
    return _call('matmul', -1, (input, other), None)


def sum(input, *args, out=None, **kwargs):  # noqa: A001
    if out is not None:
        return _out('sum', (input,) + args, kwargs, out)
    if isinstance(input, Tensor):
        return input.sum(*args, **kwargs)
    return _call('sum', -1, (input,) + args, kwargs)


def mean(input, *args, out=None, **kwargs):
    if out is not None:
        return _out('mean', (input,) + args, kwargs, out)
    if isinstance(input, Tensor):
        return input.mean(*args, **kwargs)
    return _call('mean', -1, (input,) + args, kwargs)


def _unary_fn(name):
    meth = getattr(Tensor, name)

    def f(input, *, out=None):
        if out is not None:
            return _out(name, (input,), None, out)
        if isinstance(input, Tensor):
            return meth(input)
        return _call(name, -1, (input,), None)
    f.__name__ = name
    return f


for _n in ('tanh', 'exp', 'log', 'sqrt', 'sin', 'cos', 'sigmoid', 'relu', 'neg', 'abs', 'square', 'reciprocal'):
    globals()[_n] = _unary_fn(_n)


def _forwarder(name):
    def f(*args, **kwargs):
        return _call(name, -1, args, kwargs)
    f.__name__ = name
    f.__qualname__ = name
    f.__module__ = 'torch'
    return f


# JS-only helpers and names that mean something else in Python.
_SKIP = {'scope', 'keep', 'heap_array', 'deepcopy', 'no_grad', 'enable_grad', 'inference_mode', 'Tensor',
         'Size', 'TensorError', 'Slice', 'Generator', 'tensor', 'as_tensor', 'full', 'full_like', 'arange',
         'from_numpy', 'memory_stats', 'set_printoptions', 'get_printoptions', 'manual_seed', 'seed',
         'initial_seed', 'get_rng_state', 'set_rng_state', 'set_grad_enabled', 'is_grad_enabled',
         'get_default_dtype', 'set_default_dtype', 'is_tensor', 'numel', 'is_floating_point'}


def _install():
    g = globals()
    for name in _B.namespaceNames('').to_py():
        if name in _SKIP or name in g or name.startswith('_'):
            continue
        g[name] = _forwarder(name)


_install()
del _install
globals().update(_creation.LEGACY_TYPES)  # torch.FloatTensor, ...: classes, not the JS functions
from pyodide.ffi import create_proxy as _create_proxy  # noqa: E402
from . import _warnings  # noqa: E402
_B.setWarnings(_create_proxy(_warnings._sink))

# PyTorch's own submodules that tensorpad writes in Python (torch.nn, torch.optim and
# torch.utils.data come from python/torch/nn etc. when they are present).
for _sub in ('nn', 'optim', 'utils'):
    try:
        __import__(__name__ + '.' + _sub)
    except ModuleNotFoundError as _e:
        if _e.name not in (__name__ + '.' + _sub,):
            raise
del _sub

_bridge._dtype_cls = dtype
_bridge._device_cls = device


def _reset_state():
    """What a fresh process has: grad mode on, float32 default, print options, the default
    seed, no warnings shown yet (js/python.js reset())."""
    from ._tensor import _flush
    _flush()
    _B.resetState()
    from .autograd import grad_mode as _gm
    _gm._inference[0] = False
