"""Tensor.register_hook with Python callables: the core calls the hook during backward."""
from pyodide.ffi import create_proxy
from .. import _bridge
from .._tensor import Tensor, _wrap

_retain = _bridge.W.tp_tensor_retain


class RemovableHandle:
    def __init__(self, oid, proxy):
        self._oid = oid
        self._proxy = proxy

    def remove(self):
        if self._oid is None:
            return
        _bridge.B.callObject(self._oid, 'remove', None, None)
        _bridge.B.dropObject(self._oid)
        self._oid = None
        self._proxy.destroy()

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self.remove()


def register_hook(t, hook):
    if not t.requires_grad:
        raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
    name = getattr(hook, '__name__', '<lambda>')

    def run(gh):
        g = _wrap(gh)
        r = hook(g)
        if r is None:
            return 0
        if not isinstance(r, Tensor):
            raise TypeError(f"hook '{name}' returned a {type(r).__name__}; expected a Tensor or None")
        _retain(r._h)
        return r._h
    proxy = create_proxy(run)
    oid = _bridge.B.registerHook(t._h, proxy, name)
    return RemovableHandle(oid, proxy)
