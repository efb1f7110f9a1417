# numpy's ufuncs of the interop subset: the result dtype is numpy 1.24's (value-based for
# Python and numpy scalars), the arithmetic is one torch op on tensors of that dtype, and
# `out=` writes the result into the output array's own tensor, so it reaches every tensor
# sharing that memory (np.add(a, 1, out=a)).

import torch

from . import _dtypes
from ._array import ndarray, _wrap, _scalar, _from_torch, broadcast_shapes, _fmt_shape
from ._dtypes import as_dtype
from ._errors import _UFuncOutputCastingError, not_available


class _NotOperand(TypeError):
    pass


def _operand(x):
    """-> (tensor or None, dtype name, counts as a scalar, Python value or None)."""
    if isinstance(x, ndarray):
        t = x._t
        if t.dim() == 0:
            return t, x.dtype.name, True, t.item()
        return t, x.dtype.name, False, None
    if isinstance(x, _dtypes.generic):
        return None, x.dtype.name, True, x._py()
    if isinstance(x, bool):
        return None, 'bool', True, x
    if isinstance(x, int):
        if not -(1 << 63) <= x < (1 << 64):
            raise OverflowError('Python int too large to convert to C long')
        return None, 'int64', True, x
    if isinstance(x, float):
        return None, 'float64', True, x
    if isinstance(x, torch.Tensor):
        return _operand(_from_torch(x.detach()))
    if isinstance(x, (list, tuple)):
        from ._array import asarray
        return _operand(asarray(x))
    raise _NotOperand("unsupported operand type for numpy: '%s'" % type(x).__name__)


def _as(o, dname):
    td = _dtypes._BY_NAME[dname]._torch
    t = o[0]
    if t is None:
        v = o[3]
        if dname == 'int64' and v >= 1 << 63:
            raise OverflowError('Python int too large to convert to C long')
        return torch.tensor(v, dtype=td)
    return t if t.dtype == td else t.to(td)


def _shape(o):
    return () if o[0] is None else tuple(o[0].shape)


def _deliver(name, r, rd, out, shapes):
    if out is not None:
        if isinstance(out, tuple):
            if len(out) != 1:
                raise ValueError("The 'out' tuple must have exactly one entry per ufunc output")
            out = out[0]
        if not isinstance(out, ndarray):
            raise TypeError('return arrays must be of ArrayType')
        full = broadcast_shapes(tuple(r.shape), out.shape)
        if full != out.shape:
            raise ValueError("non-broadcastable output operand with shape %s doesn't match the "
                             "broadcast shape %s" % (_fmt_shape(out.shape),
                                                     _fmt_shape(full or tuple(r.shape))))
        if not _dtypes.can_cast_same_kind(rd, out.dtype.name):
            raise _UFuncOutputCastingError(
                "Cannot cast ufunc '%s' output from dtype('%s') to dtype('%s') with casting "
                "rule 'same_kind'" % (name, rd, out.dtype.name))
        out._t.copy_(r)
        return out
    if r.dim() == 0:
        return _scalar(r)
    return _wrap(r)


class ufunc:
    """A numpy universal function of the subset: positional inputs, `out=`, `dtype=`."""

    def __init__(self, name, nin, impl):
        self.__name__ = name
        self.nin = nin
        self.nout = 1
        self._impl = impl

    def __repr__(self):
        return "<ufunc '%s'>" % self.__name__

    def __call__(self, *args, out=None, dtype=None, **kwargs):
        for k in kwargs:
            if k == 'casting' and kwargs[k] == 'same_kind':
                continue
            raise not_available('numpy.%s with %s=' % (self.__name__, k))
        if len(args) > self.nin:
            if out is not None or len(args) > self.nin + 1:
                raise TypeError('%s() takes from %d to %d positional arguments but %d were given'
                                % (self.__name__, self.nin, self.nin + 1, len(args)))
            args, out = args[:self.nin], args[self.nin]
        if len(args) < self.nin:
            raise TypeError('%s() takes from %d to %d positional arguments but %d were given'
                            % (self.__name__, self.nin, self.nin + 1, len(args)))
        ops = [_operand(a) for a in args]
        shapes = [_shape(o) for o in ops]
        if self.nin == 2 and broadcast_shapes(*shapes) is None:
            raise ValueError('operands could not be broadcast together with shapes %s '
                             % ' '.join(_fmt_shape(s) for s in shapes))
        r, rd = self._impl(self.__name__, ops, as_dtype(dtype))
        return _deliver(self.__name__, r, rd, out, shapes)

    def __getattr__(self, name):
        if name.startswith('__'):
            raise AttributeError(name)
        raise not_available('numpy.%s.%s' % (self.__name__, name))


