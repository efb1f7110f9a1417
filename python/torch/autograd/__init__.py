"""torch.autograd: backward, grad, Function (custom autograd functions), grad modes,
gradcheck. The engine is the core's; this is the Python spelling over it."""
from .. import _bridge
from .._bridge import call as _call
from .grad_mode import no_grad, enable_grad, set_grad_enabled, inference_mode, is_grad_enabled  # noqa: F401
from .function import Function, FunctionCtx, once_differentiable  # noqa: F401
from . import graph, function  # noqa: F401
from .. import _tensor

Variable = _tensor.Tensor


def _seq(x):
    if x is None:
        return None
    if isinstance(x, _tensor.Tensor):
        return [x]
    return list(x)


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, grad_variables=None, inputs=None):
    if grad_variables is not None:
        grad_tensors = grad_variables
    kw = {'create_graph': create_graph}
    if retain_graph is not None:
        kw['retain_graph'] = retain_graph
    if inputs is not None:
        kw['inputs'] = _seq(inputs)
    gs = _seq(grad_tensors)
    _call('autograd.backward', -1, (_seq(tensors), gs), kw)
    function._sweep()


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False, only_inputs=True,
         allow_unused=False, is_grads_batched=False):
    kw = {'create_graph': create_graph, 'allow_unused': allow_unused}
    if retain_graph is not None:
        kw['retain_graph'] = retain_graph
    if grad_outputs is not None:
        kw['grad_outputs'] = _seq(grad_outputs)
    r = _call('autograd.grad', -1, (_seq(outputs), _seq(inputs)), kw)
    function._sweep()
    return tuple(r)


def gradcheck(func, inputs, *, eps=1e-06, atol=1e-05, rtol=0.001, raise_exception=True, **kwargs):
    from ._gradcheck import gradcheck as _gc
    return _gc(func, inputs, eps=eps, atol=atol, rtol=rtol, raise_exception=raise_exception, **kwargs)


def gradgradcheck(func, inputs, grad_outputs=None, *, eps=1e-06, atol=1e-05, rtol=0.001, raise_exception=True, **kwargs):
    from ._gradcheck import gradgradcheck as _ggc
    return _ggc(func, inputs, grad_outputs, eps=eps, atol=atol, rtol=rtol, raise_exception=raise_exception)
from . import functional  # noqa: E402,F401
