"""torch.Tensor: a Python object holding one handle of the core (`_h`, a reference it owns).

Note [Python hot path]: operators with a tensor or a Python number, unary maths, sum/mean,
matmul, add_ with alpha, zero_, item and the attributes call the core's exports directly
with plain numbers (one crossing into wasm each, ~0.5 us) and check the result once; `__del__`
gives the reference back at once, so a tensor no name refers to is freed as in CPython's
PyTorch. Every other method is found in the JS Tensor prototype at import time and forwarded
through `_bridge.call`, which converts arguments and results.
"""
import sys as _sys
import weakref as _weakref
from . import _bridge
from ._bridge import W, OP, raise_core, call as _call
from ._size import Size
from ._dtype import by_code as _by_code, dtype as _dtype_cls
from . import _device

_new = object.__new__
_release = W.tp_tensor_release
_hot = _bridge.B.hot
def _bound(key):
    """The hot path's function for `key` (Note [Bound hot calls] in js/python_bridge.js), read as
    an attribute of hot.bound: a call's result would hold no `this` the start-up snapshot can name."""
    _hot.rebind(key)
    return getattr(_hot.bound, key)


# module globals, one dict lookup per call: the JS hot path's ops, release, and its training steps
_hbs, _hbt, _hun, _hlin, _hred = _hot.bs, _hot.bt, _hot.un, _hot.lin, _hot.red
_hrelease = _hot.release
_hzero, _hsgd, _hback = _hot.zeroGrads, _hot.sgd, _hot.backward
_pend = []  # handles whose tensors died, released by the next hot op (Note [Deferred release])


def _flush():
    """Releases every queued handle now (memory_stats, reset and the end of a run call it)."""
    if _pend:
        _hrelease(*_pend)
        _pend.clear()

# the core's exports the hot path calls, as module globals (one dict lookup per call), by domain
_retain = W.tp_tensor_retain
_bs, _bt, _bs_, _bt_ = W.tp_binary_scalar, W.tp_binary, W.tp_binary_scalar_, W.tp_binary_
_un, _un_, _red = W.tp_unary, W.tp_unary_, W.tp_reduce
_ndim, _size, _numel, _dtype = W.tp_tensor_ndim, W.tp_tensor_size, W.tp_tensor_numel, W.tp_tensor_dtype
_item, _neg_zero = W.tp_item, _bridge.B.negativeZero
_rg, _rg_, _is_leaf = W.tp_tensor_requires_grad, W.tp_tensor_requires_grad_, W.tp_tensor_is_leaf
_grad, _set_grad, _retains, _grad_fn = W.tp_tensor_grad, W.tp_tensor_set_grad, W.tp_tensor_retains_grad, W.tp_tensor_grad_fn
_zero_, _select, _slice, _alias = W.tp_zero_, W.tp_select, W.tp_slice, W.tp_alias
_is_floating, _addmm = W.tp_dtype_is_floating, W.tp_addmm
_LN = {}
_i = 0
while True:
    _p = W.tp_linalg_name(_i)
    if not _p:
        break
    _LN[_bridge.B.str(_p)] = _i
    _i += 1
_linalg = W.tp_linalg
_MATMUL = _LN.get('matmul', -1)
_MM = _LN.get('mm', -1)

_ADD, _SUB, _MUL, _DIV, _POW = OP['add'], OP['sub'], OP['mul'], OP['div'], OP['pow']
_REM, _EQ, _NE, _LT, _LE, _GT, _GE = OP['remainder'], OP['eq'], OP['ne'], OP['lt'], OP['le'], OP['gt'], OP['ge']
_AND, _OR, _XOR = OP['bitwise_and'], OP['bitwise_or'], OP['bitwise_xor']
_LSH, _RSH = OP['bitwise_left_shift'], OP['bitwise_right_shift']
_NEG, _ABS, _NOT, _RECIP = OP['neg'], OP['abs'], OP['bitwise_not'], OP['reciprocal']
_DIV_FLOOR = OP['_div_floor']
_SUM, _MEAN = OP['sum'], OP['mean']
_TWO63 = 9223372036854775808
_TWO53 = 9007199254740992


def _wrap(h):
    t = _new(Tensor)
    t._h = h
    return t


_borrowed = _weakref.WeakValueDictionary()


