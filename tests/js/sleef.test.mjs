// float32 sin, cos and pow bit for bit with PyTorch 1.13 (Sleef's u10 functions in its AVX2
// kernels; Note [float32 sin, cos and pow as PyTorch computes them] in src/ops/elementwise/sleef.h).
// tests/fixtures/bits/sleef.json comes from tests/fixtures/check_sleef.py, which also checks
// the native build against torch on a few million inputs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import torch from '../../js/tensorpad.js';

const fx = JSON.parse(readFileSync(new URL('../fixtures/bits/sleef.json', import.meta.url), 'utf8'));
const f32 = (b) => new Float32Array(new Uint32Array(b).buffer);
const u32 = (a) => new Uint32Array(new Float32Array(a).buffer);

function check(got, expectBits, input, what) {
  const bits = u32(got), expect = new Uint32Array(expectBits), want = f32(expectBits);
  let bad = 0, first = '';
  for (let i = 0; i < bits.length; i++) {
    if (bits[i] !== expect[i] && !(Number.isNaN(got[i]) && Number.isNaN(want[i]))) {
      if (!bad) first = `at ${i}: input ${input[i]} gives ${got[i]}, PyTorch ${want[i]}`;
      bad++;
    }
  }
  assert.equal(bits.length, expect.length);
  assert.equal(bad, 0, `${what}: ${bad} of ${bits.length} differ; first ${first}`);
}

const trig = f32(fx.trig_bits);

for (const fn of ['sin', 'cos']) {
  test(`${fn} float32 matches PyTorch bit for bit, contiguous, strided and in place`, () => {
    assert.ok(trig.length > 2000);
    check(torch.tensor(trig)[fn]().numpy(), fx[`${fn}_bits`], trig, 'contiguous');
    check(torch[fn](torch.tensor(trig)).numpy(), fx[`${fn}_bits`], trig, `torch.${fn}`);
    const wide = torch.zeros(trig.length, 2);
    wide.index(':', 1).copy_(torch.tensor(trig));
    check(wide.index(':', 1)[fn]().contiguous().numpy(), fx[`${fn}_bits`], trig, 'strided');
    check(torch.tensor(trig)[`${fn}_`]().numpy(), fx[`${fn}_bits`], trig, `${fn}_`);
  });
}

for (const fn of ['sin', 'cos']) {
  test(`${fn} of an element depends on the seven beside it (one past 125 makes the group take the wide reduction)`, () => {
    const c = fx[`${fn}_lone`], x = f32(c.input_bits);
    assert.ok(x.length >= 4, 'the generator found inputs where the two reductions round differently');
    const alone = new Float32Array(x.length), grouped = new Float32Array(x.length);
    for (let i = 0; i < x.length; i++) {
      alone[i] = torch.tensor([x[i]])[fn]().item();
      grouped[i] = torch.tensor([x[i], c.wide_partner])[fn]().numpy()[0];
    }
    check(alone, c.alone_bits, x, 'alone');
    check(grouped, c.grouped_bits, x, 'beside a wide element');
  });
}

test('pow float32 matches PyTorch bit for bit (Sleef head, scalar tail, special exponents)', () => {
  for (const c of fx.pow) {
    const base = f32(c.base_bits);
    if ('exponent' in c) {
      check(torch.tensor(base).pow(c.exponent).numpy(), c.expect_bits, base, `pow(${c.exponent})`);
      const p = torch.tensor(base);
      p.pow_(c.exponent);
      check(p.numpy(), c.expect_bits, base, `pow_(${c.exponent})`);
    } else {
      const e = f32(c.exponent_bits);
      check(torch.pow(torch.tensor(base), torch.tensor(e)).numpy(), c.expect_bits, base, 'pow(tensor)');
    }
  }
  const s = fx.pow_strided, base = f32(s.base_bits);
  const wide = torch.zeros(base.length, 2);
  wide.index(':', 0).copy_(torch.tensor(base));
  check(wide.index(':', 0).pow(s.exponent).contiguous().numpy(), s.expect_bits, base, 'strided pow');
});
