# dtypes and scalar types of the interop subset: bool, int32, int64, float32, float64 —
# the dtypes a tensor can hold. Scalars returned by indexing and reductions are instances
# of numpy-named classes (np.float64 is a float, np.int64 an int, as convenient in
# Python code) whose arithmetic goes through the ufuncs, so it follows numpy's rules.

import torch

from ._errors import not_available
from . import _format

_SUBSET = ('bool', 'int32', 'int64', 'float32', 'float64')


class generic:
    __slots__ = ()
    ndim = 0
    shape = ()
    size = 1

    @property
    def dtype(self):
        return dtype(type(self))

    @property
    def itemsize(self):
        return self.dtype.itemsize

    @property
    def nbytes(self):
        return self.dtype.itemsize

    def item(self):
        return self._py()

    def tolist(self):
        return self._py()

    def astype(self, dt):
        from ._array import asarray
        return asarray(self).astype(dt)[()]

    def __repr__(self):
        return _format.scalar_repr(self._py(), self.dtype.kind, type(self) is float32)

    __str__ = __repr__

    def __format__(self, spec):
        return format(self._py(), spec)


def _binop(name, reflected=False):
    def op(self, other):
        from . import _ufuncs
        f = getattr(_ufuncs, name)
        if isinstance(other, (list, tuple)) and name == 'multiply' and isinstance(self, integer):
            return NotImplemented  # sequence repetition, as numpy's integers allow
        try:
            return f(other, self) if reflected else f(self, other)
        except _ufuncs._NotOperand:
            return NotImplemented
    op.__name__ = name
    return op


def _unop(name):
    def op(self):
        from . import _ufuncs
        return getattr(_ufuncs, name)(self)
    return op


for _n, _u in (('add', 'add'), ('sub', 'subtract'), ('mul', 'multiply'),
               ('truediv', 'true_divide'), ('floordiv', 'floor_divide'), ('mod', 'remainder'),
               ('pow', 'power'), ('and', 'bitwise_and'), ('or', 'bitwise_or'),
               ('xor', 'bitwise_xor'), ('matmul', 'matmul')):
    setattr(generic, '__%s__' % _n, _binop(_u))
    setattr(generic, '__r%s__' % _n, _binop(_u, True))
for _n, _u in (('eq', 'equal'), ('ne', 'not_equal'), ('lt', 'less'), ('le', 'less_equal'),
               ('gt', 'greater'), ('ge', 'greater_equal')):
    setattr(generic, '__%s__' % _n, _binop(_u))
for _n, _u in (('neg', 'negative'), ('pos', 'positive'), ('abs', 'absolute'),
               ('invert', 'invert')):
    setattr(generic, '__%s__' % _n, _unop(_u))


class number(generic):
    __slots__ = ()


class integer(number):
    __slots__ = ()


class signedinteger(integer):
    __slots__ = ()


class inexact(number):
    __slots__ = ()


class floating(inexact):
    __slots__ = ()


class float64(floating, float):
    __slots__ = ()
    __hash__ = float.__hash__

    def __new__(cls, x=0.0):
        return float.__new__(cls, _to_py(x, float))

    def _py(self):
        return float(self)


class float32(floating, float):
    __slots__ = ()
    __hash__ = float.__hash__

    def __new__(cls, x=0.0):
        return float.__new__(cls, _format._f32(_to_py(x, float)))

    def _py(self):
        return float(self)


def _wrap_int(v, bits):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


class int64(signedinteger, int):
    __slots__ = ()
    __hash__ = int.__hash__

    def __new__(cls, x=0):
        return int.__new__(cls, _wrap_int(_to_py(x, int), 64))

    def _py(self):
        return int(self)


class int32(signedinteger, int):
    __slots__ = ()
    __hash__ = int.__hash__

    def __new__(cls, x=0):
        return int.__new__(cls, _wrap_int(_to_py(x, int), 32))

    def _py(self):
        return int(self)


class bool_(generic):
    __slots__ = ('_v',)

    def __new__(cls, x=False):
        if isinstance(x, bool_):
            return x
        obj = object.__new__(cls)
        obj._v = bool(_to_py(x, bool))
        return obj

    def _py(self):
        return self._v

    def __bool__(self):
        return self._v

    def __hash__(self):
        return hash(self._v)

    def __int__(self):
        return int(self._v)

    def __float__(self):
        return float(self._v)


