// tensorpad's column: written against the public contract (/work/shared/contract/API.md),
// never against internals, so it starts working the moment an operator lands. Whatever
// is not there yet is reported as {status: "unavailable", missing} by need()/Missing.
//
// tensorpad is eager: every op has finished when it returns, so nothing needs forcing.
// Tensors are released with dispose() / torch.scope (finalizers never run in a sync loop).
import torch, { Tensor } from '../../js/tensorpad.js';
import { det, checksum, scalars, modelInit, modelData, MODELS, LR, CHECK_STEPS, TINY, CHAIN, need } from '../lib/common.mjs';

export const name = 'tensorpad';

export async function info() {
  return { version: 'worktree', backend: 'wasm (SIMD, 1 thread)', threads: 1 };
}

const T = Tensor.prototype;
/** A float32 tensor of the given shape holding a copy of data. */
const mk = (data, shape) => torch.scope(() => torch.tensor(data).view(shape));

export function make(w, variant) {
  if (variant === 'jit') return null;                      // no jit: one eager column
  switch (w.kind) {
    case 'from_array': {
      const a = det(w.n, 1);
      const run = () => torch.tensor(a).dispose();
      return { run, check: () => { const t = torch.tensor(a); try { return checksum(t.numpy()); } finally { t.dispose(); } } };
    }
    case 'matmul':
    case 'matmul_T': {
      need(T, 'matmul', 'Tensor.matmul');
      const n = w.n, bData = det(n * n, 3);
      const A = mk(det(n * n, 2), [n, n]), B = mk(bData, [n, n]);
      let f;
      if (w.kind === 'matmul_T') {
        f = variant === 'A@B.T' ? () => torch.scope(() => A.matmul(B.T)) : () => torch.scope(() => A.T.matmul(B));
      } else {
        f = variant === 'new_B' ? () => torch.scope(() => A.matmul(mk(bData, [n, n]))) : () => A.matmul(B);
      }
      return {
        run: () => f().dispose(),
        check: () => { const c = f(); try { return checksum(c.numpy()); } finally { c.dispose(); } },
      };
    }
    case 'add':
    case 'bcast_add': {
      need(T, 'add', 'Tensor.add');
      const A = w.kind === 'add' ? mk(det(w.n, 4), [w.n]) : mk(det(w.n * w.n, 4), [w.n, w.n]);
      const B = w.kind === 'add' ? mk(det(w.n, 5), [w.n]) : mk(det(w.n, 5), [w.n]);
      const f = () => A.add(B);
      return { run: () => f().dispose(), check: () => { const c = f(); try { return checksum(c.numpy()); } finally { c.dispose(); } } };
    }
    case 'sum': {
      need(T, 'sum', 'Tensor.sum');
      const A = mk(det(w.n, 6), [w.n]);
      const f = () => { const s = A.sum(); try { return s.item(); } finally { s.dispose(); } };
      const absSum = det(w.n, 6).reduce((acc, v) => acc + Math.abs(v), 0);
      return { run: f, check: () => ({ values: [f()], scale: absSum }) };
    }
    case 'tiny_ops': {
      need(T, 'mul', 'Tensor.mul'); need(T, 'add', 'Tensor.add');
      const x0 = torch.tensor(Float32Array.from(TINY.x0));
      const f = () => torch.scope(() => {
        let x = x0;
        for (let i = 0; i < TINY.iters; i++) x = x.mul(TINY.mul).add(TINY.add);
        return x.tolist();
      });
      return { run: f, check: () => checksum(f()) };
    }
    case 'train': return variant === 'functional' ? functional(w.model) : trainer(w.model);
    case 'scalar_chain': {
      for (const m of ['mul', 'add', 'tanh', 'backward']) need(T, m, `Tensor.${m}`);
      const p = torch.tensor(CHAIN.p, { requires_grad: true }), q = torch.tensor(CHAIN.q, { requires_grad: true });
      const f = () => torch.scope(() => {
        let x = p;
        for (let i = 0; i < CHAIN.ops; i++) x = i % 3 === 0 ? x.mul(p) : i % 3 === 1 ? x.add(q) : x.tanh();
        x.backward();
        const r = [x.item(), p.grad.item(), q.grad.item()];
        p.grad = null; q.grad = null;
        return r;
      });
      return { run: f, check: () => scalars(f()) };
    }
  }
  return null;
}

