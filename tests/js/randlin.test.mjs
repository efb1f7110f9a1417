// Bit-exact checks of the seeded random cases of tests/fixtures/randlin.json (PyTorch 1.13's
// CPU generator): fixtures.test.mjs compares them with a tolerance, this file demands the
// very same numbers. Also distribution sanity checks that need many draws.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import torch from '../../js/tensorpad.js';

const { cases } = JSON.parse(readFileSync(new URL('../fixtures/randlin.json', import.meta.url), 'utf8'));
const decode = (v) => (Array.isArray(v) ? v.map(decode) : v === 'nan' ? NaN : v === 'inf' ? Infinity : v === '-inf' ? -Infinity : v);

test('seeded random cases are bit-exact', async (t) => {
  const exact = cases.filter((c) => c.exact);
  assert.ok(exact.length > 50);
  for (const c of exact) {
    await t.test(c.name, () => {
      const got = new Function('torch', c.js)(torch);
      assert.deepEqual(Array.from(got.shape), c.expect.shape);
      assert.equal(got.dtype.name, c.expect.dtype);
      assert.deepEqual(got.tolist(), decode(c.expect.data));
    });
  }
});

test('float64 draws through sin/cos/tan are bit-exact for at least 99.5% of elements (Note [float64 sin/cos/tan])', () => {
  // the wasm C library's own sin/cos/tan agreed with PyTorch's glibc for only ~97%
  const share = cases.filter((c) => c.name.startsWith('random/float64_share/'));
  assert.equal(share.length, 3);
  for (const c of share) {
    const got = new Function('torch', c.js)(torch).tolist(), want = decode(c.expect.data);
    const same = got.filter((v, i) => v === want[i]).length;
    assert.ok(same >= 0.995 * want.length, `${c.name}: ${same} of ${want.length} bit-exact`);
  }
});

test('a failed random call changes no tensor', () => {
  const x = torch.zeros(3);
  assert.throws(() => x.bernoulli_(torch.tensor([0.5, 2, 0.1])), /p_in >= 0/);
  assert.deepEqual(x.tolist(), [0, 0, 0]);
  assert.equal(x._version, 0);
  assert.throws(() => x.geometric_(0), /geometric_ expects p/);
  assert.deepEqual(x.tolist(), [0, 0, 0]);
});

test('distributions have their moments (20000 draws)', () => {
  torch.manual_seed(123);
  const n = 20000;
  const mean = (t) => t.double().mean().item();
  assert.ok(Math.abs(mean(torch.empty(n).bernoulli_(0.3)) - 0.3) < 0.02);
  assert.ok(Math.abs(mean(torch.empty(n).exponential_(4)) - 0.25) < 0.01);
  assert.ok(Math.abs(mean(torch.empty(n).geometric_(0.5)) - 2) < 0.05);
  const ln = torch.empty(n, { dtype: torch.float64 }).log_normal_(0, 0.5);
  assert.ok(Math.abs(mean(ln.log()) - 0) < 0.02);
  const c = torch.empty(n, { dtype: torch.float64 }).cauchy_(1, 2);
  assert.ok(Math.abs(mean(c.sub(1).abs().lt(2)) - 0.5) < 0.02);  // P(|X - median| < sigma) = 1/2
  const counts = [0, 0, 0];
  for (const k of torch.multinomial(torch.tensor([0.2, 0.3, 0.5]), n, true).tolist()) counts[k]++;
  assert.ok(Math.abs(counts[2] / n - 0.5) < 0.02 && Math.abs(counts[0] / n - 0.2) < 0.02);
  const perm = torch.randperm(100).tolist().sort((a, b) => a - b);
  assert.deepEqual(perm, Array.from({ length: 100 }, (_, i) => i));
});

test('det, slogdet, logdet and inverse pass gradcheck and gradgradcheck (float64, batched)', () => {
  const A = torch.tensor([[[2, 1, 0.5], [1, 3, 1], [0, 1, 4]], [[0, 2, 1], [1.5, -1, 0.5], [2, 0.25, -3]]],
    { dtype: torch.float64, requires_grad: true });
  const { gradcheck, gradgradcheck } = torch.autograd;
  assert.equal(gradcheck((x) => x.det(), [A]), true);
  assert.equal(gradcheck((x) => torch.linalg.slogdet(x).logabsdet, [A]), true);
  assert.equal(gradcheck((x) => x.inverse(), [A]), true);
  const P = torch.tensor([[2, 1, 0.5], [1, 3, 1], [0, 1, 4]], { dtype: torch.float64, requires_grad: true });
  assert.equal(gradcheck((x) => x.logdet(), [P]), true);
  assert.equal(gradgradcheck((x) => x.inverse(), [A]), true);
  assert.equal(gradgradcheck((x) => x.det(), [A]), true);
});

test('a singular inverse throws and the module stays usable', () => {
  const S = torch.tensor([[1, 2], [2, 4]], { dtype: torch.float64 });
  assert.throws(() => S.inverse(), /diagonal element 2 is zero/);
  assert.deepEqual(torch.tensor([[4, 7], [2, 6]], { dtype: torch.float64 }).inverse().mul(10).round().tolist(), [[6, -7], [-2, 4]]);
});