def _wrap_result(h):
    """A tensor the JS layer returned. Leaf identity: a leaf that requires grad is the
    Python object of its handle in _borrowed (here, and where requires_grad is set), so that
    what the core hands back for it (AccumulateGrad.variable) is that same object."""
    t = _new(Tensor)
    t._h = h
    if _rg(h) and _is_leaf(h):
        _borrowed[h] = t
    return t


_bridge._wrap = _wrap_result


def _borrow(h):
    """The Python object for a tensor the core holds (a .grad): one object while it lives."""
    t = _borrowed.get(h)
    if t is not None and t._h == h:
        return t
    _retain(h)
    t = _wrap(h)
    _borrowed[h] = t
    return t


def _zero_grads(params):
    """zero_grad(set_to_none=False) of a list of parameters, as 1.13's optimizers and modules
    do it (a grad with a grad_fn is detached, others lose requires_grad; then zero_()), in one
    crossing for all (hot.zeroGrads)."""
    while params:
        r = _hzero(*[p._h for p in params])
        if r == 0:
            return
        if r < 0:
            raise_core()
        g = params[r - 1].grad
        g.detach_()
        g.zero_()
        params = params[r:]


def _sgd_plain(lr, params):
    """p.add_(p.grad, alpha=-lr) for every parameter with a grad (hot.sgd); how many had one."""
    n = _hsgd(lr, *[p._h for p in params])
    if n < 0:
        raise_core()
    return n


def _overflow():
    raise RuntimeError('Overflow when unpacking long')


def _scalar(op, h, other, form):
    """self op other for a Python number other (None if other is not one)."""
    t = type(other)
    if t is float:
        return _hbs(op, h, other, 2, form, 1, _pend.pop() if _pend else 0)
    if t is int:
        if -_TWO53 <= other <= _TWO53:
            return _hbs(op, h, other, 1, form, 1, _pend.pop() if _pend else 0)
        if other >= _TWO63 or other < -_TWO63:
            _overflow()
        return _bs(op, h, float(other), 1, form, 1)
    if t is bool:
        return _bs(op, h, 1 if other else 0, 0, form, 1)
    if isinstance(other, (int, float)):
        return _scalar(op, h, bool(other) if isinstance(other, bool) else int(other) if isinstance(other, int) else float(other), form)
    return None


_NOARG = object()


_DUNDER_PARSED = {'__add__': 'add', '__sub__': 'sub'}


def _binop(op, name, method=False):
    """self op other (Note [Bound hot calls] in python_bridge.js). method: the Tensor method
    `name` (x.mul(other)), whose keyword forms and other operands go the generic way."""
    sf, si, tf = _bound(f's_{op}_2_0'), _bound(f's_{op}_1_0'), _bound(f't_{op}')

    def f(self, other=_NOARG, *rest, **kw):
        t = type(other)
        if kw or rest or other is _NOARG:   # (rest: a deprecated overload, x.add(alpha, other))
            if not method:
                if rest:   # x.__add__(2, y) parses as add's deprecated overload; a refusal is NotImplemented
                    try:
                        return _method(_DUNDER_PARSED[name])(self, other, *rest, **kw) if name in _DUNDER_PARSED else NotImplemented
                    except TypeError:
                        return NotImplemented
                raise TypeError(f"{name}() got an unexpected keyword argument '{next(iter(kw))}'" if kw
                                else f"{name}() missing 1 required positional argument: 'other'")
            return _method(name)(self, *(() if other is _NOARG else (other,)), *rest, **kw)
        if t is float:
            h = sf(self._h, other, _pend.pop()) if _pend else sf(self._h, other)
        elif t is Tensor or isinstance(other, Tensor):
            h = tf(self._h, other._h, _pend.pop()) if _pend else tf(self._h, other._h)
        elif t is int and -_TWO53 <= other <= _TWO53:
            h = si(self._h, other, _pend.pop()) if _pend else si(self._h, other)
        else:
            h = _scalar(op, self._h, other, 0)
            if h is None:
                return _method(name)(self, other) if method else _other_operand(self, name, other)
        if not h:
            raise_core()
        t = _new(Tensor)
        t._h = h
        return t

    f.__name__ = name
    return f


def _rbinop(op, name, form=1):
    sf, si = _bound(f's_{op}_2_{form}'), _bound(f's_{op}_1_{form}')

    def f(self, other):
        t = type(other)
        if t is float:
            h = sf(self._h, other, _pend.pop()) if _pend else sf(self._h, other)
        elif t is int and -_TWO53 <= other <= _TWO53:
            h = si(self._h, other, _pend.pop()) if _pend else si(self._h, other)
        else:
            h = _scalar(op, self._h, other, form)
            if h is None:
                return NotImplemented
        if not h:
            raise_core()
        return _wrap(h)
    f.__name__ = name
    return f


