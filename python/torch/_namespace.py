"""Forwarders for a JS namespace (torch.linalg, torch.nn.functional, ...)."""
from . import _bridge
from ._bridge import call


def forwarder(path, name):
    full = f'{path}.{name}' if path else name

    def f(*args, **kwargs):
        r = call(full, -1, args, kwargs)
        h = getattr(r, '_h', None)
        if h is not None:  # an in-place form (F.elu(x, inplace=True)) gives x itself back, as PyTorch does
            for a in args if not kwargs else (*args, *kwargs.values()):
                if getattr(a, '_h', None) == h and isinstance(a, type(r)):
                    return a
        return r
    f.__name__ = name
    f.__qualname__ = name
    return f


def install(g, path, skip=()):
    try:
        names = _bridge.B.namespaceNames(path).to_py()
    except Exception:
        return
    for name in names:
        if name in g or name in skip:
            continue
        g[name] = forwarder(path, name)
