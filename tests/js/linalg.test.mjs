// The wasm SIMD matrix products against a naive reference computed here in JS (test code),
// on the edge shapes of the GEMM's blocking (1, 3, 17, 255, 257) with contiguous,
// transposed, sliced and broadcast operands; then the op forms, keyword arguments,
// argument errors and that failed calls leak nothing. PyTorch's own values and messages
// are checked by tests/fixtures/linalg.json.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import torch from '../../js/tensorpad.js';
import { W } from '../../js/core/wasm.js';

const SIZES = [1, 3, 17, 255, 257];

/** A [rows, cols] float32 tensor (seeded randn) in a given layout, as a view. */
function operand(rows, cols, layout, dtype = torch.float32) {
  const make = (...s) => (dtype === torch.float32 || dtype === torch.float64 ? torch.randn(...s, { dtype }) : torch.randint(-9, 10, s, { dtype }));
  if (layout === 'plain') return make(rows, cols);
  if (layout === 'T') return make(cols, rows).t();
  if (layout === 'sliced') return make(rows * 2, cols * 3).index('::2', '1::3');
  if (layout === 'bcast') return make(1, cols).expand(rows, cols);
  throw new Error(layout);
}

/** Naive product of two nested arrays; also the sum of |terms| for a tolerance. */
function reference(a, b) {
  const M = a.length, K = b.length, N = K ? b[0].length : 0;
  const out = [], mag = [];
  for (let i = 0; i < M; i++) {
    const row = new Array(N).fill(0), m = new Array(N).fill(0);
    for (let k = 0; k < K; k++) {
      const x = a[i][k], bk = b[k];
      for (let j = 0; j < N; j++) { row[j] += x * bk[j]; m[j] += Math.abs(x * bk[j]); }
    }
    out.push(row);
    mag.push(m);
  }
  return { out, mag };
}

function assertProduct(got, a, b, what, exact = false) {
  const { out, mag } = reference(a, b);
  assert.equal(got.length, out.length, `${what}: rows`);
  let worst = 0;
  for (let i = 0; i < out.length; i++) {
    for (let j = 0; j < out[i].length; j++) {
      const e = Math.abs(Number(got[i][j]) - out[i][j]) / (mag[i][j] + 1);
      if (!(e <= worst)) worst = e;
    }
  }
  assert.ok(exact ? worst === 0 : worst < 1e-6, `${what}: relative error ${worst}`);
}

test('mm float32 on edge shapes and layouts matches a naive product', () => {
  torch.manual_seed(1);
  const layouts = ['plain', 'T', 'sliced', 'bcast'];
  let n = 0;
  for (const M of SIZES) for (const N of SIZES) for (const K of SIZES) {
    if (M * N * K > 2e6 && (M !== 257 || N !== 257 || K !== 257)) continue;
    const la = layouts[n % 4], lb = layouts[(n >> 2) % 4];
    n++;
    torch.scope(() => {
      const a = operand(M, K, la), b = operand(K, N, lb);
      const c = torch.mm(a, b);
      assert.deepEqual([...c.shape], [M, N]);
      assertProduct(c.tolist(), a.tolist(), b.tolist(), `mm ${M}x${K}(${la}) @ ${K}x${N}(${lb})`);
    });
  }
  assert.ok(n > 60);
});

test('N across several column blocks (NC = 2048) and K across several KC blocks', () => {
  torch.manual_seed(6);
  for (const [M, N, K, la, lb] of [[5, 2100, 3, 'plain', 'T'], [9, 4097, 2, 'sliced', 'plain'], [6, 9, 1100, 'T', 'sliced']]) {
    torch.scope(() => {
      const a = operand(M, K, la), b = operand(K, N, lb);
      assertProduct(torch.mm(a, b).tolist(), a.tolist(), b.tolist(), `mm ${M}x${K}(${la}) @ ${K}x${N}(${lb})`);
    });
  }
});

test('A @ B.T and A.T @ B (the backward shapes) match a naive product', () => {
  torch.manual_seed(2);
  for (const [M, N, K] of [[257, 255, 17], [64, 64, 600], [3, 257, 257], [130, 9, 300]]) {
    torch.scope(() => {
      const a = torch.randn(M, K), bt = torch.randn(N, K), at = torch.randn(K, M), b = torch.randn(K, N);
      assertProduct(a.matmul(bt.t()).tolist(), a.tolist(), bt.t().tolist(), `A@B.T ${M},${N},${K}`);
      assertProduct(at.t().matmul(b).tolist(), at.t().tolist(), b.tolist(), `A.T@B ${M},${N},${K}`);
      assertProduct(at.t().matmul(bt.t()).tolist(), at.t().tolist(), bt.t().tolist(), `A.T@B.T ${M},${N},${K}`);
    });
  }
});

