// TensorFlow.js 4.22 on its wasm backend (XNNPACK, SIMD build), one thread.
// In Node the backend never picks its threaded binary (WASM_HAS_MULTITHREAD_SUPPORT is
// false under IS_NODE); setThreadsCount(1) makes the choice explicit and info() reports it.
// The all-in-one @tensorflow/tfjs is needed in Node for gradients (optimizers, tf.grads).
// wasm kernels run synchronously, so a returned tensor is computed; tidy/dispose free it.
import * as tf from '@tensorflow/tfjs';
import { setThreadsCount, getThreadsCount } from '@tensorflow/tfjs-backend-wasm';
import { createRequire } from 'node:module';
import { det, checksum, scalars, transposed, modelInit, modelData, MODELS, LR, CHECK_STEPS, TINY, CHAIN } from '../lib/common.mjs';

export const name = 'tfjs-wasm';

setThreadsCount(1);
await tf.setBackend('wasm');
await tf.ready();

export async function info() {
  const version = createRequire(import.meta.url)('@tensorflow/tfjs-backend-wasm/package.json').version;
  const simd = await tf.env().getAsync('WASM_HAS_SIMD_SUPPORT');
  const mt = await tf.env().getAsync('WASM_HAS_MULTITHREAD_SUPPORT');
  if (tf.getBackend() !== 'wasm') throw new Error(`tfjs backend is ${tf.getBackend()}, not wasm`);
  return { version, backend: `wasm${simd ? ' SIMD' : ''}${mt ? ' threaded' : ''}`, threads: getThreadsCount() };
}

/** An instance's tensors live in one engine scope, closed (and variables freed) at teardown. */
export function make(w, variant) {
  if (variant === 'jit' || variant === 'functional') return null;
  tf.engine().startScope();
  let inst = null;
  try {
    inst = makeInScope(w, variant);
  } finally {
    if (!inst) tf.engine().endScope();
  }
  if (inst) inst.dispose = () => { tf.engine().endScope(); tf.disposeVariables(); };
  return inst;
}

function makeInScope(w, variant) {
  switch (w.kind) {
    case 'from_array': {
      const a = det(w.n, 1);
      return { run: () => tf.tensor1d(a).dispose(), check: () => { const t = tf.tensor1d(a); try { return checksum(t.dataSync()); } finally { t.dispose(); } } };
    }
    case 'matmul':
    case 'matmul_T': {
      const n = w.n, bData = det(n * n, 3);
      const A = tf.tensor2d(det(n * n, 2), [n, n]), B = tf.tensor2d(bData, [n, n]);
      let f;
      if (w.kind === 'matmul_T') f = variant === 'A@B.T' ? () => tf.matMul(A, B, false, true) : () => tf.matMul(A, B, true, false);
      else if (variant === 'new_B') f = () => { const b = tf.tensor2d(bData, [n, n]); const c = tf.matMul(A, b); b.dispose(); return c; };
      else f = () => tf.matMul(A, B);
      return { run: () => f().dispose(), check: () => { const c = f(); try { return checksum(c.dataSync()); } finally { c.dispose(); } } };
    }
    case 'add':
    case 'bcast_add': {
      const A = w.kind === 'add' ? tf.tensor1d(det(w.n, 4)) : tf.tensor2d(det(w.n * w.n, 4), [w.n, w.n]);
      const B = tf.tensor1d(det(w.n, 5));
      const f = () => tf.add(A, B);
      return { run: () => f().dispose(), check: () => { const c = f(); try { return checksum(c.dataSync()); } finally { c.dispose(); } } };
    }
    case 'sum': {
      const a = det(w.n, 6), A = tf.tensor1d(a);
      const absSum = a.reduce((acc, v) => acc + Math.abs(v), 0);
      const f = () => { const s = tf.sum(A); try { return s.dataSync()[0]; } finally { s.dispose(); } };
      return { run: f, check: () => ({ values: [f()], scale: absSum }) };
    }
    case 'tiny_ops': {
      const x0 = tf.tensor1d(TINY.x0);
      const f = () => {
        const r = tf.tidy(() => {
          let x = x0;
          for (let i = 0; i < TINY.iters; i++) x = x.mul(TINY.mul).add(TINY.add);
          return x;
        });
        try { return r.dataSync(); } finally { r.dispose(); }
      };
      return { run: f, check: () => checksum(f()) };
    }
    case 'train': return trainer(w.model);
    case 'scalar_chain': {
      // tfjs has no tape on tensors: tf.valueAndGrads(f) records the chain and runs backward.
      const p = tf.scalar(CHAIN.p), q = tf.scalar(CHAIN.q);
      const vg = tf.valueAndGrads((pp, qq) => {
        let x = pp;
        for (let i = 0; i < CHAIN.ops; i++) x = i % 3 === 0 ? x.mul(pp) : i % 3 === 1 ? x.add(qq) : x.tanh();
        return x;
      });
      const f = () => {
        const out = tf.tidy(() => { const { value, grads } = vg([p, q]); return [value, ...grads]; });
        try { return out.map((t) => t.dataSync()[0]); } finally { out.forEach((t) => t.dispose()); }
      };
      return { run: f, check: () => scalars(f()) };
    }
  }
  return null;
}

function trainer(modelName) {
  const m = MODELS[modelName];
  const init = modelInit(modelName), data = modelData(modelName);
  // tfjs' own layout: kernels [in, out], y = x @ W + b (as tf.layers.dense).
  const params = init.map((l) => ({ w: tf.variable(tf.tensor2d(transposed(l.w, l.out, l.in), [l.in, l.out])), b: tf.variable(tf.tensor1d(l.b)) }));
  const x = tf.tensor2d(data.x, [m.batch, m.sizes[0]]);
  const y = m.loss === 'mse' ? tf.tensor2d(data.y, [m.batch, 1]) : tf.tensor2d(data.onehot, [m.batch, data.classes]);
  const opt = tf.train.sgd(LR);
  const act = m.act === 'relu' ? tf.relu : tf.tanh;
  const lossFn = () => {
    let h = x;
    params.forEach((p, i) => {
      h = tf.add(tf.matMul(h, p.w), p.b);
      if (i < params.length - 1) h = act(h);
    });
    return m.loss === 'mse' ? tf.losses.meanSquaredError(y, h) : tf.losses.softmaxCrossEntropy(y, h);
  };
  const step = () => {
    const loss = opt.minimize(lossFn, true);
    try { return loss.dataSync()[0]; } finally { loss.dispose(); }
  };
  const check = () => {
    const losses = [];
    for (let s = 0; s < CHECK_STEPS; s++) losses.push(step());
    const wsum = tf.tidy(() => tf.sum(params[params.length - 1].w).dataSync()[0]);
    return scalars([...losses, wsum]);
  };
  return { run: step, check };
}