def _common(ops, dt):
    if dt is not None:
        return dt.name
    return _dtypes.result_type([(o[1], o[2], o[3]) for o in ops])


def _unsupported_types(name):
    return TypeError("ufunc '%s' not supported for the input types, and the inputs could not "
                     "be safely coerced to any supported types according to the casting rule "
                     "''safe''" % name)


# -- binary --

def _arith(torch_name, bool_name=None, bool_error=None):
    def impl(name, ops, dt):
        rd = _common(ops, dt)
        a, b = _as(ops[0], rd), _as(ops[1], rd)
        if rd == 'bool':
            if bool_error:
                raise TypeError(bool_error)
            return getattr(torch, bool_name)(a, b), rd
        return getattr(torch, torch_name)(a, b), rd
    return impl


def _divide(name, ops, dt):
    rd = _common(ops, dt)
    if rd in ('bool', 'int32', 'int64'):
        rd = 'float64'
    return torch.div(_as(ops[0], rd), _as(ops[1], rd)), rd


def _bool_only(ops):
    """All array operands (or all operands) are bool: numpy picks int8 loops here."""
    arrays = [o for o in ops if not o[2]] or ops
    return all(o[1] == 'bool' for o in arrays)


def _int_safe(op):
    """floor_divide/remainder: numpy gives 0 where an integer divisor is 0."""
    def impl(name, ops, dt):
        rd = _common(ops, dt)
        if dt is None and _bool_only(ops):
            raise not_available('numpy.%s of booleans' % name, 'numpy gives int8, a dtype '
                                'the subset lacks')
        a, b = _as(ops[0], rd), _as(ops[1], rd)
        if rd[0] == 'i':
            zero = b == 0
            if bool(zero.any()):
                b = torch.where(zero, torch.ones_like(b), b)
                return torch.where(zero, torch.zeros_like(b), op(a, b)), rd
        return op(a, b), rd
    return impl


def _power(name, ops, dt):
    rd = _common(ops, dt)
    if dt is None and _bool_only(ops):
        raise not_available('numpy.power of booleans', 'numpy gives int8, a dtype the subset '
                            'lacks')
    a, b = _as(ops[0], rd), _as(ops[1], rd)
    if rd[0] == 'i' and b.numel() and bool((b < 0).any()):
        raise ValueError('Integers to negative integer powers are not allowed.')
    return torch.pow(a, b), rd


def _minmax(torch_name):
    def impl(name, ops, dt):
        rd = _common(ops, dt)
        a, b = _as(ops[0], rd), _as(ops[1], rd)
        if rd == 'bool':
            f = torch.logical_or if torch_name == 'maximum' else torch.logical_and
            return f(a, b), rd
        return getattr(torch, torch_name)(a, b), rd
    return impl


def _compare(torch_name):
    def impl(name, ops, dt):
        rd = _common(ops, None)
        return getattr(torch, torch_name)(_as(ops[0], rd), _as(ops[1], rd)), 'bool'
    return impl


def _logical(torch_name):
    def impl(name, ops, dt):
        rd = _common(ops, None)
        return getattr(torch, torch_name)(_as(ops[0], rd), _as(ops[1], rd)), 'bool'
    return impl


def _bitwise(torch_name):
    def impl(name, ops, dt):
        rd = _common(ops, dt)
        if rd[0] == 'f':
            raise _unsupported_types(name)
        return getattr(torch, torch_name)(_as(ops[0], rd), _as(ops[1], rd)), rd
    return impl


def _float_binary(torch_name):
    def impl(name, ops, dt):
        rd = _common(ops, dt)
        if rd[0] != 'f':
            rd = 'float64'
        return getattr(torch, torch_name)(_as(ops[0], rd), _as(ops[1], rd)), rd
    return impl


# -- unary --

def _float_unary(torch_name):
    def impl(name, ops, dt):
        rd = dt.name if dt else ops[0][1]
        if rd == 'bool':
            raise not_available('numpy.%s of booleans' % name,
                                'numpy gives float16, a dtype the subset lacks')
        if rd[0] == 'i':
            rd = 'float64'
        return getattr(torch, torch_name)(_as(ops[0], rd)), rd
    return impl


def _same_unary(torch_name, bool_ok=None, bool_error=None):
    def impl(name, ops, dt):
        rd = dt.name if dt else ops[0][1]
        a = _as(ops[0], rd)
        if rd == 'bool':
            if bool_error:
                raise TypeError(bool_error)
            return bool_ok(a), rd
        return getattr(torch, torch_name)(a), rd
    return impl


def _invert(name, ops, dt):
    rd = dt.name if dt else ops[0][1]
    a = _as(ops[0], rd)
    if rd == 'bool':
        return torch.logical_not(a), rd
    if rd[0] == 'f':
        raise _unsupported_types(name)
    return torch.bitwise_not(a), rd


