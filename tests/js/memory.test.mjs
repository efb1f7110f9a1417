// Memory sharing and lifetime: zero-copy views that survive heap growth, from_numpy,
// dispose/scope/keep, finalization between macrotasks, memory_stats, out-of-memory.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import torch from '../../js/tensorpad.js';

const macrotask = () => new Promise((r) => setTimeout(r, 0));

test('numpy() is a live view of the storage, both ways', () => {
  const t = torch.zeros(4);
  const a = t.numpy();
  assert.ok(a instanceof Float32Array);
  a[1] = 5;
  assert.deepEqual(t.tolist(), [0, 5, 0, 0]);
  t.fill_(2);
  assert.deepEqual(Array.from(a), [2, 2, 2, 2]);
});

test('a numpy() view keeps working after the heap grows by 100 MB', () => {
  const t = torch.zeros(8);
  const view = t.numpy();
  const before = torch.memory_stats().heap_bytes;
  const big = [];
  for (let i = 0; i < 30; i++) big.push(torch.empty(1024 * 1024));  // 30 x 4 MB
  assert.ok(torch.memory_stats().heap_bytes >= before + 100 * 2 ** 20, 'the heap grew');
  view[3] = 42;
  assert.equal(t.index(3).item(), 42);
  t.index_put_([5], 7);
  assert.equal(view[5], 7);
  for (const b of big) b.dispose();
});

