// Autograd: backward on a scalar, the chain rule, torch.autograd.grad, gradients of
// non-scalar outputs, and what happens when you backward twice through one graph.
// Run with `node examples/04-autograd.mjs`; it prints what PyTorch 1.13 prints for the same
// program (examples/04-autograd.py, run by tests/fixtures/gen_examples.py).
import torch from '../js/tensorpad.js';

// Python's print: True/False/None, tensors as their repr.
const py = (x) => (x === null || x === undefined ? 'None' : typeof x === 'boolean' ? (x ? 'True' : 'False') : String(x));
const print = (...xs) => console.log(xs.map(py).join(' '));
// JS numbers that are whole count as Python ints, so float scalars say their dtype.
const scalar = (v) => torch.tensor(v, { dtype: torch.float32, requires_grad: true });

print('# backward on a scalar: y = x^2');
let x = scalar(2);
print(x);
let y = x.pow(2);
print(y);
y.backward();
print(x.grad);

print('# chain rule: z = sin(x^3 + 2x + 1)');
x = scalar(2);
y = x.pow(3).add(x.mul(2)).add(1);
const z = torch.sin(y);
print(y);
print(z);
z.backward();
print(x.grad);
print('cos(y) * (3x^2 + 2) =', torch.cos(y.detach()).mul(x.detach().pow(2).mul(3).add(2)));
print('z.grad_fn:', z.grad_fn?.name());
for (const [fn, i] of z.grad_fn?.next_functions ?? []) print('  next:', fn ? fn.name() : null, i);
print('x is a leaf:', x.is_leaf, ' y is a leaf:', y.is_leaf);

print('# torch.autograd.grad returns the gradients and leaves .grad alone');
const u = scalar(1), v = scalar(2);
const f = u.pow(2).add(v.mul(3));
const grads = torch.autograd.grad(f, [u, v]);
print(grads);
print(u.grad, v.grad);

print('# non-scalar outputs need a gradient');
x = torch.tensor([1, 2, 3], { dtype: torch.float32, requires_grad: true });
y = x.mul(x);
try {
  y.backward();
} catch (e) {
  print('RuntimeError:', e.message);
}
y.backward(torch.tensor([1.0, 0.1, 0.01]));
print(x.grad);

print('# backward twice through the same graph');
const a = torch.tensor([0.5, 1.5], { requires_grad: true });
const b = a.mul(a).sum();
b.backward();
print(a.grad);
try {
  b.backward();
} catch (e) {
  print('RuntimeError:', e.message);
}

print('# retain_graph keeps it for a second pass; gradients accumulate');
a.grad = null;
const c = a.mul(a).sum();
c.backward({ retain_graph: true });
print(a.grad);
c.backward();
print(a.grad);
