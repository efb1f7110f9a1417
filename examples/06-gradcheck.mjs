// Checking gradients: the tutorial's hand-made central difference, then
// torch.autograd.gradcheck on float64 inputs (a scalar function, multi-dimensional and
// several inputs), and a second derivative through
// create_graph. Run with `node examples/06-gradcheck.mjs`; it prints what PyTorch 1.13 prints.
import torch from '../js/tensorpad.js';

const py = (x) => (x === null || x === undefined ? 'None' : typeof x === 'boolean' ? (x ? 'True' : 'False') : String(x));
const print = (...xs) => console.log(xs.map(py).join(' '));
const f64 = { dtype: torch.float64, requires_grad: true };

print('# the tutorial check: analytic gradient vs a central difference');
let x = torch.tensor(3, { dtype: torch.float32, requires_grad: true });
let y = x.pow(2);
y.backward();
const analytic_grad = x.grad?.item() ?? NaN;   // .grad is null until a backward reaches x
const eps = 1e-5;
const y1 = (x.item() + eps) ** 2;
const y2 = (x.item() - eps) ** 2;
const numeric_grad = (y1 - y2) / (2 * eps);
print(`analytic: ${analytic_grad.toFixed(6)}, numeric: ${numeric_grad.toFixed(6)}`);
print('agree to 1e-6:', Math.abs(analytic_grad - numeric_grad) < 1e-6);

print('# torch.autograd.gradcheck: a scalar function of a vector (float64)');
x = torch.tensor([0.5, -1.25, 2.0], f64);
print(torch.autograd.gradcheck((t) => t.pow(3).sum(), [x]));

print('# multi-dimensional inputs, several of them');
torch.manual_seed(0);
const a = torch.randn(3, 4, f64);
const b = torch.randn(4, 2, f64);
print(torch.autograd.gradcheck((p, q) => torch.tanh(p.matmul(q)), [a, b]));
print(torch.autograd.gradcheck((p) => torch.softmax(p, 1), [a]));
print(torch.autograd.gradcheck((p, q) => torch.nn.functional.mse_loss(p.matmul(q), torch.ones(3, 2, { dtype: torch.float64 })), [a, b]));

print('# a second derivative: create_graph records the backward pass');
x = torch.tensor(2, { dtype: torch.float32, requires_grad: true });
y = x.pow(3);
const [dy] = torch.autograd.grad(y, x, { create_graph: true });
print('dy/dx =', dy.detach(), ' requires_grad:', dy.requires_grad);
const [d2y] = torch.autograd.grad(dy, x);
print('d2y/dx2 =', d2y);