def _predicate(torch_name):
    def impl(name, ops, dt):
        return getattr(torch, torch_name)(_as(ops[0], ops[0][1])), 'bool'
    return impl


def _logical_not(name, ops, dt):
    return torch.logical_not(_as(ops[0], ops[0][1])), 'bool'


def _reciprocal(name, ops, dt):
    rd = dt.name if dt else ops[0][1]
    a = _as(ops[0], rd)
    if rd[0] == 'f':
        return torch.reciprocal(a), rd
    if rd == 'bool':
        return a.clone(), rd
    # numpy's integer reciprocal: 1 / x truncated (0 for |x| > 1)
    return torch.div(torch.ones_like(a), a, rounding_mode='trunc'), rd


_BOOL_SUB = ('numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, '
             'the `^` operator, or the logical_xor function instead.')
_BOOL_NEG = ('The numpy boolean negative, the `-` operator, is not supported, use the `~` '
             'operator or the logical_not function instead.')

add = ufunc('add', 2, _arith('add', 'logical_or'))
subtract = ufunc('subtract', 2, _arith('sub', bool_error=_BOOL_SUB))
multiply = ufunc('multiply', 2, _arith('mul', 'logical_and'))
divide = true_divide = ufunc('divide', 2, _divide)
floor_divide = ufunc('floor_divide', 2,
                     _int_safe(lambda a, b: torch.div(a, b, rounding_mode='floor')))
remainder = mod = ufunc('remainder', 2, _int_safe(lambda a, b: torch.remainder(a, b)))
power = ufunc('power', 2, _power)
maximum = ufunc('maximum', 2, _minmax('maximum'))
minimum = ufunc('minimum', 2, _minmax('minimum'))
equal = ufunc('equal', 2, _compare('eq'))
not_equal = ufunc('not_equal', 2, _compare('ne'))
less = ufunc('less', 2, _compare('lt'))
less_equal = ufunc('less_equal', 2, _compare('le'))
greater = ufunc('greater', 2, _compare('gt'))
greater_equal = ufunc('greater_equal', 2, _compare('ge'))
logical_and = ufunc('logical_and', 2, _logical('logical_and'))
logical_or = ufunc('logical_or', 2, _logical('logical_or'))
logical_xor = ufunc('logical_xor', 2, _logical('logical_xor'))
bitwise_and = ufunc('bitwise_and', 2, _bitwise('bitwise_and'))
bitwise_or = ufunc('bitwise_or', 2, _bitwise('bitwise_or'))
bitwise_xor = ufunc('bitwise_xor', 2, _bitwise('bitwise_xor'))
arctan2 = ufunc('arctan2', 2, _float_binary('atan2'))
hypot = ufunc('hypot', 2, _float_binary('hypot'))

_FLOAT_UNARY = {'sqrt': 'sqrt', 'exp': 'exp', 'exp2': 'exp2', 'expm1': 'expm1', 'log': 'log',
                'log2': 'log2', 'log10': 'log10', 'log1p': 'log1p', 'sin': 'sin', 'cos': 'cos',
                'tan': 'tan', 'arcsin': 'asin', 'arccos': 'acos', 'arctan': 'atan',
                'sinh': 'sinh', 'cosh': 'cosh', 'tanh': 'tanh', 'arcsinh': 'asinh',
                'arccosh': 'acosh', 'arctanh': 'atanh', 'floor': 'floor', 'ceil': 'ceil',
                'trunc': 'trunc', 'rint': 'round'}
for _np_name, _t_name in _FLOAT_UNARY.items():
    globals()[_np_name] = ufunc(_np_name, 1, _float_unary(_t_name))


def _scale_by(factor):
    """rad2deg/deg2rad as numpy computes them: x times the constant worked out in x's
    dtype (for float32, 180.0f / NPY_PIf)."""
    def impl(name, ops, dt):
        rd = dt.name if dt else ops[0][1]
        if rd == 'bool':
            raise not_available('numpy.%s of booleans' % name,
                                'numpy gives float16, a dtype the subset lacks')
        if rd[0] == 'i':
            rd = 'float64'
        return _as(ops[0], rd) * torch.tensor(factor(rd), dtype=_dtypes._BY_NAME[rd]._torch), rd
    return impl


def _f32(x):
    from ._format import _f32
    return _f32(x)


_PI = 3.141592653589793
degrees = rad2deg = ufunc('rad2deg', 1, _scale_by(
    lambda rd: _f32(180.0 / _f32(_PI)) if rd == 'float32' else 180.0 / _PI))
radians = deg2rad = ufunc('deg2rad', 1, _scale_by(
    lambda rd: _f32(_f32(_PI) / 180.0) if rd == 'float32' else _PI / 180.0))