def _to_py(x, kind):
    from ._array import ndarray
    if isinstance(x, ndarray):
        if x.size != 1:
            raise TypeError('only size-1 arrays can be converted to Python scalars')
        x = x.item()
    if isinstance(x, str) and kind is not bool:
        return kind(float(x)) if kind is int else float(x)
    return kind(x)


for _c in (generic, number, integer, signedinteger, inexact, floating, float64, float32,
           int64, int32, bool_):
    _c.__module__ = 'numpy'


class dtype:
    """A numpy dtype of the subset; dtype('float32'), dtype(np.int64), dtype(float)."""
    __slots__ = ('name', 'type', 'kind', 'char', 'itemsize', 'str')

    def __new__(cls, obj=None, align=False, copy=False):
        from ._array import ndarray
        if isinstance(obj, ndarray):
            raise TypeError('Cannot construct a dtype from an array')
        d = _lookup(obj)
        if d is None:
            if obj is None:
                return _BY_NAME['float64']
            raise _bad_dtype(obj)
        return d

    @classmethod
    def _make(cls, name, typ, kind, char, itemsize, str_):
        d = object.__new__(cls)
        d.name, d.type, d.kind, d.char, d.itemsize, d.str = name, typ, kind, char, itemsize, str_
        return d

    def __repr__(self):
        return "dtype('%s')" % self.name

    def __str__(self):
        return self.name

    def __eq__(self, other):
        try:
            return _lookup(other) is self
        except Exception:
            return False

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(self.name)

    def __reduce__(self):
        return (dtype, (self.name,))

    @property
    def _torch(self):
        return getattr(torch, self.name)

    @property
    def is32(self):
        return self.name == 'float32'


dtype.__module__ = 'numpy'

_BY_NAME = {
    'bool': dtype._make('bool', bool_, 'b', '?', 1, '|b1'),
    'int32': dtype._make('int32', int32, 'i', 'i', 4, '<i4'),
    'int64': dtype._make('int64', int64, 'i', 'l', 8, '<i8'),
    'float32': dtype._make('float32', float32, 'f', 'f', 4, '<f4'),
    'float64': dtype._make('float64', float64, 'f', 'd', 8, '<f8'),
}
_ALIASES = {
    'bool': 'bool', 'bool_': 'bool', '?': 'bool', 'b1': 'bool', '|b1': 'bool',
    'int32': 'int32', 'i4': 'int32', '<i4': 'int32', 'i': 'int32', 'intc': 'int32',
    'int64': 'int64', 'i8': 'int64', '<i8': 'int64', 'l': 'int64', 'int': 'int64',
    'int_': 'int64', 'long': 'int64', 'intp': 'int64', 'p': 'int64',
    'float32': 'float32', 'f4': 'float32', '<f4': 'float32', 'f': 'float32',
    'single': 'float32',
    'float64': 'float64', 'f8': 'float64', '<f8': 'float64', 'd': 'float64',
    'float': 'float64', 'double': 'float64', 'float_': 'float64',
}
_BY_TYPE = {bool_: 'bool', int32: 'int32', int64: 'int64', float32: 'float32',
            float64: 'float64', bool: 'bool', int: 'int64', float: 'float64'}


def _lookup(obj):
    if isinstance(obj, dtype):
        return obj
    if isinstance(obj, str):
        name = _ALIASES.get(obj)
        return _BY_NAME[name] if name else None
    if isinstance(obj, type):
        name = _BY_TYPE.get(obj)
        return _BY_NAME[name] if name else None
    if isinstance(obj, torch.dtype):
        s = str(obj)[len('torch.'):]
        return _BY_NAME.get(s)
    d = getattr(obj, 'dtype', None)
    if isinstance(d, dtype):
        return d
    return None


def _bad_dtype(obj):
    if isinstance(obj, str):
        label = obj
    elif isinstance(obj, type):
        label = obj.__name__
    else:
        label = repr(obj)
    if isinstance(obj, (str, type)):
        return not_available("numpy.dtype('%s')" % label,
                             'the dtypes available are bool, int32, int64, float32 and float64')
    return TypeError("Cannot interpret '%s' as a data type" % label)


