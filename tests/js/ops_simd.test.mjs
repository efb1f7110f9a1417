// The wasm SIMD paths against the scalar strided paths: the same op on a contiguous
// float32 tensor (SIMD body plus scalar tail) and on a non-contiguous copy of it (a column
// of a wider tensor, which only the strided loop can walk). Sizes straddle the vector
// widths: 1, 3, 17, 255, 257. Elementwise results must agree bit for bit; sums (the SIMD
// sum adds in another order) within a tight relative tolerance.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import torch from '../../js/tensorpad.js';

const SIZES = [1, 3, 17, 255, 257];

/** Contiguous x and a strided view with the same values (every other element of a wider tensor). */
function pair(n, seed, { nan = false } = {}) {
  torch.manual_seed(seed);
  const x = torch.randn(n).mul(3);
  if (nan && n > 2) x.index_put_([1], NaN);
  const wide = torch.zeros(n, 2);
  wide.index(':', 0).copy_(x);
  const s = wide.index(':', 0);
  assert.equal(s.is_contiguous(), n === 1);
  return [x, s];
}

function same(a, b, what) {
  assert.deepEqual(Array.from(a.shape), Array.from(b.shape), `${what}: shape`);
  const x = a.contiguous().numpy(), y = b.contiguous().numpy();
  for (let i = 0; i < x.length; i++) {
    if (!(Object.is(x[i], y[i]) || (Number.isNaN(x[i]) && Number.isNaN(y[i])) || x[i] === y[i])) {
      assert.fail(`${what}: element ${i}: ${x[i]} (contiguous) vs ${y[i]} (strided)`);
    }
  }
}

test('binary float32: contiguous (SIMD) equals strided (scalar)', () => {
  for (const n of SIZES) {
    const [a, as] = pair(n, n, { nan: true }), [b, bs] = pair(n, n + 1000);
    for (const op of ['add', 'sub', 'mul', 'div', 'maximum', 'minimum']) {
      same(a[op](b), as[op](bs), `${op} n=${n}`);
      same(a[op](b.index(0)), as[op](bs.index(0)), `${op} 0-d broadcast n=${n}`);   // b stride 0
      same(b.index(0)[op](a), bs.index(0)[op](as), `${op} 0-d first n=${n}`);       // a stride 0
      if (op !== 'maximum' && op !== 'minimum') same(a[op](1.75), as[op](1.75), `${op} scalar n=${n}`);
    }
    same(a.add(b, { alpha: 2 }), as.add(bs, { alpha: 2 }), `add alpha n=${n}`);
  }
});

test('broadcast rows: [m, n] + [n] matches a strided copy', () => {
  for (const n of SIZES) {
    torch.manual_seed(n);
    const m = torch.randn(5, n), row = torch.randn(n);
    const mt = m.t().contiguous().t();                          // same values, column-major
    same(m.add(row), mt.add(row), `bcast add n=${n}`);
    same(m.mul(row.unsqueeze(0)), mt.mul(row), `bcast mul n=${n}`);
    same(m.sub(m.index(':', '0:1')), mt.sub(mt.index(':', '0:1')), `column broadcast n=${n}`);
  }
});

test('unary float32: contiguous (SIMD) equals strided (scalar)', () => {
  for (const n of SIZES) {
    const [x, xs] = pair(n, n + 7, { nan: true });
    // (not sigmoid: PyTorch itself takes libm's exp on strided inputs and Sleef's on contiguous)
    for (const op of ['neg', 'abs', 'sqrt', 'relu', 'square', 'floor', 'ceil', 'trunc', 'round', 'exp', 'tanh']) {
      same(x[op](), xs[op](), `${op} n=${n}`);
    }
  }
});

test('in-place float32 ops take the same paths', () => {
  for (const n of SIZES) {
    const [x, xs] = pair(n, n + 11), [y, ys] = pair(n, n + 12);
    same(x.clone().mul_(y), xs.clone().mul_(ys), `mul_ n=${n}`);
    const a = x.clone(), w = torch.zeros(n, 2), b = w.index(':', 1);
    b.copy_(x);
    a.add_(y); b.add_(ys);
    same(a, b, `add_ into a view n=${n}`);
  }
});

test('sum float32: SIMD accumulators agree with the strided sum', () => {
  for (const n of [...SIZES, 4096, 100003]) {
    torch.manual_seed(n);
    const x = torch.randn(n);
    const wide = torch.zeros(n, 2);
    wide.index(':', 1).copy_(x);
    const a = x.sum().item(), b = wide.index(':', 1).sum().item(), ref = x.double().sum().item();
    assert.ok(Math.abs(a - ref) <= 1e-5 * (1 + Math.abs(ref)) + 1e-6 * Math.sqrt(n), `sum n=${n}: ${a} vs ${ref}`);
    assert.ok(Math.abs(b - ref) <= 1e-4 * (1 + Math.abs(ref)) + 1e-6 * Math.sqrt(n), `strided sum n=${n}: ${b} vs ${ref}`);
    const m = torch.randn(7, n);
    const r1 = m.sum(1), r2 = m.t().contiguous().t().sum(1), r0 = m.sum(0), r3 = m.t().contiguous().t().sum(0);
    const d1 = r1.sub(r2).abs().max().item(), d0 = r0.sub(r3).abs().max().item();
    assert.ok(d1 <= 1e-4 * Math.sqrt(n) && d0 <= 1e-5, `sum(dim) n=${n}: ${d1} ${d0}`);
  }
});