absolute = ufunc('absolute', 1, _same_unary('abs', bool_ok=lambda a: a.clone()))
negative = ufunc('negative', 1, _same_unary('neg', bool_error=_BOOL_NEG))
positive = ufunc('positive', 1, _same_unary('clone', bool_ok=lambda a: a.clone()))
square = ufunc('square', 1, _same_unary('square', bool_ok=lambda a: a.clone()))
sign = ufunc('sign', 1, _same_unary('sign', bool_error="ufunc 'sign' did not contain a loop "
                                    "with signature matching types <class "
                                    "'numpy.dtype[bool_]'> -> None"))
reciprocal = ufunc('reciprocal', 1, _reciprocal)
invert = bitwise_not = ufunc('invert', 1, _invert)
logical_not = ufunc('logical_not', 1, _logical_not)
isnan = ufunc('isnan', 1, _predicate('isnan'))
isinf = ufunc('isinf', 1, _predicate('isinf'))
isfinite = ufunc('isfinite', 1, _predicate('isfinite'))
signbit = ufunc('signbit', 1, _predicate('signbit'))


def _matmul(name, ops, dt):
    a_shape, b_shape = _shape(ops[0]), _shape(ops[1])
    for i, s in enumerate((a_shape, b_shape)):
        if len(s) == 0:
            raise ValueError('matmul: Input operand %d does not have enough dimensions (has 0, '
                             'gufunc core with signature (n?,k),(k,m?)->(n?,m?) requires 1)' % i)
    k_a = a_shape[-1]
    k_b = b_shape[-2] if len(b_shape) >= 2 else b_shape[0]
    if k_a != k_b:
        raise ValueError('matmul: Input operand 1 has a mismatch in its core dimension 0, with '
                         'gufunc signature (n?,k),(k,m?)->(n?,m?) (size %d is different from %d)'
                         % (k_b, k_a))
    if len(a_shape) > 2 or len(b_shape) > 2:
        if broadcast_shapes(a_shape[:-2], b_shape[:-2]) is None:
            raise ValueError('operands could not be broadcast together with remapped shapes '
                             '[original->remapped]: %s->%s %s->%s  and requested shape'
                             % (_fmt_shape(a_shape), _fmt_shape(a_shape[:-2] + (a_shape[-2], k_a)),
                                _fmt_shape(b_shape), _fmt_shape(b_shape)))
    rd = _common(ops, dt)
    a, b = _as(ops[0], rd), _as(ops[1], rd)
    if rd == 'bool':
        return torch.matmul(a.to(torch.int64), b.to(torch.int64)) != 0, rd
    return torch.matmul(a, b), rd


class _MatmulUfunc(ufunc):
    def __call__(self, *args, out=None, dtype=None, **kwargs):
        if len(args) == 2:
            ops = [_operand(a) for a in args]
            r, rd = self._impl(self.__name__, ops, as_dtype(dtype))
            return _deliver(self.__name__, r, rd, out, None)
        return super().__call__(*args, out=out, dtype=dtype, **kwargs)


matmul = _MatmulUfunc('matmul', 2, _matmul)

UFUNCS = [v for v in list(globals().values()) if isinstance(v, ufunc)]


# ---- ndarray operators are the ufuncs; in-place forms write through out= ----

def _array_binop(f, reflected=False):
    def op(self, other):
        try:
            return f(other, self) if reflected else f(self, other)
        except _NotOperand:
            return NotImplemented
    return op


def _array_iop(f):
    def op(self, other):
        try:
            return f(self, other, out=self)
        except _NotOperand:
            return NotImplemented
    return op


def _array_unop(f):
    return lambda self: f(self)


for _n, _f in (('add', add), ('sub', subtract), ('mul', multiply), ('truediv', divide),
               ('floordiv', floor_divide), ('mod', remainder), ('pow', power),
               ('and', bitwise_and), ('or', bitwise_or), ('xor', bitwise_xor),
               ('matmul', matmul)):
    setattr(ndarray, '__%s__' % _n, _array_binop(_f))
    setattr(ndarray, '__r%s__' % _n, _array_binop(_f, True))
    setattr(ndarray, '__i%s__' % _n, _array_iop(_f))
for _n, _f in (('eq', equal), ('ne', not_equal), ('lt', less), ('le', less_equal),
               ('gt', greater), ('ge', greater_equal)):
    setattr(ndarray, '__%s__' % _n, _array_binop(_f))
for _n, _f in (('neg', negative), ('pos', positive), ('abs', absolute), ('invert', invert)):
    setattr(ndarray, '__%s__' % _n, _array_unop(_f))
ndarray.__hash__ = None
