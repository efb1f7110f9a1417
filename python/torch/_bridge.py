"""The one road between Python and the JS layer (js/python_bridge.js).

Hot paths call the core's wasm exports (`W`) with plain numbers; everything else goes
through `call`, which encodes arguments (tensors as handles, slices, dtypes), calls the
public JS API and decodes what comes back (see the result encoding in python_bridge.js).
"""
import _tensorpad_bridge as B
from pyodide.ffi import to_js, JsProxy, jsnull
from js import Object

W = B.W
_from_entries = Object.fromEntries
_js_call = B.call
_js_call_object = B.callObject
_last_call_error = B.lastCallError
_core_error = B.coreError

OP = dict(B.OP.object_entries())

import builtins as _builtins
from ._C import _LinAlgError

_EXC = {
    'RuntimeError': RuntimeError, 'TypeError': TypeError, 'IndexError': IndexError,
    'ValueError': ValueError, 'NotImplementedError': NotImplementedError,
    'KeyError': KeyError, 'AttributeError': AttributeError, 'AssertionError': AssertionError,
    'StopIteration': StopIteration, 'ZeroDivisionError': ZeroDivisionError,
    '_LinAlgError': _LinAlgError,
}


def _exception(info):
    cls = _EXC.get(info[0]) or getattr(_builtins, str(info[0]), None)
    if not (isinstance(cls, type) and issubclass(cls, BaseException)):
        cls = RuntimeError
    return cls(info[1])


def raise_core():
    """Raises the core's last error (a hot-path call returned 0 or -1)."""
    info = _core_error().to_py()
    raise _exception(info) from None


def raise_last():
    e = _last_call_error()
    if e is None:
        raise RuntimeError('tensorpad: a call into the JS layer failed without an error')
    info = e.to_py()
    if len(info) > 2 and isinstance(info[2], BaseException):
        raise info[2]
    raise _exception(info) from None


# ---- encoding arguments -------------------------------------------------------------
_Tensor = None       # set by _tensor.py
_dtype_cls = None    # set by _dtype.py
_device_cls = None
_Generator = None
_float_int = float.is_integer
_ellipsis = {'$e': 1}


def enc(v):
    t = type(v)
    if t is int or t is bool or t is str or v is None:
        return v
    if t is float:
        return {'$f': v} if _float_int(v) else v
    if isinstance(v, _Tensor):
        return {'$t': v._h}
    if t is tuple:   # marked, so that the library's texts say 'tuple' where PyTorch's do
        return {'$u': [enc(x) for x in v]}
    if t is list or isinstance(v, (list, tuple)):
        return [enc(x) for x in v]
    if t is slice:
        return {'$s': [enc(v.start), enc(v.stop), enc(v.step)]}
    if v is Ellipsis:
        return _ellipsis
    if t is _dtype_cls:
        return {'$d': v._code()}
    if t is _device_cls:
        return str(v)
    if t is dict:
        return {k: enc(x) for k, x in v.items()}
    if _Generator is not None and isinstance(v, _Generator):
        return {'$o': v._id}
    h = getattr(v, '_js_object_id', None)
    if h is not None:
        return {'$o': h}
    tp = getattr(v, '__tensorpad_arg__', None)
    if tp is not None:
        return enc(tp())
    if isinstance(v, complex):
        raise TypeError('tensorpad has no complex numbers')
    if isinstance(v, (int, float)):  # int/float subclasses (numpy-like scalars)
        return enc(int(v) if isinstance(v, int) else float(v))
    if hasattr(v, '__index__'):
        return v.__index__()
    raise TypeError(f"tensorpad: cannot pass an object of type '{type(v).__name__}' to the library")


def js_args(args):
    return to_js([enc(a) for a in args], dict_converter=_from_entries)


def js_kwargs(kwargs):
    return to_js({k: enc(v) for k, v in kwargs.items()}, dict_converter=_from_entries)


# ---- decoding results ---------------------------------------------------------------
_wrap = None  # set by _tensor.py: handle -> Tensor (takes the reference)


def dec(r):
    if type(r) is not list:
        return None if r is jsnull else r
    k = r[0]
    if k == 1:
        return _wrap(r[1])
    if k == 2:
        from ._size import Size
        return Size(r[1])
    if k == 3:
        return tuple(dec(x) for x in r[1])
    if k == 9:
        return [dec(x) for x in r[1]]
    if k == 4:
        from .return_types import make
        return make(r[1], [dec(x) for x in r[2]])
    if k == 5:
        from ._dtype import by_code
        return by_code(r[1])
    if k == 6:
        from ._device import cpu
        return cpu
    if k == 7:
        from .autograd.graph import node_from_ptr
        return node_from_ptr(r[1])
    if k == 8:
        return JsObject(B.takeObject(r[1]))
    raise RuntimeError(f'tensorpad: unknown result kind {k}')


def decode(r):
    if r is None:
        raise_last()
    if r is jsnull:
        return None
    if isinstance(r, JsProxy):
        return dec(r.to_py())
    return r


def call(path, selfh, args, kwargs):
    """torch.<path>(*args, **kwargs) (selfh < 0) or the Tensor method <path> of handle selfh."""
    if kwargs:
        if 'device' in kwargs:   # checked here; the library is told 'cpu' (or None, for its texts)
            from ._device import check
            d = kwargs['device']
            check(d)
            kwargs = {k: (v if k != 'device' or v is None else 'cpu') for k, v in kwargs.items()}
    a = js_args(args) if args else None
    kw = js_kwargs(kwargs) if kwargs else None
    return decode(_js_call(path, selfh, a, kw))


class JsObject:
    """A JS object the library returned (kept alive on the JS side while this lives)."""
    __slots__ = ('_js_object_id', '_obj', '__weakref__')

    def __init__(self, obj):
        self._obj = obj
        self._js_object_id = B.keepObject(obj)

    def __del__(self):
        try:
            B.dropObject(self._js_object_id)
        except Exception:
            pass

    def __getattr__(self, name):
        oid = object.__getattribute__(self, '_js_object_id')

        def method(*args, **kwargs):
            a = js_args(args) if args else None
            kw = js_kwargs(kwargs) if kwargs else None
            return decode(_js_call_object(oid, name, a, kw))
        v = getattr(object.__getattribute__(self, '_obj'), name)
        if callable(v):
            return method
        return decode(_js_call_object(oid, name, None, None))

    def __repr__(self):
        return str(self._obj)
