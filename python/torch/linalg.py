"""torch.linalg: every function the library has, forwarded (named tuples come back as
torch.return_types)."""
from ._namespace import install as _install

_install(globals(), 'linalg')
from ._C import _LinAlgError as LinAlgError  # noqa: E402
del _install

# vector_norm, matrix_norm and norm are the library's (js/linalg/norms.js), forwarded above.


def cross(input, other, *, dim=-1, out=None):
    from . import cross as _cross
    return _cross(input, other, dim=dim)


def vecdot(x, y, *, dim=-1, out=None):
    return (x * y).sum(dim)


def matmul(input, other, *, out=None):
    return input.matmul(other)


def diagonal(A, *, offset=0, dim1=-2, dim2=-1):
    return A.diagonal(offset=offset, dim1=dim1, dim2=dim2)


def cond(A, p=None, *, out=None):
    if p is None or p in (2, -2):
        s = svdvals(A)
        return s.amax(-1) / s.amin(-1) if p != -2 else s.amin(-1) / s.amax(-1)
    return matrix_norm(A, p) * matrix_norm(inv(A), p)
