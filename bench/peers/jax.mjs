// jax-js 0.1.25 on its wasm device (kernels generated at run time), one thread.
// jax-js spreads work over Web Workers only when both SharedArrayBuffer and a global
// `Worker` exist; Node 20 has no global Worker, and info() fails loudly if one appears.
// It is lazy: nothing runs until a result is read, so every timed call ends in
// blockUntilReady() or item()/dataSync(). Ownership: every call consumes its arguments,
// `.ref` keeps an array alive (see its README).
import { numpy as np, nn, init, defaultDevice, valueAndGrad, jit, tree } from '@jax-js/jax';
import { readFileSync } from 'node:fs';
import { det, checksum, scalars, transposed, modelInit, modelData, MODELS, LR, CHECK_STEPS, TINY, CHAIN } from '../lib/common.mjs';

export const name = 'jax-js';

await init('wasm');
defaultDevice('wasm');

export async function info() {
  if (typeof Worker !== 'undefined') throw new Error('a global Worker exists: jax-js would start a thread pool');
  const version = JSON.parse(readFileSync(new URL('../node_modules/@jax-js/jax/package.json', import.meta.url))).version;
  return { version, backend: `${defaultDevice()} (no worker pool)`, threads: 1 };
}

// Arrays an instance holds for its whole life, disposed at teardown (jax-js frees by refcount).
let owned = [];
const arr = (data, shape) => np.array(data, { shape });
const own = (a) => (owned.push(a), a);
const freeOwned = () => { for (const a of owned.splice(0)) if (a.refCount > 0) a.dispose(); };

export function make(w, variant) {
  if (variant === 'functional' || (variant === 'jit' && w.kind !== 'train' && w.kind !== 'scalar_chain')) return null;
  freeOwned();
  const inst = makeOwned(w, variant);
  if (inst) inst.dispose = freeOwned;
  return inst;
}

function makeOwned(w, variant) {
  switch (w.kind) {
    case 'from_array': {
      const a = det(w.n, 1);
      return {
        run: async () => { const t = arr(a, [w.n]); await t.blockUntilReady(); t.dispose(); },
        check: () => checksum(arr(a, [w.n]).dataSync()),
      };
    }
    case 'matmul':
    case 'matmul_T': {
      const n = w.n, bData = det(n * n, 3);
      const A = own(arr(det(n * n, 2), [n, n])), B = own(arr(bData, [n, n]));
      let f;
      if (w.kind === 'matmul_T') f = variant === 'A@B.T' ? () => np.matmul(A.ref, B.ref.transpose()) : () => np.matmul(A.ref.transpose(), B.ref);
      else if (variant === 'new_B') f = () => np.matmul(A.ref, arr(bData, [n, n]));
      else f = () => np.matmul(A.ref, B.ref);
      return { run: async () => { const c = f(); await c.blockUntilReady(); c.dispose(); }, check: () => checksum(f().dataSync()) };
    }
    case 'add':
    case 'bcast_add': {
      const A = own(w.kind === 'add' ? arr(det(w.n, 4), [w.n]) : arr(det(w.n * w.n, 4), [w.n, w.n]));
      const B = own(arr(det(w.n, 5), [w.n]));
      const f = () => np.add(A.ref, B.ref);
      return { run: async () => { const c = f(); await c.blockUntilReady(); c.dispose(); }, check: () => checksum(f().dataSync()) };
    }
    case 'sum': {
      const a = det(w.n, 6), A = own(arr(a, [w.n]));
      const absSum = a.reduce((acc, v) => acc + Math.abs(v), 0);
      const f = () => np.sum(A.ref).item();
      return { run: f, check: () => ({ values: [f()], scale: absSum }) };
    }
    case 'tiny_ops': {
      const x0 = own(arr(Float32Array.from(TINY.x0), [4]));
      // Forced every iteration: left lazy, its graph of 10,000 ops takes > 10 s to run.
      const f = async () => {
        let x = x0.ref;
        for (let i = 0; i < TINY.iters; i++) {
          x = x.mul(TINY.mul).add(TINY.add);
          await x.blockUntilReady();
        }
        return x.dataSync();
      };
      return { run: f, check: async () => checksum(await f()) };
    }
    case 'train': return trainer(w.model, variant);
    case 'scalar_chain': {
      const chain = (p, q) => {
        let x = p.ref;
        for (let i = 0; i < CHAIN.ops; i++) x = i % 3 === 0 ? x.mul(p.ref) : i % 3 === 1 ? x.add(q.ref) : np.tanh(x);
        p.dispose(); q.dispose();
        return x;
      };
      const vg = valueAndGrad(chain, { argnums: [0, 1] });
      const g = variant === 'jit' ? jit(vg) : vg;
      const P = own(np.array(CHAIN.p)), Q = own(np.array(CHAIN.q));
      const f = () => { const [v, [gp, gq]] = g(P.ref, Q.ref); return [v.item(), gp.item(), gq.item()]; };
      return { run: f, check: () => scalars(f()) };
    }
  }
  return null;
}

function trainer(modelName, variant) {
  const m = MODELS[modelName];
  const init0 = modelInit(modelName), data = modelData(modelName);
  // jax's own layout: W [in, out], y = x @ W + b.
  let params = init0.map((l) => ({ w: arr(transposed(l.w, l.out, l.in), [l.in, l.out]), b: arr(l.b, [l.out]) }));
  const x = own(arr(data.x, [m.batch, m.sizes[0]]));
  const y = own(m.loss === 'mse' ? arr(data.y, [m.batch, 1]) : arr(data.onehot, [m.batch, data.classes]));
  const act = m.act === 'relu' ? nn.relu : np.tanh;
  const lossFn = (p, xx, yy) => {
    let h = xx;
    p.forEach((l, i) => {
      h = np.matmul(h, l.w).add(l.b);
      if (i < p.length - 1) h = act(h);
    });
    if (m.loss === 'mse') return np.mean(np.square(h.sub(yy)));
    return np.sum(yy.mul(nn.logSoftmax(h, -1))).mul(-1 / m.batch);
  };
  const update = (p, xx, yy) => {
    const [loss, grads] = valueAndGrad(lossFn)(tree.ref(p), xx, yy);
    return [loss, tree.map((pp, g) => pp.sub(g.mul(LR)), p, grads)];
  };
  const stepFn = variant === 'jit' ? jit(update) : update;
  const step = async () => {
    const [loss, next] = stepFn(params, x.ref, y.ref);
    params = next;
    const l = loss.item();
    await Promise.all(params.map((l2) => Promise.all([l2.w.blockUntilReady(), l2.b.blockUntilReady()])));
    return l;
  };
  const check = async () => {
    const losses = [];
    for (let s = 0; s < CHECK_STEPS; s++) losses.push(await step());
    return scalars([...losses, np.sum(params[params.length - 1].w.ref).item()]);
  };
  owned.push({ get refCount() { return 1; }, dispose: () => tree.dispose(params) });
  return { run: step, check };
}