test('float64, int64 and int32 products match a naive product exactly or closely', () => {
  torch.manual_seed(3);
  for (const dtype of [torch.float64, torch.int64, torch.int32]) {
    for (const [M, N, K] of [[1, 1, 1], [3, 17, 5], [17, 3, 255], [33, 9, 257]]) {
      for (const [la, lb] of [['plain', 'plain'], ['T', 'sliced'], ['sliced', 'T'], ['bcast', 'plain']]) {
        torch.scope(() => {
          const a = operand(M, K, la, dtype), b = operand(K, N, lb, dtype);
          const c = torch.mm(a, b);
          assert.equal(c.dtype, dtype);
          assertProduct(c.tolist(), a.tolist(), b.tolist(), `${dtype} ${M},${N},${K} ${la},${lb}`, dtype !== torch.float64);
        });
      }
    }
  }
});

test('mv, dot and the 1-D matmul forms on strided vectors', () => {
  torch.manual_seed(4);
  for (const M of SIZES) for (const K of SIZES) {
    torch.scope(() => {
      for (const la of ['plain', 'T', 'sliced']) {
        const a = operand(M, K, la), v = torch.randn(K * 2).index('::2');
        const y = torch.mv(a, v);
        assertProduct(y.tolist().map((x) => [x]), a.tolist(), v.tolist().map((x) => [x]), `mv ${M}x${K} ${la}`);
        const z = v.matmul(a.t());  // 1-D @ 2-D
        assertProduct(z.tolist().map((x) => [x]), a.tolist(), v.tolist().map((x) => [x]), `vec@mat ${M}x${K} ${la}`);
      }
      const x = torch.randn(K), w = torch.randn(3 * K).index('::3');
      assertProduct([[x.dot(w).item()]], [x.tolist()], w.tolist().map((t) => [t]), `dot ${K}`);
    });
  }
});

test('batched matmul with broadcast batch dims matches per-batch products', () => {
  torch.manual_seed(5);
  const cases = [
    [[2, 3, 17, 5], [5, 9]],          // folded into one GEMM
    [[3, 1, 4, 6], [2, 6, 7]],        // broadcast both ways
    [[17, 5], [2, 3, 5, 4]],          // 2-D @ N-D
    [[5], [4, 5, 3]],                 // 1-D @ N-D
    [[4, 3, 5], [5]],                 // N-D @ 1-D
  ];
  for (const [sa, sb] of cases) {
    torch.scope(() => {
      const a = torch.randn(sa), b = torch.randn(sb);
      const c = torch.matmul(a, b);
      const A = a.ndim === 1 ? a.unsqueeze(0) : a, B = b.ndim === 1 ? b.unsqueeze(-1) : b;
      // The broadcast batch shape, then one reference product per batch entry.
      const nb = Math.max(A.ndim, B.ndim) - 2;
      const bshape = [];
      for (let d = 0; d < nb; d++) {
        const x = A.shape[d - (nb - (A.ndim - 2))] ?? 1, y = B.shape[d - (nb - (B.ndim - 2))] ?? 1;
        bshape.push(Math.max(x, y));
      }
      const Ae = A.expand(...bshape, A.shape[A.ndim - 2], A.shape[A.ndim - 1]).reshape(-1, A.shape[A.ndim - 2], A.shape[A.ndim - 1]);
      const Be = B.expand(...bshape, B.shape[B.ndim - 2], B.shape[B.ndim - 1]).reshape(-1, B.shape[B.ndim - 2], B.shape[B.ndim - 1]);
      const C = c.reshape(Ae.shape[0], Ae.shape[1], Be.shape[2]).tolist();
      const al = Ae.tolist(), bl = Be.tolist();
      for (let i = 0; i < al.length; i++) assertProduct(C[i], al[i], bl[i], `matmul ${sa} @ ${sb} batch ${i}`);
    });
  }
});

test('addmm on edge shapes matches beta·input + alpha·A·B', () => {
  torch.manual_seed(7);
  for (const [M, N, K] of [[1, 1, 1], [17, 3, 257], [255, 17, 3], [64, 257, 100]]) {
    for (const [beta, alpha] of [[1, 1], [0.5, 2], [0, 1]]) {
      torch.scope(() => {
        const bias = torch.randn(N), a = operand(M, K, 'sliced'), b = operand(K, N, 'T');
        const got = torch.addmm(bias, a, b, { beta, alpha }).tolist();
        const { out, mag } = reference(a.tolist(), b.tolist());
        const bl = bias.tolist();
        let worst = 0;
        for (let i = 0; i < M; i++) for (let j = 0; j < N; j++) {
          const want = beta * bl[j] + alpha * out[i][j];
          const e = Math.abs(got[i][j] - want) / (Math.abs(alpha) * mag[i][j] + Math.abs(beta * bl[j]) + 1);
          if (!(e <= worst)) worst = e;
        }
        assert.ok(worst < 1e-6, `addmm ${M},${N},${K} beta ${beta} alpha ${alpha}: ${worst}`);
      });
    }
  }
});