def _ibinop(op, name):
    def f(self, other):
        if isinstance(other, Tensor):
            rc = _bt_(op, self._h, other._h, 1)
        else:
            t = type(other)
            if t is float:
                rc = _bs_(op, self._h, other, 2, 1)
            elif t is int:
                if not (-_TWO53 <= other <= _TWO53):
                    if other >= _TWO63 or other < -_TWO63:
                        _overflow()
                    other = float(other)
                rc = _bs_(op, self._h, other, 1, 1)
            elif t is bool:
                rc = _bs_(op, self._h, 1 if other else 0, 0, 1)
            else:
                return _other_operand(self, name, other)
        if rc < 0:
            raise_core()
        return self
    f.__name__ = name
    return f


def _result_type(s, t):
    """torch.result_type(python scalar s, tensor t)."""
    d = t.dtype
    if isinstance(s, bool):
        return d
    if isinstance(s, float):
        if d.is_floating_point:
            return d
        from . import _dtype
        return _by_code(W.tp_get_default_dtype())
    from . import _dtype
    return _dtype.int64 if d is _dtype.bool_ else d


def _reflected(op, self, other):
    """other op self for a Python number other, wrapped as a 0-d tensor (as PyTorch wraps it)."""
    if not isinstance(other, (int, float)):
        return NotImplemented
    from . import _creation
    s = _creation.full((), other, dtype=_result_type(other, self))
    h = _bt(op, s._h, self._h, 1)
    if not h:
        raise_core()
    return _wrap(h)


def _other_operand(self, name, other):
    """An operand that is neither a tensor nor a number: numpy arrays and the generic path."""
    if hasattr(other, '_t') and hasattr(other, '__array_priority__'):
        return NotImplemented
    if name.startswith('__'):
        return NotImplemented
    raise TypeError(f"{name}(): argument 'other' (position 1) must be Tensor, not {type(other).__name__}")


def _unop(op, name):
    u = _bound(f'u_{op}')

    def f(self):
        h = u(self._h, _pend.pop()) if _pend else u(self._h)
        if not h:
            raise_core()
        t = _new(Tensor)
        t._h = h
        return t
    f.__name__ = name
    return f


def _unop_(op, name):
    def f(self):
        if _un_(op, self._h) < 0:
            raise_core()
        return self
    f.__name__ = name
    return f


_NON_LEAF_GRAD = ("The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad attribute "
                  "won't be populated during autograd.backward(). If you indeed want the .grad field to be populated "
                  "for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. If you access the non-leaf Tensor "
                  "by mistake, make sure you access the leaf Tensor instead. See github.com/pytorch/pytorch/pull/30531 "
                  "for more informations. (Triggered internally at  ./build/aten/src/ATen/core/TensorBody.h:480.)")


def _index_put_check(self, indices):
    """index_put_'s binding: indices a tuple (or list) of tensors, no more than self has dims."""
    if not isinstance(indices, (tuple, list)):
        raise TypeError("index_put_(): argument 'indices' (position 1) must be tuple of Tensors, "
                        f"not {type(indices).__name__}")
    for i, t in enumerate(indices):
        if not isinstance(t, Tensor):
            raise TypeError(f"expected Tensor as element {i} in argument 0, but got {type(t).__name__}")
    if len(indices) > self.dim():
        raise IndexError(f"too many indices for tensor of dimension {self.dim()} (got {len(indices)})")


def _method(name):
    def m(self, *args, **kwargs):
        r = _call(name, self._h, args, kwargs)
        if type(r) is Tensor and r._h == self._h:
            return self
        return r
    m.__name__ = name
    m.__qualname__ = 'Tensor.' + name
    return m


def _getter(name):
    def g(self):
        return _call(name, self._h, None, None)
    g.__name__ = name
    return property(g)


