"""torch.autograd.gradcheck / gradgradcheck: finite differences against autograd, as
PyTorch's slow mode computes them (central differences of every input element; the
analytical Jacobian row by row through torch.autograd.grad)."""
from .grad_mode import no_grad

__all__ = ['gradcheck', 'gradgradcheck', 'GradcheckError']


class GradcheckError(RuntimeError):
    pass


def _as_tuple(x):
    return tuple(x) if isinstance(x, (list, tuple)) else (x,)


def _outputs(func, inputs):
    from .._tensor import Tensor
    return tuple(o for o in _as_tuple(func(*inputs)) if isinstance(o, Tensor))


def _numerical(func, inputs, i, eps):
    import torch
    x = inputs[i]
    cols = []
    flat = x.detach().reshape(-1)
    for k in range(flat.numel()):
        with no_grad():
            orig = flat[k].item()
            x.data.reshape(-1)[k] = orig - eps
            lo = [o.detach().clone() for o in _outputs(func, inputs)]
            x.data.reshape(-1)[k] = orig + eps
            hi = [o.detach().clone() for o in _outputs(func, inputs)]
            x.data.reshape(-1)[k] = orig
        cols.append([((h - l) / (2 * eps)).reshape(-1) for h, l in zip(hi, lo)])
    return [torch.stack([c[j] for c in cols], 1) if cols else None for j in range(len(cols[0]) if cols else 0)]


def _analytical(outputs, x, create_graph=False):
    import torch
    rows = []
    for o in outputs:
        r = []
        flat = o.reshape(-1)
        for k in range(flat.numel()):
            g, = torch.autograd.grad(flat[k], x, retain_graph=True, allow_unused=True, create_graph=create_graph)
            r.append(torch.zeros(x.numel(), dtype=x.dtype) if g is None else g.reshape(-1))
        rows.append(torch.stack(r, 0) if r else torch.zeros(0, x.numel(), dtype=x.dtype))
    return rows


def gradcheck(func, inputs, *, eps=1e-06, atol=1e-05, rtol=0.001, raise_exception=True, **kwargs):
    from .._tensor import Tensor
    inputs = _as_tuple(inputs)
    outputs = _outputs(func, inputs)
    for i, x in enumerate(inputs):
        if not (isinstance(x, Tensor) and x.requires_grad):
            continue
        num = _numerical(func, inputs, i, eps)
        ana = _analytical(outputs, x)
        for j, (n, a) in enumerate(zip(num, ana)):
            if not a.to(n.dtype).allclose(n, rtol=rtol, atol=atol):
                if raise_exception:
                    raise GradcheckError(f'Jacobian mismatch for output {j} with respect to input {i},\n'
                                         f'numerical:{n}\nanalytical:{a}\n')
                return False
    return True


def gradgradcheck(func, inputs, grad_outputs=None, *, eps=1e-06, atol=1e-05, rtol=0.001, raise_exception=True, **kwargs):
    """gradcheck of the function inputs -> d(sum(outputs * grad_outputs))/d(inputs)."""
    import torch
    from .._tensor import Tensor
    inputs = _as_tuple(inputs)
    outs = _outputs(func, inputs)
    if grad_outputs is None:
        grad_outputs = tuple(torch.randn_like(o, dtype=torch.float64).to(o.dtype) for o in outs)
    grad_outputs = _as_tuple(grad_outputs)
    diff = [x for x in inputs if isinstance(x, Tensor) and x.requires_grad]

    def first(*xs):
        with torch.enable_grad():  # the finite differences run under no_grad
            o = _outputs(func, xs)
            s = sum((a * g).sum() for a, g in zip(o, grad_outputs))
            return torch.autograd.grad(s, [x for x in xs if isinstance(x, Tensor) and x.requires_grad],
                                       create_graph=True, allow_unused=True)
    return gradcheck(first, inputs, eps=eps, atol=atol, rtol=rtol, raise_exception=raise_exception) if diff else True
