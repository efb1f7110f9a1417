"""torch.return_types: the named tuples of max/min/sort/topk/... (`values, indices = x.max(1)`)."""
import collections as _collections

_FIELDS = {
    'slogdet': ('sign', 'logabsdet'), 'qr': ('Q', 'R'), 'svd': ('U', 'S', 'V'), 'linalg_svd': ('U', 'S', 'Vh'),
    'eig': ('eigenvalues', 'eigenvectors'), 'eigh': ('eigenvalues', 'eigenvectors'),
    'linalg_eigh': ('eigenvalues', 'eigenvectors'), 'symeig': ('eigenvalues', 'eigenvectors'),
    'lu_unpack': ('P', 'L', 'U'), 'linalg_lu': ('P', 'L', 'U'), 'linalg_lu_factor': ('LU', 'pivots'),
    'lstsq': ('solution', 'QR'), 'linalg_lstsq': ('solution', 'residuals', 'rank', 'singular_values'),
    'frexp': ('mantissa', 'exponent'), 'histogram': ('hist', 'bin_edges'), 'linalg_slogdet': ('sign', 'logabsdet'),
    'linalg_qr': ('Q', 'R'), 'geqrf': ('a', 'tau'), 'triangular_solve': ('solution', 'cloned_coefficient'),
    'linalg_inv_ex': ('inverse', 'info'), 'linalg_cholesky_ex': ('L', 'info'), 'aminmax': ('min', 'max'),
    'linalg_solve_ex': ('result', 'info'), 'linalg_ldl_factor': ('LD', 'pivots'),
}
_classes = {}


class _ReturnType(tuple):
    __slots__ = ()
    _fname = ''
    _names = ()  # not `_fields`: 1.13's structseq has none (hasattr(r, '_fields') is False)

    def __repr__(self):
        body = ',\n'.join(f'{n}={v!r}' for n, v in zip(self._names, self))
        return f'torch.return_types.{self._fname}(\n{body})'

    def __reduce__(self):
        return (make, (self._fname, list(self)))


def _cls(fname, n):
    c = _classes.get((fname, n))
    if c is None:
        fields = _FIELDS.get(fname, ('values', 'indices'))[:n]
        ns = {'__slots__': (), '_fname': fname, '_names': fields}
        for i, f in enumerate(fields):
            ns[f] = property(lambda self, i=i: tuple.__getitem__(self, i))
        c = type(fname, (_ReturnType,), ns)
        c.__module__ = 'torch.return_types'
        c.__qualname__ = fname
        _classes[(fname, n)] = c
    return c


def make(fname, items):
    return _cls(fname, len(items))(items)