class Tensor:
    # _gw: the Python object of this tensor's .grad, kept while the core's grad is that
    # handle (Note [grad object]); a slot, so a plain tensor pays nothing until it has a grad.
    __slots__ = ('_h', '_gw', '__dict__', '__weakref__')
    __module__ = 'torch'

    def __new__(cls, *args, **kwargs):
        from . import _creation
        return _creation.legacy_new(cls, args, kwargs)

    def __del__(self):
        try:
            _pend.append(self._h)
        except AttributeError:
            return
        if len(_pend) >= 8:
            _hrelease(*_pend)
            _pend.clear()

    @staticmethod
    def _make_subclass(cls, data, require_grad=False):
        """An instance of cls sharing data's storage: a leaf with the given requires_grad."""
        if not isinstance(data, Tensor):
            raise TypeError(f'_make_subclass(): argument \'data\' (position 2) must be Tensor, not {type(data).__name__}')
        h = _alias(data._h)
        if not h:
            raise_core()
        t = _new(cls)
        t._h = h
        if require_grad:
            if _rg_(h, 1) < 0:
                raise_core()
            _borrowed[h] = t
        return t

    # ---- attributes -----------------------------------------------------------------
    @property
    def shape(self):
        h = self._h
        return Size([_size(h, d) for d in range(_ndim(h))])

    def size(self, dim=None):
        h = self._h
        if dim is None:
            return Size([_size(h, d) for d in range(_ndim(h))])
        n = _ndim(h)
        d = _dim_index(dim, n, 'size')
        return _size(h, d)

    @property
    def dtype(self):
        return _by_code(_dtype(self._h))

    @property
    def device(self):
        return _device.cpu

    @property
    def ndim(self):
        return _ndim(self._h)

    def dim(self):
        return _ndim(self._h)

    def ndimension(self):
        return _ndim(self._h)

    def numel(self):
        return int(_numel(self._h))

    nelement = numel

    @property
    def is_cuda(self):
        return False

    @property
    def is_sparse(self):
        return False

    @property
    def is_quantized(self):
        return False

    @property
    def is_meta(self):
        return False

    @property
    def requires_grad(self):
        return bool(_rg(self._h))

    @requires_grad.setter
    def requires_grad(self, b):
        if type(b) is not bool:
            raise TypeError('requires_grad must be a bool')
        if _rg_(self._h, 1 if b else 0) < 0:
            raise_core()
        if b:
            _borrowed[self._h] = self

    def requires_grad_(self, requires_grad=True):
        if _rg_(self._h, 1 if requires_grad else 0) < 0:
            raise_core()
        if requires_grad:
            _borrowed[self._h] = self
        return self

    @property
    def is_leaf(self):
        return bool(_is_leaf(self._h))

    @property
    def grad_fn(self):
        d = self.__dict__ if hasattr(self, '__dict__') else None
        if d:
            node = d.get('_custom_grad_fn')
            if node is not None:
                return node
        p = _grad_fn(self._h)
        if not p:
            return None
        from .autograd.graph import node_borrowed
        return node_borrowed(p)

    # Note [grad object]: `p.grad` is one Python object while the core's grad of p is the same
    # tensor (p.grad is p.grad; a hook or attribute set on it stays). The tensor keeps it in its
    # `_gw` slot, which holds a reference: the handle cannot be freed and reused while cached,
    # so a cached object whose handle is the core's grad is that grad. An optimizer step reads
    # every parameter's grad twice a step; a new wrapper each time cost ~6 us.
    @property
    def grad(self):
        h = self._h
        g = _grad(h)
        if g:
            try:
                w = self._gw
                if w._h == g:
                    return w
            except AttributeError:
                pass
            w = self._gw = _borrow(g)
            return w
        if not _is_leaf(h) and not _retains(h):
            from ._warnings import warn
            warn(_NON_LEAF_GRAD, UserWarning)
        return None

    @grad.setter
    def grad(self, g):
        if g is None:
            if _set_grad(self._h, 0) < 0:
                raise_core()
            self._gw = None
            return
        if not isinstance(g, Tensor):
            raise TypeError(f'assigned grad expected to be a Tensor or None but got grad of type{type(g).__name__}')
        if _set_grad(self._h, g._h) < 0:
            raise_core()
        _borrowed[g._h] = g
        self._gw = g

    @grad.deleter
    def grad(self):
        self.grad = None

    @property
    def data(self):
        h = W.tp_variable_data(self._h)
        if not h:
            raise_core()
        return _wrap(h)

    @data.setter
    def data(self, t):
        if not isinstance(t, Tensor):
            raise TypeError(f'data must be a Tensor, not {type(t).__name__}')
        rg = _rg(self._h)
        h = W.tp_alias_keep_version(t._h, self._h)
        if not h:
            raise_core()
        old = self._h
        g = _grad(old)
        self._h = h
        if rg:
            _rg_(h, 1)
            if _is_leaf(h):
                _borrowed[h] = self
        if g:  # x.data = y keeps x's .grad (PyTorch replaces the data of the same tensor)
            _set_grad(h, g)
        _release(old)

    @property
    def _version(self):
        return W.tp_tensor_version(self._h)

    def item(self):
        h = self._h
        n = _numel(h)
        if n != 1:
            raise ValueError('only one element tensors can be converted to Python scalars')
        v = _item(h)
        c = _dtype(h)
        if c == _F32 or c == _F64:
            return float(v) if v != 0 or not _neg_zero(h) else -0.0
        if c == _BOOL:
            return v != 0
        return int(v) if -_TWO53 < v < _TWO53 else _exact(h)

    def tolist(self):
        h = self._h
        r = _bridge.B.tolist(h)
        if r is None:
            _bridge.raise_last()
        r = r.to_py()
        if _ndim(h) == 0:
            r = r[0]
        c = _dtype(h)
        if c == _F32 or c == _F64:
            return _floats(r)
        return r

    # ---- the hot methods -----------------------------------------------------------

    def add_(self, other, *rest, alpha=1):
        if rest:   # the deprecated overload add_(alpha, other)
            return _method('add_')(self, other, *rest, **({} if (type(alpha) is int and alpha == 1) else {'alpha': alpha}))
        if isinstance(other, Tensor) and (type(alpha) is int or (type(alpha) is float and not alpha.is_integer())):
            if _bt_(_ADD, self._h, other._h, alpha) < 0:
                raise_core()
            return self
        if (type(alpha) is int and alpha == 1):
            return self.__iadd__(other)
        return _method('add_')(self, other, alpha=alpha)

    def sub_(self, other, *rest, alpha=1):
        if rest:   # the deprecated overload sub_(alpha, other)
            return _method('sub_')(self, other, *rest, **({} if (type(alpha) is int and alpha == 1) else {'alpha': alpha}))
        if isinstance(other, Tensor) and (type(alpha) is int or (type(alpha) is float and not alpha.is_integer())):
            if _bt_(_SUB, self._h, other._h, alpha) < 0:
                raise_core()
            return self
        if (type(alpha) is int and alpha == 1):
            return self.__isub__(other)
        return _method('sub_')(self, other, alpha=alpha)


    def zero_(self):
        if _zero_(self._h) < 0:
            raise_core()
        return self

    def index_put_(self, indices, values, accumulate=False):
        """ATen's index_put_ (not Python's t[keys] = v): a tuple of tensors, at most one a dim."""
        _index_put_check(self, indices)
        _call('index_put_', self._h, (list(indices), values), {'accumulate': accumulate})
        return self

    def index_put(self, indices, values, accumulate=False):
        _index_put_check(self, indices)
        return _call('index_put', self._h, (list(indices), values), {'accumulate': accumulate})

    def split(self, split_size, dim=0):
        # 1.13's Tensor.split: a non-int split_size goes to split_with_sizes, whose parser refuses floats
        if type(split_size) is float or (isinstance(split_size, (list, tuple)) and split_size and type(split_size[0]) is float):
            raise TypeError("split_with_sizes(): argument 'split_sizes' (position 2) must be tuple of ints, "
                            f"not {type(split_size).__name__}")
        if isinstance(split_size, (list, tuple)):
            for i, v in enumerate(split_size):
                if type(v) is float:
                    raise TypeError("split_with_sizes(): argument 'split_sizes' must be tuple of ints, "
                                    f"but found element of type float at pos {i + 1}")
        return _call('split', self._h, (split_size, dim), None)

    def sum(self, *args, **kwargs):
        if not args and not kwargs:
            h = _hred(_SUM, self._h, _pend.pop() if _pend else 0)
            if not h:
                raise_core()
            return _wrap(h)
        return _method('sum')(self, *args, **kwargs)

    def mean(self, *args, **kwargs):
        if not args and not kwargs:
            h = _hred(_MEAN, self._h, _pend.pop() if _pend else 0)
            if not h:
                raise_core()
            return _wrap(h)
        return _method('mean')(self, *args, **kwargs)

    def matmul(self, other):
        if isinstance(other, Tensor):
            h = _hlin(_MATMUL, self._h, other._h, _pend.pop() if _pend else 0)
            if not h:
                raise_core()
            return _wrap(h)
        return _method('matmul')(self, other)

    def __matmul__(self, other):
        if not isinstance(other, Tensor):
            return NotImplemented
        h = _hlin(_MATMUL, self._h, other._h, _pend.pop() if _pend else 0)
        if not h:
            raise_core()
        return _wrap(h)

    def __rmatmul__(self, other):
        return NotImplemented

    def detach(self):
        h = _alias(self._h)
        if not h:
            raise_core()
        return _wrap(h)

    def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
        if gradient is None and retain_graph is None and not create_graph and inputs is None:
            if not _hback(self._h):
                _bridge.raise_last()
            if _function._live:
                _function._sweep()
            return
        kw = {}
        if retain_graph is not None:
            kw['retain_graph'] = retain_graph
        if create_graph:
            kw['create_graph'] = True
        if inputs is not None:
            kw['inputs'] = list(inputs) if isinstance(inputs, (list, tuple)) else inputs
        _call('backward', self._h, (gradient,) if gradient is not None else (), kw)
        if _function._live:
            _function._sweep()

    def register_hook(self, hook):
        from .autograd._hooks import register_hook
        return register_hook(self, hook)

    # ---- conversions -----------------------------------------------------------------
    def to(self, *args, **kwargs):
        from . import _creation
        return _creation.tensor_to(self, args, kwargs)

    def cpu(self, memory_format=None):
        return self

    def cuda(self, device=None, non_blocking=False, memory_format=None):
        raise AssertionError(_device.CUDA_ERROR)

    def numpy(self, *, force=False):
        if _rg(self._h):
            raise RuntimeError("Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.")
        import numpy
        return numpy._from_torch(self)

    def type(self, dtype=None, non_blocking=False, **kwargs):
        if dtype is None:
            return 'torch.' + {'float32': 'Float', 'float64': 'Double', 'int32': 'Int', 'int64': 'Long',
                               'bool': 'Bool'}[repr(self.dtype)[6:]] + 'Tensor'
        from . import _creation
        return _creation.tensor_type(self, dtype)

    def __copy__(self):
        """copy.copy: as 1.13's __reduce_ex__ rebuild, a leaf of the same class sharing the
        storage (offset, size, strides), with requires_grad; no grad, no attributes."""
        return Tensor._make_subclass(type(self), self, bool(_rg(self._h)))

    def __deepcopy__(self, memo):
        from . import _creation
        return _creation.deepcopy(self, memo)

    def __reduce_ex__(self, proto):
        from . import _creation
        return (_creation.rebuild, (self.detach().tolist(), repr(self.dtype)[6:], self.requires_grad))

    def __getstate__(self):
        return None

    # ---- printing ----------------------------------------------------------------
    def __repr__(self, *, tensor_contents=None):
        d = getattr(self, '__dict__', None)
        node = d.get('_custom_grad_fn') if d else None
        s = _bridge.B.repr(self._h, type(node).__name__ if node is not None else None)
        if s is None:
            raise_core()
        cls = type(self)
        if cls is not Tensor and not _is_parameter(cls):
            # _tensor_str: a subclass prints its own name where a tensor prints "tensor("
            prefix = cls.__name__ + '('
            lines = s.split('\n')
            pad = ' ' * len(prefix)
            s = '\n'.join([prefix + lines[0][7:]] + [pad + ln[7:] if ln.startswith('       ') else ln for ln in lines[1:]])
        return s

    def __str__(self):
        return self.__repr__()

    def __format__(self, spec):
        if _ndim(self._h) == 0 and type(self) is Tensor:
            return self.item().__format__(spec)
        return object.__format__(self, spec)

    # ---- Python protocols -----------------------------------------------------------
    __hash__ = object.__hash__

    def __len__(self):
        h = self._h
        if _ndim(h) == 0:
            raise TypeError('len() of a 0-d tensor')
        return _size(h, 0)

    def __iter__(self):
        if _ndim(self._h) == 0:
            raise TypeError('iteration over a 0-d tensor')
        return iter(self.unbind(0))

    def __bool__(self):
        h = self._h
        n = _numel(h)
        if n == 1:
            return _item(h) != 0
        if n == 0:
            raise RuntimeError('Boolean value of Tensor with no values is ambiguous')
        raise RuntimeError('Boolean value of Tensor with more than one value is ambiguous')

    def __float__(self):
        h = self._h
        if _numel(h) != 1:
            raise ValueError('only one element tensors can be converted to Python scalars')
        v = _item(h)
        return float(v) if v != 0 or not _neg_zero(h) else -0.0

    def __int__(self):
        h = self._h
        if _numel(h) != 1:
            raise ValueError('only one element tensors can be converted to Python scalars')
        v = _item(h)
        if v != v:
            raise ValueError('cannot convert float NaN to integer')
        if v in (float('inf'), float('-inf')):
            raise OverflowError('cannot convert float infinity to integer')
        return int(v) if -_TWO53 < v < _TWO53 or _dtype(h) != _I64 else _exact(h)

    def __index__(self):
        h = self._h
        c = _dtype(h)
        if _numel(h) != 1 or c == _F32 or c == _F64:
            raise TypeError('only integer tensors of a single element can be converted to an index')
        v = _item(h)
        return int(v) if -_TWO53 < v < _TWO53 else _exact(h)

    def __complex__(self):
        return complex(self.__float__())

    def __contains__(self, element):
        if isinstance(element, (Tensor, int, float, bool)):
            return bool((element == self).any().item())
        raise RuntimeError('Tensor.__contains__ only supports Tensor or scalar, but you passed in a '
                           f'{type(element)}.')

    def __array__(self, dtype=None):
        return self.numpy()

    # ---- indexing --------------------------------------------------------------------
    def __getitem__(self, key):
        t = type(key)
        if t is int:
            h = self._h
            if _ndim(h) == 0:
                raise IndexError('invalid index of a 0-dim tensor. Use `tensor.item()` in Python or '
                                 '`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number')
            n = _size(h, 0)
            if key >= n or key < -n:
                raise IndexError(f'index {key} is out of bounds for dimension 0 with size {n}')
            r = _select(h, 0, key)
            if not r:
                raise_core()
            return _wrap(r)
        from ._indexing import getitem
        return getitem(self, key)

    def __setitem__(self, key, value):
        from ._indexing import setitem
        setitem(self, key, value)

    # ---- operators -----------------------------------------------------------------
    __add__ = _binop(_ADD, '__add__')
    __radd__ = _rbinop(_ADD, '__radd__', 0)
    __iadd__ = _ibinop(_ADD, '__iadd__')
    __sub__ = _binop(_SUB, '__sub__')
    __isub__ = _ibinop(_SUB, '__isub__')
    __mul__ = _binop(_MUL, '__mul__')
    mul = _binop(_MUL, 'mul', True)
    add = _binop(_ADD, 'add', True)
    __rmul__ = _rbinop(_MUL, '__rmul__', 0)
    __imul__ = _ibinop(_MUL, '__imul__')
    __truediv__ = _binop(_DIV, '__truediv__')

    __itruediv__ = _ibinop(_DIV, '__itruediv__')
    __pow__ = _binop(_POW, '__pow__')
    __ipow__ = _ibinop(_POW, '__ipow__')
    __mod__ = _binop(_REM, '__mod__')
    __rmod__ = _rbinop(_REM, '__rmod__')
    __imod__ = _ibinop(_REM, '__imod__')
    __floordiv__ = _binop(_DIV_FLOOR, '__floordiv__')
    __ifloordiv__ = _ibinop(_DIV_FLOOR, '__ifloordiv__')
    __and__ = _binop(_AND, '__and__')
    __rand__ = _rbinop(_AND, '__rand__', 0)
    __iand__ = _ibinop(_AND, '__iand__')
    __or__ = _binop(_OR, '__or__')
    __ror__ = _rbinop(_OR, '__ror__', 0)
    __ior__ = _ibinop(_OR, '__ior__')
    __xor__ = _binop(_XOR, '__xor__')
    __rxor__ = _rbinop(_XOR, '__rxor__', 0)
    __ixor__ = _ibinop(_XOR, '__ixor__')
    __lshift__ = _binop(_LSH, '__lshift__')
    def __rlshift__(self, other):
        return _reflected(_LSH, self, other)
    __ilshift__ = _ibinop(_LSH, '__ilshift__')
    __rshift__ = _binop(_RSH, '__rshift__')
    def __rrshift__(self, other):
        return _reflected(_RSH, self, other)
    __irshift__ = _ibinop(_RSH, '__irshift__')
    __eq__ = _binop(_EQ, '__eq__')
    __ne__ = _binop(_NE, '__ne__')
    __lt__ = _binop(_LT, '__lt__')
    __le__ = _binop(_LE, '__le__')
    __gt__ = _binop(_GT, '__gt__')
    __ge__ = _binop(_GE, '__ge__')
    __neg__ = _unop(_NEG, '__neg__')
    __abs__ = _unop(_ABS, '__abs__')
    def __invert__(self):
        if _is_floating(_dtype(self._h)):
            raise TypeError('~ (operator.invert) is only implemented on integer and Boolean-type tensors')
        h = _hun(_NOT, self._h, _pend.pop() if _pend else 0)
        if not h:
            raise_core()
        return _wrap(h)

    def __pos__(self):
        return self.positive()

    def __rsub__(self, other):
        h = _scalar(_SUB, self._h, other, 2)
        if h is None:
            return NotImplemented
        if not h:
            raise_core()
        return _wrap(h)

    def __rtruediv__(self, other):
        # PyTorch: self.reciprocal() * other (MulBackward0 after ReciprocalBackward0)
        if not isinstance(other, (int, float)):
            return NotImplemented
        return self.reciprocal() * other

    __rdiv__ = __rtruediv__

    def __rpow__(self, other):
        # PyTorch: torch.tensor(other, dtype=torch.result_type(other, self)) ** self
        if not isinstance(other, (int, float)):
            return NotImplemented
        from . import _creation
        return _creation.full((), other, dtype=_result_type(other, self)) ** self

    def __rfloordiv__(self, other):
        return _reflected(_DIV_FLOOR, self, other)

    def __reversed__(self):
        if _ndim(self._h) == 0:
            return self
        return self.flip(0)


