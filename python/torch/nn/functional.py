"""torch.nn.functional: every function the library's JS torch.nn.functional has, forwarded
with Python's keyword arguments; the ones on a training step's hot path (linear, relu,
tanh, sigmoid, mse_loss) call the core directly (see Note [Python hot path] in _tensor.py)."""
from .. import _bridge
from .._bridge import W, raise_core, call as _call
from .._tensor import Tensor, _wrap, _pend
from .. import _namespace
# The channel-wise and alpha dropouts, which the JS library lacks, composed as ATen does.
from .modules.dropout import dropout1d, dropout2d, dropout3d, alpha_dropout, feature_alpha_dropout  # noqa: F401,E402

_hlinear = _bridge.B.hot.linear
_mse = W.tp_mse_loss
_same_shape = W.tp_tensor_same_shape
_ndim = W.tp_tensor_ndim
_REDUCTION = {'none': 0, 'mean': 1, 'sum': 2}


def _tensor_arg(fname, name, pos, v):
    if not isinstance(v, Tensor):
        raise TypeError(f"{fname}(): argument '{name}' (position {pos}) must be Tensor, not {type(v).__name__}")


def linear(input, weight, bias=None):
    if type(input) is not Tensor and not isinstance(input, Tensor):
        _tensor_arg('linear', 'input', 1, input)
    if bias is not None and isinstance(weight, Tensor) and isinstance(bias, Tensor) and _ndim(input._h) == 2:
        h = _hlinear(input._h, weight._h, bias._h, _pend.pop() if _pend else 0)
        if not h:
            raise_core()
        return _wrap(h)
    return _call('nn.functional.linear', -1, (input, weight, bias), None)


def relu(input, inplace=False):
    if inplace:
        return input.relu_()
    return input.relu()


def tanh(input):
    return input.tanh()


def sigmoid(input):
    return input.sigmoid()


def mse_loss(input, target, size_average=None, reduce=None, reduction='mean'):
    if size_average is None and reduce is None and isinstance(input, Tensor) and isinstance(target, Tensor) \
            and _same_shape(input._h, target._h) and reduction in _REDUCTION:
        h = _mse(input._h, target._h, _REDUCTION[reduction])
        if not h:
            raise_core()
        return _wrap(h)
    kw = {'reduction': reduction}
    if size_average is not None:
        kw['size_average'] = size_average
    if reduce is not None:
        kw['reduce'] = reduce
    return _call('nn.functional.mse_loss', -1, (input, target), kw)


def dropout(input, p=0.5, training=True, inplace=False):
    if p < 0.0 or p > 1.0:
        raise ValueError(f'dropout probability has to be between 0 and 1, but got {p}')
    if not training or p == 0 or (isinstance(input, Tensor) and input.numel() == 0):
        return input  # ATen's _dropout_impl hands back the input itself
    r = _call('nn.functional.dropout', -1, (input,), {'p': p, 'training': training, 'inplace': inplace})
    return input if inplace and isinstance(r, Tensor) and r._h == input._h else r


def _softmax_family(name, neg=False):
    forwarded = _namespace.forwarder('nn.functional', name)

    def f(input, dim=None, _stacklevel=3, dtype=None):
        if type(dim) is float and isinstance(input, Tensor):  # 1.13 calls input.softmax(dim): its parser refuses a float
            x = -input if neg else input
            return getattr(x, 'log_softmax' if name == 'log_softmax' else 'softmax')(dim)
        return forwarded(input, dim, _stacklevel, dtype)
    f.__name__ = f.__qualname__ = name
    return f


softmax = _softmax_family('softmax')
log_softmax = _softmax_family('log_softmax')
softmin = _softmax_family('softmin', neg=True)


_namespace.install(globals(), 'nn.functional')
