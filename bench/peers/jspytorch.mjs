// js-pytorch 0.7.2: pure JS, float64 values in nested arrays, eager, one thread by nature.
// Its package points `import` at a dist/index.mjs it does not ship, so it is loaded with
// require(). Gaps filled the way a user would, with the library's own op pattern:
// - no tanh: a Tanh op class shaped like its Exp (forward + backward, graph links);
// - nn.ReLU is leaky (slope 1e-3): the same mask-multiply with slope 0, so results match;
// - no optim.SGD: the update its Adam uses (`p._data = p.add(update)._data`) with lr * grad;
// - its MSELoss divides by the batch twice: the mean of the squared error, written with its ops.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { det, checksum, scalars, flatten, transposed, modelInit, modelData, MODELS, LR, CHECK_STEPS, TINY, CHAIN } from '../lib/common.mjs';

const require = createRequire(import.meta.url);
const { torch } = require('js-pytorch');
const { Tensor } = torch;

export const name = 'js-pytorch';

export async function info() {
  return { version: JSON.parse(readFileSync(new URL('../node_modules/js-pytorch/package.json', import.meta.url))).version, backend: 'pure JS (float64 nested arrays)', threads: 1 };
}

/** Nested arrays of a row-major Float32Array (js-pytorch's storage format). */
function nested(data, shape) {
  if (shape.length === 1) return Array.from(data);
  const [rows, cols] = shape, out = new Array(rows);
  for (let r = 0; r < rows; r++) out[r] = Array.from(data.subarray(r * cols, (r + 1) * cols));
  return out;
}
const mapNested = (x, f) => (Array.isArray(x) ? x.map((e) => mapNested(e, f)) : f(x));
const zipNested = (x, y, f) => (Array.isArray(x) ? x.map((e, i) => zipNested(e, y[i], f)) : f(x, y));

class Tanh {
  forward(a) {
    const z = new Tensor(mapNested(a._data, Math.tanh), a.requires_grad);
    this.cache = z;
    if (a.requires_grad) {
      z.parents.push(a);
      a.children.push(z);
      z.operation = this;
      this.a = a;
    }
    return z;
  }
  backward(dz, z) {
    if (this.a?.requires_grad) this.a.backward(new Tensor(zipNested(dz.data, this.cache.data, (g, t) => g * (1 - t * t))), z);
  }
}
const tanh = (x) => new Tanh().forward(x);
const relu = (x) => x.mul(new Tensor(mapNested(x._data, (v) => (v > 0 ? 1 : 0))));

export function make(w, variant) {
  if (variant === 'jit' || variant === 'functional') return null;
  switch (w.kind) {
    case 'from_array': {
      const a = det(w.n, 1);
      const f = () => torch.tensor(Array.from(a));
      return { run: f, check: () => checksum(f().data) };
    }
    case 'matmul':
    case 'matmul_T': {
      const n = w.n, bNested = nested(det(n * n, 3), [n, n]);
      const A = torch.tensor(nested(det(n * n, 2), [n, n])), B = torch.tensor(bNested);
      let f;
      if (w.kind === 'matmul_T') f = variant === 'A@B.T' ? () => A.matmul(B.transpose(0, 1)) : () => A.transpose(0, 1).matmul(B);
      else if (variant === 'new_B') f = () => A.matmul(torch.tensor(bNested));
      else f = () => A.matmul(B);
      return { run: f, check: () => checksum(flatten(f().data)) };
    }
    case 'add':
    case 'bcast_add': {
      const A = torch.tensor(w.kind === 'add' ? nested(det(w.n, 4), [w.n]) : nested(det(w.n * w.n, 4), [w.n, w.n]));
      const B = torch.tensor(nested(det(w.n, 5), [w.n]));
      const f = () => A.add(B);
      return { run: f, check: () => checksum(flatten(f().data)) };
    }
    case 'sum': {
      const a = det(w.n, 6), A = torch.tensor(Array.from(a));
      const absSum = a.reduce((acc, v) => acc + Math.abs(v), 0);
      const f = () => A.sum().data[0];
      return { run: f, check: () => ({ values: [f()], scale: absSum }) };
    }
    case 'tiny_ops': {
      const x0 = torch.tensor(TINY.x0);
      const f = () => {
        let x = x0;
        for (let i = 0; i < TINY.iters; i++) x = x.mul(TINY.mul).add(TINY.add);
        return x.data;
      };
      return { run: f, check: () => checksum(f()) };
    }
    case 'train': return trainer(w.model);
    case 'scalar_chain': {
      const p = torch.tensor([CHAIN.p], true), q = torch.tensor([CHAIN.q], true);
      const f = () => {
        p.zero_grad(); q.zero_grad();
        let x = p;
        for (let i = 0; i < CHAIN.ops; i++) x = i % 3 === 0 ? x.mul(p) : i % 3 === 1 ? x.add(q) : tanh(x);
        x.backward();
        return [x.data[0], p.grad[0], q.grad[0]];
      };
      return { run: f, check: () => scalars(f()) };
    }
  }
  return null;
}

function trainer(modelName) {
  const m = MODELS[modelName];
  const init = modelInit(modelName), data = modelData(modelName);
  const layers = init.map((l) => {
    const lin = new torch.nn.Linear(l.in, l.out);
    lin.W._data = nested(transposed(l.w, l.out, l.in), [l.in, l.out]);   // its layout: [in, out]
    lin.b._data = Array.from(l.b);
    return lin;
  });
  const params = layers.flatMap((l) => [l.W, l.b]);
  const x = torch.tensor(nested(data.x, [m.batch, m.sizes[0]]));
  const y = m.loss === 'mse' ? torch.tensor(nested(data.y, [m.batch, 1])) : torch.tensor(Array.from(data.y));
  const ce = new torch.nn.CrossEntropyLoss();
  const lossFn = m.loss === 'mse' ? { forward: (h, t) => { const d = h.sub(t); return d.mul(d).mean(-1).mean(-1); } } : ce;
  const act = m.act === 'relu' ? relu : tanh;
  const step = () => {
    for (const p of params) p.zero_grad();
    let h = x;
    layers.forEach((l, i) => {
      h = l.forward(h);
      if (i < layers.length - 1) h = act(h);
    });
    const loss = lossFn.forward(h, y);
    loss.backward();
    for (const p of params) p._data = p.add(p._grad.mul(-LR))._data;
    return loss.data[0];
  };
  const check = () => {
    const losses = [];
    for (let s = 0; s < CHECK_STEPS; s++) losses.push(step());
    return scalars([...losses, flatten(layers[layers.length - 1].W.data).reduce((a, b) => a + b, 0)]);
  };
  return { run: step, check };
}