_F32 = float32_code = _bridge.B.torch.float32.code
_F64 = _bridge.B.torch.float64.code
_BOOL = _bridge.B.torch.bool.code
_I64 = _bridge.B.torch.int64.code


def _is_parameter(cls):
    nn = _sys.modules.get('torch.nn')
    P = getattr(nn, 'Parameter', None) if nn is not None else None
    return P is not None and cls is P


def _exact(h):
    """The one element of an integer tensor beyond 2^53, every bit (tp_item gives a double)."""
    r = _bridge.B.tolist(h).to_py()
    while type(r) is list:
        r = r[0]
    return r


def _floats(r):
    """JS numbers as Python floats (an integral one comes across as an int), at C speed for
    the innermost lists."""
    if type(r) is not list:
        return float(r)
    if r and type(r[0]) is list:
        return [_floats(x) for x in r]
    return list(map(float, r))


def _dim_index(dim, n, fname):
    if isinstance(dim, str):   # the Dimname overload: tensorpad's tensors have no names
        raise RuntimeError(f"Name '{dim}' not found in Tensor[{', '.join(['None'] * n)}].")
    if not isinstance(dim, int):
        if hasattr(dim, '__index__'):
            dim = dim.__index__()
        else:
            raise TypeError(f"{fname}() received an invalid combination of arguments - got ({type(dim).__name__}), "
                            "but expected one of:\n * (int dim)\n * (name dim)\n")
    m = max(n, 1)
    if dim < -m or dim >= m:
        raise IndexError(f'Dimension out of range (expected to be in range of [{-m}, {m - 1}], but got {dim})')
    return dim + m if dim < 0 else dim