def as_dtype(obj):
    """dtype(obj) for a dtype= argument; None stays None."""
    if obj is None:
        return None
    return dtype(obj)


def from_torch(tdtype):
    d = _BY_NAME.get(str(tdtype)[len('torch.'):])
    if d is None:
        raise not_available('numpy of a %s tensor' % tdtype,
                            'the dtypes available are bool, int32, int64, float32 and float64')
    return d


# ---- promotion (numpy 1.24, including value-based casting of scalars) ----

_ORDER = ['bool', 'int32', 'int64', 'float32', 'float64']


def promote(a, b):
    """np.promote_types for the subset's dtypes (names)."""
    if a == b:
        return a
    ka, kb = _BY_NAME[a].kind, _BY_NAME[b].kind
    if ka == 'f' and kb == 'i' or ka == 'i' and kb == 'f':
        i, f = (a, b) if ka == 'i' else (b, a)
        return 'float64' if f == 'float64' or i in ('int32', 'int64') else 'float32'
    return max(a, b, key=_ORDER.index)


# Minimal types of a scalar value, in numpy's terms ('u8' etc. exist only here).
def _min_scalar_type(kind, value):
    if kind == 'b':
        return 'bool'
    if kind == 'i':
        v = int(value)
        if v >= 0:
            # numpy treats a value that also fits the signed type of that size as signed
            for bits in (8, 16, 32, 64):
                if v < 1 << bits:
                    return ('i%d' if v < 1 << (bits - 1) else 'u%d') % bits
            return None
        for bits in (8, 16, 32, 64):
            if v >= -(1 << (bits - 1)):
                return 'i%d' % bits
        return None
    v = abs(float(value))
    if v != v or v == float('inf') or v <= 65504.0:
        return 'f16'
    if v <= 3.4028234663852886e38:
        return 'f32'
    return 'f64'


def _promote_min(arr, mst):
    """promote_types(array dtype, minimal scalar type) where the array's kind is at least
    the scalar's kind."""
    if mst is None:
        return None
    if mst == 'bool':
        return arr
    k = _BY_NAME[arr].kind
    if mst[0] == 'f':
        if mst == 'f64':
            return 'float64'
        return arr  # a float array (float kind >= float)
    bits = int(mst[1:])
    signed = mst[0] == 'i'
    if k == 'f':
        if arr == 'float64':
            return 'float64'
        return 'float32' if bits <= 16 else 'float64'
    abits = 32 if arr == 'int32' else 64
    if signed:
        return arr if bits <= abits else 'int64'
    if bits < abits:
        return arr
    if bits < 64:
        return 'int64'
    return 'float64'


_KIND_RANK = {'b': 0, 'i': 1, 'f': 2}


def result_type(operands):
    """operands: list of (dtype name, is_scalar, value-or-None). numpy 1.24's rule: when
    arrays of at least the scalars' kind are present, scalars count by their value."""
    arrays = [o for o in operands if not o[1]]
    scalars = [o for o in operands if o[1]]
    if not arrays or not scalars:
        r = operands[0][0]
        for o in operands[1:]:
            r = promote(r, o[0])
        return r
    ra = arrays[0][0]
    for o in arrays[1:]:
        ra = promote(ra, o[0])
    akind = _KIND_RANK[_BY_NAME[ra].kind]
    skind = max(_KIND_RANK[_BY_NAME[o[0]].kind] for o in scalars)
    if skind > akind:
        r = ra
        for o in scalars:
            r = promote(r, o[0])
        return r
    r = ra
    for o in scalars:
        if o[2] is None:
            continue
        r2 = _promote_min(r, _min_scalar_type(_BY_NAME[o[0]].kind, o[2]))
        if r2 is None:
            raise OverflowError('Python int too large to convert to C long')
        r = r2
    return r


def can_cast_same_kind(src, dst):
    ks, kd = _KIND_RANK[_BY_NAME[src].kind], _KIND_RANK[_BY_NAME[dst].kind]
    return ks <= kd
