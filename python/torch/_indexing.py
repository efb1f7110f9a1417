"""t[key] and t[key] = value: Python keys onto the JS layer's index / index_put_ (ints,
slices with steps, Ellipsis, None, lists, index tensors and bool masks)."""
from ._bridge import call, W, raise_core
from ._tensor import Tensor, _wrap

_slice = W.tp_slice
_INT_MAX = 9.223372036854775807e18  # a float: the wasm export takes a double


def _keys(key):
    return key if type(key) is tuple else (key,)


def _check_key(k):
    if k is None or k is Ellipsis or isinstance(k, (int, slice, Tensor, list)):
        return
    if isinstance(k, tuple):
        return
    if hasattr(k, '_t'):
        return
    if hasattr(k, '__index__'):
        return
    if isinstance(k, str):
        raise TypeError("new(): invalid data type 'str'")
    raise IndexError('only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid '
                     'indices (got ' + type(k).__name__ + ')')


def _norm(k):
    if hasattr(k, '_t') and not isinstance(k, Tensor):
        return k._t
    if isinstance(k, tuple):
        return list(k)
    if not isinstance(k, (int, slice, Tensor, list)) and k is not None and k is not Ellipsis and hasattr(k, '__index__'):
        return k.__index__()
    if type(k) is slice:
        step = _idx(k.step)
        if step is not None and step <= 0:
            raise ValueError('step must be greater than zero')
        return slice(_idx(k.start), _idx(k.stop), step)
    return k


def _idx(v):
    if v is None or type(v) is int:
        return v
    if isinstance(v, Tensor):
        return v.__index__()
    if hasattr(v, '__index__'):
        return v.__index__()
    raise TypeError('slice indices must be integers or None or have an __index__ method')


def getitem(t, key):
    if type(key) is slice and key.step is None and (key.start is None or type(key.start) is int) and \
            (key.stop is None or type(key.stop) is int) and t.dim() > 0:
        start = 0 if key.start is None else key.start
        stop = _INT_MAX if key.stop is None else key.stop
        h = _slice(t._h, 0, start, stop, 1)
        if not h:
            raise_core()
        return _wrap(h)
    ks = _keys(key)
    for k in ks:
        _check_key(k)
    return call('index', t._h, tuple(_norm(k) for k in ks), None)


def setitem(t, key, value):
    ks = _keys(key)
    for k in ks:
        _check_key(k)
    if hasattr(value, '_t') and not isinstance(value, Tensor):
        value = value._t
    if not isinstance(value, (Tensor, int, float, bool)):
        if isinstance(value, (list, tuple)):
            from ._creation import tensor
            value = tensor(value, dtype=t.dtype)
        else:
            raise TypeError(f"can't assign a {type(value).__name__} to a {t.type()}")
    call('index_put_', t._h, ([_norm(k) for k in ks], value), None)
