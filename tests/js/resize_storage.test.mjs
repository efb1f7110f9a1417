// resize_/set_ storage lifetime (Note [Growing a storage], src/core/storage.c) and the rule that a
// failed call changes no tensor, where PyTorch 1.13 itself leaves a half-set tensor.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import torch from '../../js/tensorpad.js';

test('a numpy() view of a storage that grows stays valid and keeps its values', () => {
  const a = torch.arange(4, { dtype: torch.float32 });
  const b = a.narrow(0, 1, 2);
  const arr = a.numpy();
  const before = torch.memory_stats().live_bytes;
  a.resize_(1000);
  assert.equal(b.data_ptr(), a.data_ptr() + 4, 'views follow the grown storage');
  assert.deepEqual(Array.from(arr), [0, 1, 2, 3], 'the old block is not freed under the array');
  // the old block is still counted while the array holds it, the new one too
  assert.equal(torch.memory_stats().live_bytes, before + 4000);
  arr[0] = 9;
  assert.equal(a.index(0).item(), 0, 'the array no longer aliases the grown tensor');
  b.fill_(5);
  assert.deepEqual(a.narrow(0, 0, 4).tolist(), [0, 5, 5, 3]);
  torch.from_numpy(arr);  // not found on the heap's live storages any more: a copy, no crash
});

test('a storage with one holder frees its old block at once', () => {
  const a = torch.zeros(8);
  const before = torch.memory_stats().live_bytes;
  a.resize_(64);
  assert.equal(torch.memory_stats().live_bytes, before + 56 * 4);
  a.dispose();
  assert.equal(torch.memory_stats().live_bytes, before - 32);
});

test('a failed set_ changes nothing', () => {
  const q = torch.arange(2, { dtype: torch.float32 });
  const v = q._version;
  assert.throws(() => q.set_(torch.zeros(3), 0, [2], [-1]), /Storage size calculation overflowed/);
  assert.throws(() => q.set_(torch.from_numpy(torch.heap_array(Float32Array, 1)), 0, [4]), /not resizable/);
  assert.deepEqual(q.tolist(), [0, 1]);
  assert.equal(q._version, v);
  assert.equal(torch.shares_memory(q, q), true);
});

test('resize and resize_as warn once each per line, as Python warnings do', (t) => {
  const warn = t.mock.method(console, 'warn', () => {});
  const x = torch.zeros(2, 3);
  x.resize(6); x.resize(3, 2);
  for (let i = 0; i < 2; i++) x.resize_as(torch.zeros(6));
  const seen = warn.mock.calls.map((c) => c.arguments[0]).filter((m) => /non-inplace resize/.test(m));
  assert.deepEqual(seen, ['UserWarning: non-inplace resize is deprecated', 'UserWarning: non-inplace resize_as is deprecated']);
});
