"""torch.Size: a tuple of ints that prints as PyTorch does."""


class Size(tuple):
    __slots__ = ()
    __module__ = 'torch'

    def __new__(cls, sizes=()):
        return tuple.__new__(cls, (_index(s) for s in sizes))

    def __repr__(self):
        return 'torch.Size([' + ', '.join(str(s) for s in self) + '])'

    __str__ = __repr__

    def __getitem__(self, k):
        r = tuple.__getitem__(self, k)
        return Size(r) if isinstance(k, slice) else r

    def __add__(self, other):
        if not isinstance(other, tuple):
            return NotImplemented
        return Size(tuple(self) + tuple(other))

    def __mul__(self, n):
        return Size(tuple(self) * n)

    __rmul__ = __mul__

    def numel(self):
        n = 1
        for s in self:
            n *= s
        return n

    def __reduce__(self):
        return (Size, (tuple(self),))


def _index(s):
    if type(s) is int:
        return s
    if hasattr(s, '__index__'):
        return s.__index__()
    raise TypeError(f"torch.Size() takes an iterable of 'int' (item 0 is '{type(s).__name__}')")
