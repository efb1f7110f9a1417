# The Python twin of examples/06-gradcheck.mjs, written by tests/fixtures/gen_python_programs.py
# from EXAMPLES in tests/fixtures/gen_examples_autograd.py: edit it there.
import torch
print('# the tutorial check: analytic gradient vs a central difference')
x = torch.tensor(3.0, requires_grad=True)
y = x ** 2
y.backward()
analytic_grad = x.grad.item()
eps = 1e-5
y1 = (x.item() + eps) ** 2
y2 = (x.item() - eps) ** 2
numeric_grad = (y1 - y2) / (2 * eps)
print(f"analytic: {analytic_grad:.6f}, numeric: {numeric_grad:.6f}")
print('agree to 1e-6:', abs(analytic_grad - numeric_grad) < 1e-6)

print('# torch.autograd.gradcheck: a scalar function of a vector (float64)')
x = torch.tensor([0.5, -1.25, 2.0], dtype=torch.float64, requires_grad=True)
print(torch.autograd.gradcheck(lambda t: (t ** 3).sum(), (x,)))

print('# multi-dimensional inputs, several of them')
torch.manual_seed(0)
a = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
b = torch.randn(4, 2, dtype=torch.float64, requires_grad=True)
print(torch.autograd.gradcheck(lambda p, q: torch.tanh(p @ q), (a, b)))
print(torch.autograd.gradcheck(lambda p: torch.softmax(p, dim=1), (a,)))
print(torch.autograd.gradcheck(lambda p, q: torch.nn.functional.mse_loss(p @ q, torch.ones(3, 2, dtype=torch.float64)), (a, b)))

print('# a second derivative: create_graph records the backward pass')
x = torch.tensor(2.0, requires_grad=True)
y = x ** 3
dy, = torch.autograd.grad(y, x, create_graph=True)
print('dy/dx =', dy.detach(), ' requires_grad:', dy.requires_grad)
d2y, = torch.autograd.grad(dy, x)
print('d2y/dx2 =', d2y)
