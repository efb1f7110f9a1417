// Operations: broadcasting arithmetic, reductions along a dim, max with indices, exp, and
// the shape operations (view, reshape, clone, transpose, unsqueeze, squeeze) from the
// tensor-basics tutorial. Run with `node examples/03-operations.mjs`; it prints what
// PyTorch 1.13 prints for the same program (the Python twin is examples/03-operations.py,
// run by tests/fixtures/gen_examples.py).
import torch from '../js/tensorpad.js';

const print = (...xs) => console.log(xs.map(String).join(' '));

print('# Arithmetic and broadcasting');
const x = torch.tensor([[1, 2], [3, 4]]);
const y = torch.tensor([[5], [6]]);
print(x);
print(y);
const add = x.add(y);            // Python: x + y, broadcast [2, 1] against [2, 2]
const mul = x.mul(2);            // Python: x * 2
print(add);
print(mul);
print(x.div(2));                 // true division: int64 / int -> float32
print(x.sub(y).pow(2));
print(x.float().mul(torch.tensor([0.5, -1.5])));

print('# Reductions');
const sum_x = torch.sum(x, { dim: 0 });   // Python: torch.sum(x, dim=0)
const [max_val, max_idx] = torch.max(x, { dim: 1 });
const exp_x = torch.exp(x);
print(sum_x);
print(max_val, max_idx);
print(exp_x);
print(torch.max(x, 1));
const f = torch.tensor([[0.5, -1.25, 2.0], [3.5, 0.25, -2.0]]);
print(f.sum(), f.mean(1), f.sum(-1, { keepdim: true }));
print(f.std(0), f.var({ dim: 1, unbiased: false }));
print(f.argmax(), f.argmin(1), f.amax(0));
print(f.norm(), f.softmax(1));
print(f.cumsum(1), f.prod(0));

print('# Shapes and memory');
const z = torch.arange(12);
print(z);
const z_view = z.view(3, 4);     // no copy: shares z's storage
print(z_view);
const z_reshape = z.reshape(2, 6);
print(z_reshape);
const z_clone = z.clone();       // an explicit copy
const z_transpose = z_view.T;    // shares data
print(z_clone);
print(z_transpose);
print(`原始形状：${z.shape}`);
const unsqueezed = z.unsqueeze(0);
print(`增加维度后的形状：${unsqueezed.shape}`);
print(unsqueezed);
const squeezed = unsqueezed.squeeze(0);
print(`压缩维度后的形状：${squeezed.shape}`);

print('# In place through a view');
z_view.index(0).mul_(10);        // Python: z_view[0] *= 10
print(z);
print(z_transpose.add(1).sum(0));
