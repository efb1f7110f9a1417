"""torch.autograd.Function: custom forward/backward written in Python.

Note [Custom Functions over tensor hooks]: the core has no node type that calls back into
Python, but it runs tensor hooks during backward and lets a hook replace the gradient. So
`apply` runs `forward` under no_grad and then ties each output to the inputs that require
grad through a carrier whose forward value is zero:

    d_i = x_i.view_as(x_i)                (identity backward, one per input x_i)
    S   = sum_i d_i.sum()
    y_j = out_j + (S * 0)                 (the value of out_j; y_j depends on every x_i)

A hook on each y_j records grad_output_j. The engine reaches the d_i only after every y_j
(they are upstream of S), so the first d_i hook calls the user's `backward(ctx, *grads)`
once and each d_i hook hands back its input's gradient in place of the (zero) one the
carrier computed; it then flows to x_i through the identity view. The ctx (PyTorch's
grad_fn of the outputs) is what `y.grad_fn` returns. The hooks are removed when the ctx
is collected.
"""
import functools
import weakref
from .grad_mode import no_grad, is_grad_enabled


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

    def __del__(self):
        for h in getattr(self, '_handles', ()):
            try:
                h.remove()
            except Exception:
                pass


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
    from .. import zeros_like
    from ._hooks import register_hook
    handles = []
    state = {'grads': [None] * len(outs), 'result': None, 'left': 0}
    wctx = weakref.ref(ctx)
    carriers = [a.view_as(a) for _, a in inputs]
    s = carriers[0].sum()
    for c in carriers[1:]:
        s = s + c.sum()
    zero = s * 0
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
        c = wctx()
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
    ctx._next = tuple((getattr(a, 'grad_fn', None), 0) for _, a in inputs)
    return tuple(results) if is_tuple else results[0]


def once_differentiable(fn):
    @functools.wraps(fn)
    def wrapper(ctx, *args):
        with no_grad():
            return fn(ctx, *args)
    return wrapper
