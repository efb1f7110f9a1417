// float32 tanh bit for bit with PyTorch 1.13 on inputs chosen to exercise every path of
// src/ops/elementwise/sleef.h (Note [float32 tanh, fast and still Sleef's]): inputs near a rounding
// boundary, where the fast vector form falls back to the exact one, tiny and special
// inputs, and seeded normal values. tests/fixtures/bits/tanh.json comes from
// tests/fixtures/check_tanh.py, which also checks the native build against torch.tanh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import torch from '../../js/tensorpad.js';

const fx = JSON.parse(readFileSync(new URL('../fixtures/bits/tanh.json', import.meta.url), 'utf8'));
const input = new Float32Array(new Uint32Array(fx.input_bits).buffer);
const expect = new Uint32Array(fx.expect_bits);

function check(got, what) {
  const bits = new Uint32Array(new Float32Array(got).buffer);
  let bad = 0, first = '';
  for (let i = 0; i < bits.length; i++) {
    const nan = Number.isNaN(got[i]) && Number.isNaN(input[i]);
    if (bits[i] !== expect[i] && !nan) {
      if (!bad) first = `tanh(${input[i]}) = ${got[i]}, PyTorch ${new Float32Array(new Uint32Array([expect[i]]).buffer)[0]}`;
      bad++;
    }
  }
  assert.equal(bad, 0, `${what}: ${bad} of ${bits.length} differ; first: ${first}`);
}

test('tanh float32: contiguous (vector paths) matches PyTorch bit for bit', () => {
  assert.ok(input.length > 1000);
  check(torch.tensor(input).tanh().numpy(), 'contiguous');
  for (const shift of [1, 2, 3]) {   // every input in every lane of a vector
    const x = torch.tensor(input).index(`${shift}:`).contiguous().tanh().numpy();
    const want = expect.subarray(shift);
    const bits = new Uint32Array(new Float32Array(x).buffer);
    for (let i = 0; i < bits.length; i++) {
      if (bits[i] !== want[i] && !Number.isNaN(x[i])) assert.fail(`shift ${shift}: tanh(${input[i + shift]}) = ${x[i]}`);
    }
  }
});

test('tanh float32: strided (scalar path) and in place match PyTorch bit for bit', () => {
  const wide = torch.zeros(input.length, 2);
  wide.index(':', 1).copy_(torch.tensor(input));
  check(wide.index(':', 1).tanh().contiguous().numpy(), 'strided');
  check(torch.tensor(input).tanh_().numpy(), 'tanh_');
});
