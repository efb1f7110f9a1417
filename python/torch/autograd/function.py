"""torch.autograd.Function: custom forward/backward written in Python.

Note [Custom Functions over tensor hooks]: the core has no node type that calls back into
Python, but it runs tensor hooks during backward and lets a hook replace the gradient. So
`apply` runs `forward` under no_grad and then ties each output to the inputs that require
grad through a carrier whose forward value is zero:

    d_i = x_i + 0                         (AddBackward0 hands the gradient on as it is, one per input x_i)
    S   = sum_i d_i.sum()
    y_j = out_j + (S * 0)                 (the value of out_j; y_j depends on every x_i)

A hook on each y_j records grad_output_j. The engine reaches the d_i only after every y_j
(they are upstream of S), so the first d_i hook calls the user's `backward(ctx, *grads)`
once and each d_i hook hands back its input's gradient in place of the (zero) one the
carrier computed; it then reaches x_i unchanged (the very tensor backward returned, so a
create_graph gradient has the grad_fn the user's backward gave it). The ctx (PyTorch's
grad_fn of the outputs) is what `y.grad_fn` returns.

The hooks (and through them the ctx and its saved tensors) live as long as the graph can
still be run: they are removed once a backward pass without retain_graph has freed the
outputs' node (checked at every apply and after every backward). A graph that is never
run backward keeps them until the program ends, where PyTorch frees it with its last
reference; this is a known limit of the hook scheme.
"""
import functools
from .grad_mode import no_grad, is_grad_enabled
from .._bridge import W

_live = []   # [ctx, node pointer (retained)] of the graphs a custom Function joined
_sweep_at = [64]


def _sweep():
    """Removes the hooks of custom Functions whose graph a backward pass has freed."""
    if not _live:
        return
    keep = []
    for ctx, node in _live:
        if W.tp_node_released(node):
            ctx._freed = True
            for h in ctx._handles:
                h.remove()
            ctx._handles = ()
            W.tp_node_release_ptr(node)
        else:
            keep.append((ctx, node))
    _live[:] = keep


class FunctionCtx:
    def save_for_backward(self, *tensors):
        self.to_save = tensors

    @property
    def saved_tensors(self):
        saved = getattr(self, 'to_save', None)
        if saved is None:
            return ()
        if getattr(self, '_freed', False):
            raise RuntimeError('Trying to backward through the graph a second time (or directly access saved tensors '
                               'after they have already been freed). Saved intermediate values of the graph are freed '
                               'when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to '
                               'backward through the graph a second time or if you need to access saved tensors after '
                               'calling backward.')
        return tuple(saved)

    def save_for_forward(self, *tensors):
        self.saved_for_forward = tensors

    def mark_dirty(self, *args):
        self.dirty_tensors = args

    def mark_non_differentiable(self, *args):
        self.non_differentiable = args

    def set_materialize_grads(self, value):
        self.materialize_grads = value


class BackwardCFunction(FunctionCtx):
    _is_legacy = False
    materialize_grads = True

    def name(self):
        return type(self).__name__

    @property
    def next_functions(self):
        return tuple(getattr(self, '_next', ()))

    def register_hook(self, fn):
        raise NotImplementedError('tensorpad: hooks on custom Function nodes are not supported')


class FunctionMeta(type):
    def __init__(cls, name, bases, attrs):
        backward_fn = type(name + 'Backward', (BackwardCFunction,), {'_forward_cls': cls})
        backward_fn.__module__ = 'torch.autograd.function'
        backward_fn.__qualname__ = name + 'Backward'
        cls._backward_cls = backward_fn
        super().__init__(name, bases, attrs)


