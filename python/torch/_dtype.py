"""torch.dtype: the five dtypes the core has (codes from the core's table), and PyTorch's
other dtype names, which exist so that code naming them imports; using one is an error."""
from . import _bridge


class dtype:
    __module__ = 'torch'
    __slots__ = ('_name', '_c', 'is_floating_point', 'is_complex', 'is_signed', 'itemsize')

    def __init__(self, name, code, floating, signed, itemsize):
        self._name = name
        self._c = code
        self.is_floating_point = floating
        self.is_complex = name.startswith('complex')
        self.is_signed = signed
        self.itemsize = itemsize

    def _code(self):
        if self._c < 0:
            raise TypeError(f'tensorpad does not support dtype torch.{self._name} '
                            '(it has float32, float64, int32, int64 and bool)')
        return self._c

    def __repr__(self):
        return 'torch.' + self._name

    def __reduce__(self):
        return (_by_name, (self._name,))

    def to_real(self):
        return self

    def to_complex(self):
        raise TypeError('tensorpad has no complex dtypes')


_codes = {}
_c = 0
while True:
    p = _bridge.W.tp_dtype_name(_c)
    if not p:
        break
    _codes[_bridge.B.str(p)] = _c
    _c += 1

_SPECS = [  # name, floating, signed, itemsize
    ('float32', True, True, 4), ('float64', True, True, 8), ('int32', False, True, 4),
    ('int64', False, True, 8), ('bool', False, False, 1), ('float16', True, True, 2),
    ('bfloat16', True, True, 2), ('uint8', False, False, 1), ('int8', False, True, 1),
    ('int16', False, True, 2), ('complex64', False, True, 8), ('complex128', False, True, 16),
    ('complex32', False, True, 4), ('quint8', False, False, 1), ('qint8', False, True, 1),
    ('qint32', False, True, 4), ('quint4x2', False, False, 1),
]
_all = {}
for _n, _f, _s, _i in _SPECS:
    _all[_n] = dtype(_n, _codes.get(_n, -1), _f, _s, _i)
_by_code = {d._c: d for d in _all.values() if d._c >= 0}

ALIASES = {'float': 'float32', 'double': 'float64', 'half': 'float16', 'int': 'int32',
           'long': 'int64', 'short': 'int16', 'cfloat': 'complex64', 'cdouble': 'complex128',
           'chalf': 'complex32'}


def _by_name(name):
    return _all[ALIASES.get(name, name)]


def by_code(c):
    return _by_code[c]


float32 = _all['float32']
float64 = _all['float64']
int32 = _all['int32']
int64 = _all['int64']
bool_ = _all['bool']
