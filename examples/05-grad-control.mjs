// Controlling gradients: zero_grad between backward passes, no_grad, detach, and
// requires_grad_(false) — the grad-control program of the autograd tutorial, with the
// outputs PyTorch 1.13 really gives (x.grad is -18 after the first backward; a second
// backward through the freed graph raises). Run with `node examples/05-grad-control.mjs`.
import torch from '../js/tensorpad.js';

const py = (x) => (x === null || x === undefined ? 'None' : typeof x === 'boolean' ? (x ? 'True' : 'False') : String(x));
const print = (...xs) => console.log(xs.map(py).join(' '));
const scalar = (v) => torch.tensor(v, { dtype: torch.float32, requires_grad: true });

const x = scalar(2), w = scalar(3), b = scalar(1);
const optimizer = new torch.optim.SGD([x, w, b], { lr: 0.01 });

print('# 1. gradients accumulate until they are zeroed');
optimizer.zero_grad();
print('initial x.grad:', x.grad);
let y = x.mul(w).add(b);
let loss = y.sub(10).pow(2);
print(loss);
loss.backward();
print('after the first backward x.grad:', x.grad);
try {
  loss.backward();
} catch (e) {
  print('second backward:', e.message);
}
y = x.mul(w).add(b);
loss = y.sub(10).pow(2);
loss.backward({ retain_graph: true });
loss.backward();
print('two more backward passes (retain_graph on the first):', x.grad);
optimizer.zero_grad();
print('after optimizer.zero_grad() x.grad:', x.grad);
optimizer.zero_grad({ set_to_none: true });
print('after zero_grad(set_to_none=True) x.grad:', x.grad);

print('# 2. no_grad: nothing is recorded');
const z = torch.no_grad(() => x.mul(2));
print('z.requires_grad:', z.requires_grad, ' z.grad_fn:', z.grad_fn);
print('grad mode inside the block was off; now:', torch.is_grad_enabled());

print('# 3. detach: same storage, no history');
const a = x.mul(w);
const detached = a.detach();
print('a:', a);
print('detached.requires_grad:', detached.requires_grad, ' is_leaf:', detached.is_leaf);
detached.add_(1);
print('after detached.add_(1), a:', a);

print('# 4. requires_grad_(False) stops tracking');
x.requires_grad_(false);
print('x.requires_grad:', x.requires_grad);
try {
  y = x.pow(2);
  y.backward();
} catch (e) {
  print('error:', e.message);
}

print('# one SGD step on w and b');
y = x.mul(w).add(b);
loss = y.sub(10).pow(2);
loss.backward();
print(w.grad, b.grad);
optimizer.step();
print(w, b);
