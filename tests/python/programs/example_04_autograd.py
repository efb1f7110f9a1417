# The Python twin of examples/04-autograd.mjs, written by tests/fixtures/gen_python_programs.py
# from EXAMPLES in tests/fixtures/gen_examples_autograd.py: edit it there.
import torch
print('# backward on a scalar: y = x^2')
x = torch.tensor(2.0, requires_grad=True)
print(x)
y = x ** 2
print(y)
y.backward()
print(x.grad)

print('# chain rule: z = sin(x^3 + 2x + 1)')
x = torch.tensor(2.0, requires_grad=True)
y = x ** 3 + 2 * x + 1
z = torch.sin(y)
print(y)
print(z)
z.backward()
print(x.grad)
print('cos(y) * (3x^2 + 2) =', torch.cos(y.detach()) * (3 * x.detach() ** 2 + 2))
print('z.grad_fn:', z.grad_fn.name())
for fn, i in z.grad_fn.next_functions:
    print('  next:', fn.name() if fn is not None else None, i)
print('x is a leaf:', x.is_leaf, ' y is a leaf:', y.is_leaf)

print('# torch.autograd.grad returns the gradients and leaves .grad alone')
u = torch.tensor(1.0, requires_grad=True)
v = torch.tensor(2.0, requires_grad=True)
f = u ** 2 + 3 * v
grads = torch.autograd.grad(f, [u, v])
print(grads)
print(u.grad, v.grad)

print('# non-scalar outputs need a gradient')
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * x
try:
    y.backward()
except RuntimeError as e:
    print('RuntimeError:', e)
y.backward(torch.tensor([1.0, 0.1, 0.01]))
print(x.grad)

print('# backward twice through the same graph')
a = torch.tensor([0.5, 1.5], requires_grad=True)
b = (a * a).sum()
b.backward()
print(a.grad)
try:
    b.backward()
except RuntimeError as e:
    print('RuntimeError:', e)

print('# retain_graph keeps it for a second pass; gradients accumulate')
a.grad = None
c = (a * a).sum()
c.backward(retain_graph=True)
print(a.grad)
c.backward()
print(a.grad)
