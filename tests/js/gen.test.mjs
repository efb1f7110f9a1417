// torch.Generator (js/core/generator.js, src/core/generator.c): the seeded cases of
// tests/fixtures/gen.json bit for bit (fixtures.test.mjs compares them with a tolerance),
// nondeterministic seeding, and generators freed with their JS objects.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import torch from '../../js/tensorpad.js';

const { cases } = JSON.parse(readFileSync(new URL('../fixtures/gen.json', import.meta.url), 'utf8'));

test('seeded generator cases are bit-exact', async (t) => {
  const exact = cases.filter((c) => c.exact);
  assert.ok(exact.length > 60);
  for (const c of exact) {
    await t.test(c.name, () => {
      const got = new Function('torch', c.js)(torch);
      assert.deepEqual(Array.from(got.shape), c.expect.shape);
      assert.equal(got.dtype.name, c.expect.dtype);
      assert.deepEqual(got.tolist(), c.expect.data);
    });
  }
});

test('seed() seeds from a random 64-bit value and returns it exactly', () => {
  const g = new torch.Generator();
  const s = g.seed();
  assert.equal(g.initial_seed(), s);
  const a = torch.rand(5, { generator: g }).tolist();
  assert.deepEqual(torch.rand(5, { generator: new torch.Generator().manual_seed(s) }).tolist(), a);
  assert.notEqual(new torch.Generator().seed(), s);  // 2^-64 to collide
  const d = torch.seed();
  assert.equal(torch.initial_seed(), d);
  assert.equal(torch.default_generator.initial_seed(), d);
});

test('set_state restores exactly what get_state saved, cached normal included', () => {
  const g = new torch.Generator().manual_seed(21);
  torch.randn(1, { dtype: torch.float64, generator: g });  // leaves the pair's second normal cached
  const s = g.get_state();
  const a = torch.randn(3, { dtype: torch.float64, generator: g }).tolist();
  assert.equal(g.set_state(s), g);
  assert.deepEqual(torch.randn(3, { dtype: torch.float64, generator: g }).tolist(), a);
  assert.deepEqual(new torch.Generator().set_state(s).get_state().tolist(), s.tolist());
});

test('fork_rng restores the default generator when its callback throws', () => {
  torch.manual_seed(17);
  const want = torch.rand(3).tolist();
  torch.manual_seed(17);
  assert.throws(() => torch.random.fork_rng(() => { torch.rand(100); throw new Error('inside'); }), /inside/);
  assert.deepEqual(torch.rand(3).tolist(), want);
  assert.equal(torch.random.fork_rng(() => 5, { enabled: false }), 5);
});

test('generators are freed with their JS objects', async () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  const heap = () => torch.memory_stats().heap_bytes;
  const churn = () => { for (let i = 0; i < 2000; i++) new torch.Generator().manual_seed(i); };  // ~5 MB each round
  churn();
  gc();
  await new Promise((r) => setTimeout(r, 0));
  const before = heap();
  for (let round = 0; round < 10; round++) {
    churn();
    gc();
    await new Promise((r) => setTimeout(r, 0));
  }
  assert.ok(heap() - before < 16 * 2 ** 20, `heap grew by ${heap() - before} bytes`);
});