test('addmm records AddmmBackward0, checks its arguments and leaks nothing', () => {
  const before = W.tp_live_tensors();
  torch.scope(() => {
    const w = torch.ones(4, 3, { requires_grad: true });
    const out = torch.addmm(torch.ones(3), torch.ones(2, 4), w);
    assert.equal(out.grad_fn.name(), 'AddmmBackward0');
    assert.deepEqual(out.tolist(), [[5, 5, 5], [5, 5, 5]]);
    out.sum().backward();
    assert.deepEqual(w.grad.tolist(), [[2, 2, 2], [2, 2, 2], [2, 2, 2], [2, 2, 2]]);
    assert.deepEqual(torch.no_grad(() => torch.addmm(torch.ones(3), torch.ones(2, 4), w)).tolist(), [[5, 5, 5], [5, 5, 5]]);
    assert.throws(() => torch.addmm(torch.ones(4), torch.ones(2, 4), torch.ones(4, 3)), /expanded size/);
    assert.throws(() => torch.addmm(torch.ones(3), torch.ones(2, 4), torch.ones(4, 3), { gamma: 1 }), /unexpected keyword argument 'gamma'/);
    assert.throws(() => torch.addmm(torch.ones(3), torch.ones(2, 4), [[1]]), /argument 'mat2' \(position 3\) must be Tensor, not list/);
    w.grad = null;
  });
  assert.equal(W.tp_live_tensors(), before);
});

test('op forms, keyword arguments and argument errors', () => {
  const a = torch.ones(2, 3), b = torch.ones(3, 4), v = torch.ones(3);
  for (const f of ['matmul', 'mm', 'bmm', 'mv', 'dot', 'outer', 'ger']) {
    assert.equal(typeof torch[f], 'function', `torch.${f}`);
    assert.equal(typeof a[f], 'function', `Tensor.${f}`);
  }
  assert.deepEqual([...torch.mm({ input: a, mat2: b }).shape], [2, 4]);
  assert.deepEqual([...torch.mv(a, { vec: v }).shape], [2]);
  assert.deepEqual([...v.dot({ tensor: v }).shape], []);
  assert.deepEqual([...v.ger(torch.ones(2)).shape], [3, 2]);
  assert.throws(() => torch.mm(a, [[1, 2]]), /mm\(\): argument 'mat2' \(position 2\) must be Tensor, not list/);
  assert.throws(() => a.matmul([[1]]), /matmul\(\): argument 'other' \(position 1\) must be Tensor, not list/);
  assert.throws(() => torch.matmul([1], v), /argument 'input' \(position 1\) must be Tensor/);
  assert.throws(() => a.mv(3), /mv\(\): argument 'vec' \(position 1\) must be Tensor, not int/);
  assert.throws(() => torch.mm(a), /missing 1 required positional arguments: "mat2"/);
  assert.throws(() => torch.mm(a, b, b), /takes 2 positional arguments but 3 were given/);
  // out= (tests/fixtures/gen_fiddiff.py has PyTorch's rules): the product is written into out
  const want = torch.mm(a, b).tolist(), o = torch.zeros(1);
  assert.equal(torch.mm(a, b, { out: o }), o);
  assert.deepEqual(o.tolist(), want);
  assert.throws(() => torch.mm(a, b, { out: a.double() }), /Expected out tensor to have dtype float, but got double instead/);
});

test('failed calls leave nothing behind and the module stays usable', () => {
  const before = W.tp_live_tensors();
  torch.scope(() => {
    const a = torch.ones(2, 3), b = torch.ones(4, 5, { dtype: torch.float64 });
    assert.throws(() => torch.mm(a, b), /mat1 and mat2 shapes cannot be multiplied \(2x3 and 4x5\)/);
    assert.throws(() => torch.matmul(a, torch.ones(3, 2, { dtype: torch.float64 })), /expected scalar type Float but found Double/);
    assert.throws(() => torch.bmm(a, a), /batch1 must be a 3D tensor/);
    assert.throws(() => torch.matmul(torch.ones(2, 2, 3), torch.ones(3, 3, 5)), /The size of tensor a \(2\) must match the size of tensor b \(3\) at non-singleton dimension 0/);
    assert.deepEqual(torch.mm(a, torch.ones(3, 1)).tolist(), [[3], [3]]);
  });
  assert.equal(W.tp_live_tensors(), before);
});

test('matmul results are fresh contiguous tensors, inputs unchanged', () => {
  const a = torch.arange(6, { dtype: torch.float32 }).reshape(2, 3);
  const v0 = a._version;
  const c = a.matmul(a.t());
  assert.ok(c.is_contiguous());
  assert.equal(torch.shares_memory(a, c), false);
  assert.equal(a._version, v0);
  assert.deepEqual(c.tolist(), [[5, 14], [14, 50]]);
});