function trainer(modelName) {
  const m = MODELS[modelName];
  const nn = need(torch, 'nn', 'torch.nn', 'any');
  need(nn, 'Linear', 'torch.nn.Linear'); need(nn, 'Sequential', 'torch.nn.Sequential');
  const Act = need(nn, m.act === 'relu' ? 'ReLU' : 'Tanh', `torch.nn.${m.act === 'relu' ? 'ReLU' : 'Tanh'}`);
  const Loss = need(nn, m.loss === 'mse' ? 'MSELoss' : 'CrossEntropyLoss', `torch.nn.${m.loss === 'mse' ? 'MSELoss' : 'CrossEntropyLoss'}`);
  const SGD = need(need(torch, 'optim', 'torch.optim', 'any'), 'SGD', 'torch.optim.SGD');
  need(torch, 'no_grad', 'torch.no_grad'); need(T, 'backward', 'Tensor.backward'); need(T, 'copy_', 'Tensor.copy_');

  const init = modelInit(modelName), data = modelData(modelName);
  const layers = [];
  init.forEach((l, i) => {
    const lin = new nn.Linear(l.in, l.out);
    torch.no_grad(() => torch.scope(() => {
      lin.weight.copy_(mk(l.w, [l.out, l.in]));
      lin.bias.copy_(mk(l.b, [l.out]));
    }));
    layers.push(lin);
    if (i < init.length - 1) layers.push(new Act());
  });
  const model = new nn.Sequential(...layers);
  const lossFn = new Loss();
  const opt = new SGD(model.parameters(), { lr: LR });
  const x = mk(data.x, [m.batch, m.sizes[0]]);
  const y = m.loss === 'mse' ? mk(data.y, [m.batch, 1]) : torch.tensor(Array.from(data.y));
  const step = () => torch.scope(() => {
    opt.zero_grad();
    const loss = lossFn.forward(model.forward(x), y);
    loss.backward();
    opt.step();
    return loss.item();
  });
  const check = () => {
    const losses = [];
    for (let s = 0; s < CHECK_STEPS; s++) losses.push(step());
    const w = layers[layers.length - 1].weight.detach();
    const wsum = torch.scope(() => w.sum().item());
    w.dispose();
    return scalars([...losses, wsum]);
  };
  return { run: step, check };
}

/** The same step with tensor ops and autograd only, as bench/native/driver.c writes it in C. */
function functional(modelName) {
  const m = MODELS[modelName];
  for (const name of ['matmul', 't', 'add', 'add_', 'mul', 'sub', 'sum', 'mean', 'backward', 'requires_grad_', m.act]) need(T, name, `Tensor.${name}`);
  if (m.loss === 'cross_entropy') need(T, 'log_softmax', 'Tensor.log_softmax');
  need(torch, 'no_grad', 'torch.no_grad');
  const init = modelInit(modelName), data = modelData(modelName);
  const params = init.map((l) => ({ w: mk(l.w, [l.out, l.in]).requires_grad_(), b: mk(l.b, [l.out]).requires_grad_() }));
  const x = mk(data.x, [m.batch, m.sizes[0]]);
  const y = m.loss === 'mse' ? mk(data.y, [m.batch, 1]) : mk(data.onehot, [m.batch, data.classes]);
  const step = () => torch.scope(() => {
    let h = x;
    params.forEach((p, i) => {
      p.w.grad = null; p.b.grad = null;
      h = h.matmul(p.w.t()).add(p.b);                        // (B, out)
      if (i < params.length - 1) h = h[m.act]();
    });
    const loss = m.loss === 'mse' ? h.sub(y).mul(h.sub(y)).mean() : h.log_softmax(1).mul(y).sum().mul(-1 / m.batch);
    loss.backward();
    torch.no_grad(() => { for (const p of params) { p.w.add_(p.w.grad, { alpha: -LR }); p.b.add_(p.b.grad, { alpha: -LR }); } });
    return loss.item();
  });
  const check = () => {
    const losses = [];
    for (let s = 0; s < CHECK_STEPS; s++) losses.push(step());
    return scalars([...losses, torch.scope(() => params[params.length - 1].w.detach().sum().item())]);
  };
  return { run: step, check };
}
