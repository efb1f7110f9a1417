"""torch.linalg: every function the library has, forwarded (named tuples come back as
torch.return_types)."""
from ._namespace import install as _install

_install(globals(), 'linalg')
from ._C import _LinAlgError as LinAlgError  # noqa: E402
del _install

# The norms, composed from Tensor.norm and svdvals (values as PyTorch; their grad_fn names
# are those of the composing ops, not LinalgVectorNormBackward0).
import math as _math


def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None, out=None):
    if dtype is not None:
        x = x.to(dtype)
    if dim is None:
        x = x.reshape(-1)
        dim = 0
    a = x.abs()
    if ord == _math.inf:
        return a.amax(dim=dim, keepdim=keepdim)
    if ord == -_math.inf:
        return a.amin(dim=dim, keepdim=keepdim)
    if ord == 0:
        return (x != 0).to(x.dtype).sum(dim=dim, keepdim=keepdim)
    return x.norm(p=ord, dim=dim, keepdim=keepdim)


def matrix_norm(A, ord='fro', dim=(-2, -1), keepdim=False, *, dtype=None, out=None):
    if dtype is not None:
        A = A.to(dtype)
    d0, d1 = dim
    if ord == 'fro':
        return vector_norm(A, 2, dim=dim, keepdim=keepdim)
    if ord == 'nuc':
        r = svdvals(A.movedim((d0, d1), (-2, -1))).sum(-1)
    elif ord in (2, -2):
        s = svdvals(A.movedim((d0, d1), (-2, -1)))
        r = s.amax(-1) if ord == 2 else s.amin(-1)
    elif ord in (1, -1, _math.inf, -_math.inf):
        sum_dim, red_dim = (d0, d1) if ord in (1, -1) else (d1, d0)
        s = A.abs().sum(dim=sum_dim, keepdim=True)
        r = s.amax(dim=red_dim, keepdim=True) if ord > 0 else s.amin(dim=red_dim, keepdim=True)
        r = r.squeeze(max(d0 % A.dim(), d1 % A.dim())).squeeze(min(d0 % A.dim(), d1 % A.dim()))
        if keepdim:
            r = r.unsqueeze(min(d0 % A.dim(), d1 % A.dim())).unsqueeze(max(d0 % A.dim(), d1 % A.dim()))
        return r
    else:
        raise RuntimeError(f'linalg.matrix_norm: Order {ord} not supported.')
    if keepdim:
        r = r.unsqueeze(min(d0 % A.dim(), d1 % A.dim())).unsqueeze(max(d0 % A.dim(), d1 % A.dim()))
    return r


def norm(A, ord=None, dim=None, keepdim=False, *, out=None, dtype=None):
    if isinstance(dim, int):
        dim = (dim,)
    if ord is None:
        return vector_norm(A, 2, dim=dim, keepdim=keepdim, dtype=dtype)
    if dim is not None and len(dim) == 2 or dim is None and A.dim() == 2:
        return matrix_norm(A, ord, dim=dim if dim is not None else (-2, -1), keepdim=keepdim, dtype=dtype)
    if isinstance(ord, str):
        raise RuntimeError(f'linalg.vector_norm: ord must be a number, got {ord}')
    return vector_norm(A, ord, dim=dim, keepdim=keepdim, dtype=dtype)


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
