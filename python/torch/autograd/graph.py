"""grad_fn nodes: name(), next_functions, metadata, hooks; printed as PyTorch prints them."""
import weakref
from .. import _bridge
from .._bridge import W

_retain = W.tp_node_retain_ptr
_release = W.tp_node_release_ptr
_name = _bridge.B.nodeName
_live = weakref.WeakValueDictionary()


class Node:
    __slots__ = ('_p', '__weakref__', '__dict__')

    def __del__(self):
        try:
            p = self._p
        except AttributeError:
            return
        _release(p)

    def name(self):
        return _name(self._p)

    @property
    def next_functions(self):
        p = self._p
        out = []
        for i in range(W.tp_node_ninputs(p)):
            q = W.tp_node_next_fn(p, i)
            out.append((node_borrowed(q) if q else None, W.tp_node_next_nr(p, i)))
        return tuple(out)

    @property
    def variable(self):
        h = W.tp_node_variable(self._p)
        if not h:
            raise AttributeError(f"'{type(self).__name__}' object has no attribute 'variable'")
        from .._tensor import _borrow
        return _borrow(h)

    @property
    def metadata(self):
        d = self.__dict__.setdefault('_metadata', {})
        return d

    def register_hook(self, fn):
        raise NotImplementedError('tensorpad: hooks on grad_fn nodes are not supported; use Tensor.register_hook')

    def register_prehook(self, fn):
        raise NotImplementedError('tensorpad: hooks on grad_fn nodes are not supported; use Tensor.register_hook')

    def __call__(self, *a):
        raise NotImplementedError('tensorpad: calling a grad_fn node directly is not supported')

    def __repr__(self):
        return f'<{self.name().split("::")[-1]} object at {id(self):#x}>'

    def __eq__(self, other):
        return isinstance(other, Node) and other._p == self._p

    def __hash__(self):
        return hash(self._p)


_classes = {}


def _cls(name):
    short = name.split('::')[-1]
    c = _classes.get(short)
    if c is None:
        c = type(short, (Node,), {'__slots__': ()})
        c.__module__ = 'torch.autograd.graph' if '::' in name else ''
        _classes[short] = c
    return c


def node_borrowed(p):
    n = _live.get(p)
    if n is not None:
        return n
    _retain(p)
    return node_from_ptr(p)


def node_from_ptr(p):
    """Takes a reference the caller holds on node p."""
    n = _live.get(p)
    if n is not None:
        _release(p)
        return n
    n = object.__new__(_cls(_name(p)))
    n._p = p
    _live[p] = n
    return n