class Function(metaclass=FunctionMeta):
    def __init__(self, *args, **kwargs):
        import warnings
        warnings.warn(f'{type(self)} should not be instantiated. Methods on autograd functions are all static, so '
                      'you should invoke them on the class itself. Instantiating an autograd function will raise an '
                      'error in a future version of PyTorch.', DeprecationWarning)

    def __call__(self, *args, **kwargs):
        raise RuntimeError('Legacy autograd function with non-static forward method is deprecated. Please use new-style '
                           'autograd function with static forward method. (Example: '
                           'https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function)')

    @staticmethod
    def forward(ctx, *args, **kwargs):
        raise NotImplementedError('You must implement the forward function for custom autograd.Function.')

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError('You must implement either the backward or vjp method for your custom '
                                  'autograd.Function to use it with backward mode AD.')

    vjp = backward

    @staticmethod
    def jvp(ctx, *grad_inputs):
        raise NotImplementedError('You must implement the jvp function for custom autograd.Function to use it with '
                                  'forward mode AD.')

    @classmethod
    def apply(cls, *args, **kwargs):
        from .._tensor import Tensor
        if len(_live) >= _sweep_at[0]:
            _sweep()
            _sweep_at[0] = max(64, 2 * len(_live))
        if kwargs:
            raise TypeError(f'{cls.__name__}.apply() takes no keyword arguments')
        ctx = cls._backward_cls()
        grad_on = is_grad_enabled()
        ctx.needs_input_grad = tuple(isinstance(a, Tensor) and a.requires_grad and grad_on for a in args)
        with no_grad():
            outputs = cls.forward(ctx, *args)
        if not any(ctx.needs_input_grad):
            return outputs
        is_tuple = isinstance(outputs, tuple)
        outs = outputs if is_tuple else (outputs,)
        nondiff = {id(t) for t in getattr(ctx, 'non_differentiable', ())}
        inputs = [(i, a) for i, a in enumerate(args) if ctx.needs_input_grad[i]]
        return _connect(cls, ctx, args, inputs, outs, nondiff, is_tuple)


def _connect(cls, ctx, args, inputs, outs, nondiff, is_tuple):
    from .._tensor import Tensor
    from .. import zeros_like, zeros
    from ._hooks import register_hook
    handles = []
    state = {'grads': [None] * len(outs), 'result': None, 'left': 0}
    carriers = [a + 0 for _, a in inputs]
    s = carriers[0].sum()
    for c in carriers[1:]:
        s = s + c.sum()
    # a tensor-tensor mul saves its operands, so its node is marked released by a
    # backward without retain_graph: the sentinel _sweep looks at
    zero = s * zeros((), dtype=s.dtype)
    results = []
    diff_index = []
    for j, o in enumerate(outs):
        if not isinstance(o, Tensor) or id(o) in nondiff or not o.dtype.is_floating_point:
            results.append(o)
            continue
        z = zero if zero.dtype is o.dtype else zero.to(o.dtype)
        y = o.detach() + z
        y._custom_grad_fn = ctx
        diff_index.append(j)
        results.append(y)

        def record(g, j=j):
            state['grads'][j] = g
            state['result'] = None
            state['left'] = len(carriers)
        handles.append(register_hook(y, record))

    def run_backward():
        c = ctx
        grads = list(state['grads'])
        for j, o in enumerate(outs):
            if grads[j] is None and isinstance(o, Tensor) and c.materialize_grads:
                grads[j] = zeros_like(o)
        r = cls.backward(c, *grads)
        if not isinstance(r, tuple):
            r = (r,)
        if len(r) != len(args):
            raise RuntimeError(f'function {cls.__name__}Backward returned an incorrect number of gradients '
                               f'(expected {len(args)}, got {len(r)})')
        return r

    for k, (i, a) in enumerate(inputs):
        def give(g, i=i, a=a):
            if state['result'] is None:
                state['result'] = run_backward()
            gi = state['result'][i]
            state['left'] -= 1
            if state['left'] <= 0:
                state['grads'] = [None] * len(outs)
            if gi is None:
                return zeros_like(g)
            if not isinstance(gi, Tensor):
                raise TypeError(f'expected Tensor or None as the gradient of input {i} of {cls.__name__}Backward, '
                                f'got {type(gi).__name__}')
            if gi.shape != g.shape:
                gi = gi.sum_to_size(g.shape) if gi.dim() >= g.dim() else gi.expand(g.shape)
            if gi.dtype is not g.dtype:
                gi = gi.to(g.dtype)
            return gi
        handles.append(register_hook(carriers[k], give))
    ctx._handles = handles
    node = W.tp_tensor_grad_fn(zero._h)
    W.tp_node_retain_ptr(node)
    _live.append((ctx, node))
    ctx._next = tuple((getattr(a, 'grad_fn', None), 0) for _, a in inputs)
    return tuple(results) if is_tuple else results[0]


def once_differentiable(fn):
    @functools.wraps(fn)
    def wrapper(ctx, *args):
        with no_grad():
            return fn(ctx, *args)
    return wrapper