# Python dunder names whose JS twins are methods; the ops above and their named forms.
_UNARY_HOT = ['neg', 'abs', 'exp', 'log', 'sqrt', 'sin', 'cos', 'tanh', 'sigmoid', 'relu', 'square', 'reciprocal',
              'sign', 'floor', 'ceil', 'trunc', 'frac', 'rsqrt', 'log1p', 'expm1', 'log2', 'log10', 'exp2',
              'tan', 'asin', 'acos', 'atan', 'sinh', 'cosh', 'erf', 'silu', 'logical_not', 'bitwise_not']
for _n in _UNARY_HOT:
    if _n in OP:
        setattr(Tensor, _n, _unop(OP[_n], _n))
        setattr(Tensor, _n + '_', _unop_(OP[_n], _n + '_'))


def _install_forwarders():
    methods = _bridge.B.tensorMethods().to_py()
    getters = set(_bridge.B.tensorGetters().to_py())
    for name in methods + sorted(getters):
        if name in Tensor.__dict__ or name in ('toString', 'dispose', 'index', 'constructor'):
            continue
        if name in getters:
            setattr(Tensor, name, _getter(name))
        else:
            setattr(Tensor, name, _method(name))


_install_forwarders()
_bridge._Tensor = Tensor
from .autograd import function as _function  # noqa: E402
