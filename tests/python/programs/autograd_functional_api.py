# torch.autograd.functional: vjp, jvp, vhp, hvp, jacobian and hessian with tuple inputs, create_graph, strict.
import torch
from torch.autograd.functional import vjp, jvp, vhp, hvp, jacobian, hessian


def f(x):
    return x ** 2 * 3


x = torch.tensor([1., 2., 3.])
v = torch.tensor([1., 0.5, 0.25])
print(vjp(f, x, v))
print(jvp(f, x, v))
print(vjp(lambda t: (t ** 3).sum(), x))


def g(a, b):
    return (a * b).sum() + (a ** 2).sum()


a, b = torch.tensor([1., 2.]), torch.tensor([3., -1.])
print(jacobian(g, (a, b)))
print(hessian(g, (a, b)))
print(vhp(g, (a, b), (torch.ones(2), torch.zeros(2))))
print(hvp(g, (a, b), (torch.ones(2), torch.zeros(2))))


def two_out(a, b):
    return a * b, a + b


print(jacobian(two_out, (a, b)))
J = jacobian(lambda t: t.exp(), torch.tensor([0., 1.]), create_graph=True)
print(J.requires_grad, J.grad_fn is not None)
print(jacobian(lambda t: t.sum(), torch.tensor([[1., 2.], [3., 4.]])))
print(jacobian(lambda t: torch.stack([t[0] * t[1], t[1]]), torch.tensor([2., 5.]), vectorize=True))
for bad in [lambda: vjp(f, x), lambda: vjp(f, x, torch.ones(2)), lambda: jacobian(f, [x]),
            lambda: jacobian(lambda t: torch.ones(2), x, strict=True), lambda: hessian(f, x),
            lambda: vhp(g, (a, b), torch.ones(2))]:
    try:
        bad()
    except (RuntimeError, TypeError) as e:
        print(type(e).__name__, e)
