// Soak test of the allocator (Note [Fragmentation], src/core/storage.c): allocate and free
// tensors of mixed sizes (headers and small storages from the small-block lists, data blocks
// from 16 B to 8 MB, views, autograd nodes) until out of memory, three times over; after
// everything is freed the largest allocatable block must equal the one at the start, and
// out-of-memory must each time be PyTorch's clean error with the module still computing.
// Uninitialised (empty) tensors keep the test's resident memory low while the 2 GB heap fills.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import torch from '../../js/tensorpad.js';
import { W } from '../../js/core/wasm.js';

const LIMIT = 2 ** 31;  // the wasm heap's maximum (-sMAXIMUM_MEMORY=2GB)

// A deterministic stream (xorshift32), so a failure replays.
function rng(seed) {
  let s = seed >>> 0;
  return () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s / 2 ** 32; };
}

test('the heap filled three times with mixed sizes coalesces back to its largest block', () => {
  const s0 = torch.memory_stats();
  const before = W.tp_largest_allocatable(LIMIT);
  assert.ok(before > 64 * 2 ** 20, `at least 64 MB allocatable at the start (got ${before})`);
  const rand = rng(1);
  let fills = 0, allocated = 0;
  const live = [];
  while (fills < 3) {
    const r = rand();
    // mostly small tensors (header + small storage), some medium, a few large blocks
    const n = r < 0.5 ? 1 + Math.floor(rand() * 64) : r < 0.9 ? 1024 + Math.floor(rand() * 65536) : 2 ** 18 + Math.floor(rand() * 2 ** 21);
    let t;
    try {
      t = torch.empty(n);
    } catch (e) {
      assert.match(e.message, /DefaultCPUAllocator: can't allocate memory: you tried to allocate \d+ bytes\. Error code 12 \(Cannot allocate memory\)/);
      fills++;
      // free all but a random quarter, then the rest in random order: holes of every size
      for (let i = live.length - 1; i > 0; i--) { const j = Math.floor(rand() * (i + 1)); [live[i], live[j]] = [live[j], live[i]]; }
      for (const x of live.splice(0, Math.floor(live.length * 3 / 4))) x.dispose();
      for (const x of live.splice(0)) x.dispose();
      assert.equal(torch.memory_stats().live_bytes, s0.live_bytes, 'everything freed');
      continue;
    }
    allocated += 4 * n;
    live.push(t);
    if (rand() < 0.2) live.push(t.narrow(0, 0, 1));                          // a view: a header on the same storage
    if (rand() < 0.05) { const a = torch.ones(3, { requires_grad: true }); live.push(a, a.mul(2)); }  // a node
    if (rand() < 0.3 && live.length > 4) live.splice(Math.floor(rand() * live.length), 1)[0].dispose();
  }
  const after = W.tp_largest_allocatable(LIMIT);
  console.log(`soak: ${(allocated / 2 ** 30).toFixed(2)} GB allocated over 3 fills; largest allocatable ${before} B before, ${after} B after`);
  assert.equal(after, before, 'the largest allocatable block is what it was at the start');
  assert.equal(torch.memory_stats().live_tensors, s0.live_tensors);
  assert.equal(String(torch.arange(3)), 'tensor([0, 1, 2])');
  // and a block of half the heap can be had again
  const big = torch.empty(Math.floor(after / 8));
  big.dispose();
});