test('numpy() kinds per dtype, and its errors', () => {
  assert.ok(torch.zeros(2, { dtype: torch.float64 }).numpy() instanceof Float64Array);
  assert.ok(torch.zeros(2, { dtype: torch.int32 }).numpy() instanceof Int32Array);
  assert.ok(torch.zeros(2, { dtype: torch.int64 }).numpy() instanceof BigInt64Array);
  assert.ok(torch.zeros(2, { dtype: torch.bool }).numpy() instanceof Uint8Array);
  assert.throws(() => torch.zeros(2, { requires_grad: true }).numpy(), /Can't call numpy\(\) on Tensor that requires grad/);
  assert.throws(() => torch.zeros(2, 3).t().numpy(), /contiguous/);
});

test('a numpy() view keeps its storage alive after the tensor is disposed', () => {
  const t = torch.arange(4, { dtype: torch.float32 });
  const a = t.numpy();
  t.dispose();
  const other = torch.full([4], 9);  // must not reuse a's memory
  assert.deepEqual(Array.from(a), [0, 1, 2, 3]);
  other.dispose();
});

test('from_numpy shares heap arrays and copies foreign ones', () => {
  const h = torch.heap_array(Float32Array, 3);
  const t = torch.from_numpy(h);
  h[1] = 7;
  assert.deepEqual(t.tolist(), [0, 7, 0]);
  t.fill_(1);
  assert.deepEqual(Array.from(h), [1, 1, 1]);
  assert.ok(torch.shares_memory(t, h));

  const base = torch.arange(6, { dtype: torch.float64 });
  const sub = base.numpy().subarray(2, 5);
  const u = torch.from_numpy(sub);
  assert.equal(u.storage_offset(), 2);
  assert.ok(torch.shares_memory(base, u));
  u.fill_(-1);
  assert.deepEqual(base.tolist(), [0, 1, -1, -1, -1, 5]);

  const foreign = new Float32Array([1, 2, 3]);
  const c = torch.from_numpy(foreign);
  foreign[0] = 100;
  assert.deepEqual(c.tolist(), [1, 2, 3]);
  assert.equal(torch.shares_memory(c, foreign), false);
  assert.throws(() => torch.from_numpy([1, 2]), /expected np.ndarray \(got list\)/);
});

test('shares_memory: overlapping bytes only; an empty tensor shares nothing (as numpy.shares_memory)', () => {
  const y = torch.zeros(4);
  assert.equal(torch.shares_memory(y.index('1:3'), y), true);
  assert.equal(torch.shares_memory(y.index('0:2'), y.index('2:4')), false);
  assert.equal(torch.shares_memory(y.index('1:1'), y), false);
  assert.equal(torch.shares_memory(y.index('2:2'), y.index('2:2')), false);
  const e = torch.zeros(0);
  assert.equal(torch.shares_memory(e, e), false);
});

test('views share storage, copies do not', () => {
  const x = torch.arange(12, { dtype: torch.float32 }).view(3, 4);
  const views = [x.T, x.t(), x.transpose(0, 1), x.permute(1, 0), x.view(12), x.reshape(2, 6), x.unsqueeze(0),
    x.unsqueeze(0).squeeze(), x.narrow(1, 1, 2), x.select(0, 1), x.index('1:', '::2'), x.flatten(), x.detach(), x.data,
    x.index(0).expand(2, 4), x.contiguous()];
  for (const v of views) assert.ok(torch.shares_memory(x, v));
  const copies = [x.clone(), torch.tensor(x), x.t().contiguous(), x.t().reshape(12), torch.deepcopy(x), x.to(torch.float64)];
  for (const c of copies) assert.equal(torch.shares_memory(x, c), false);
  x.T.index_put_([0, 0], 100);
  assert.equal(x.index(0, 0).item(), 100);
});

test('a released tensor throws when used, and dispose is idempotent', () => {
  const t = torch.ones(3);
  t.dispose();
  t.dispose();
  assert.throws(() => t.sum?.() ?? t.tolist(), /released/);
  assert.throws(() => String(t), /released/);
});

test('torch.scope releases what it created, except what it returns or keeps', () => {
  const start = torch.memory_stats().live_tensors;
  let kept, inner;
  const out = torch.scope(() => {
    const a = torch.ones(3);
    inner = a.view(3);
    kept = torch.keep(torch.zeros(2));
    return a.clone();
  });
  assert.equal(inner.is_disposed, true);
  assert.equal(out.is_disposed, false);
  assert.equal(kept.is_disposed, false);
  assert.equal(torch.memory_stats().live_tensors, start + 2);
  out.dispose();
  kept.dispose();
  assert.throws(() => torch.scope(() => { torch.ones(1); throw new Error('boom'); }), /boom/);
  assert.equal(torch.memory_stats().live_tensors, start);
});

test('a 20,000-iteration loop stays flat with torch.scope per iteration', () => {
  const x = torch.ones(100);
  const before = torch.memory_stats();
  for (let i = 0; i < 20000; i++) {
    torch.scope(() => { x.clone().reshape(10, 10).T.contiguous(); });
  }
  const after = torch.memory_stats();
  assert.equal(after.live_tensors, before.live_tensors);
  assert.equal(after.live_bytes, before.live_bytes);
  assert.equal(after.heap_bytes, before.heap_bytes);
});

test('a 20,000-iteration loop stays bounded when it awaits a macrotask every 100 iterations', async () => {
  await macrotask();
  const x = torch.ones(100);
  const before = torch.memory_stats();
  let maxLive = 0;
  for (let i = 0; i < 20000; i++) {
    x.clone().reshape(10, 10).T.contiguous();
    if (i % 100 === 99) {
      await macrotask();
      maxLive = Math.max(maxLive, torch.memory_stats().live_tensors);
    }
  }
  for (let i = 0; i < 3; i++) await macrotask();
  // 80,000 handles were made; finalization keeps at most a bounded window alive.
  assert.ok(maxLive - before.live_tensors < 20000, `live tensors peaked at ${maxLive}`);
  assert.ok(torch.memory_stats().heap_bytes <= before.heap_bytes + 16 * 2 ** 20);
});

test('memory_stats counts tensors and each storage once', () => {
  const s0 = torch.memory_stats();
  const t = torch.zeros(1000);
  const v = t.view(10, 100);
  const s1 = torch.memory_stats();
  assert.equal(s1.live_tensors - s0.live_tensors, 2);
  assert.equal(s1.live_bytes - s0.live_bytes, 4000);
  assert.ok(s1.peak_bytes >= s1.live_bytes);
  t.dispose();
  assert.equal(torch.memory_stats().live_bytes - s0.live_bytes, 4000, 'the view keeps the storage');
  v.dispose();
  assert.equal(torch.memory_stats().live_bytes, s0.live_bytes);
});

test('out-of-memory is an Error and the module stays usable', () => {
  const s0 = torch.memory_stats();
  assert.throws(() => torch.zeros(1e10), /can.t allocate memory/);
  assert.throws(() => torch.empty(100000, 100000), /can.t allocate memory/);
  assert.throws(() => torch.ones(30000, 30000), /can.t allocate memory/);  // 3.6 GB > the 2 GB heap
  assert.equal(torch.memory_stats().live_tensors, s0.live_tensors);
  assert.equal(String(torch.arange(3)), 'tensor([0, 1, 2])');
});
