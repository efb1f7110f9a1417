"""Small helpers shared by torch.nn's modules (not public API)."""
import torch


def typename(o):
    """torch.typename: 'torch.FloatTensor' for a tensor, else module.qualname of the object."""
    if isinstance(o, torch.Tensor):
        return o.type()
    module = getattr(o, '__module__', None)
    prefix = module + '.' if module not in (None, 'builtins', '__builtin__') else ''
    if hasattr(o, '__qualname__'):
        return prefix + o.__qualname__
    if hasattr(o, '__name__'):
        return prefix + o.__name__
    return prefix + o.__class__.__name__


def ntuple(n, name):
    def parse(x):
        if isinstance(x, (list, tuple)):
            return tuple(x)
        return tuple([x] * n)
    parse.__name__ = name
    return parse


_single = ntuple(1, '_single')
_pair = ntuple(2, '_pair')
_triple = ntuple(3, '_triple')
