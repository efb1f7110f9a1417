// The elementwise math functions and predicates (src/ops/elementwise/math.c, js/tensor/math.js) where a PyTorch
// fixture cannot say it: which in-place forms exist, identity of results, aliases, graphs,
// and that a failed call changes nothing. Values, dtypes and messages: tests/fixtures/elemw.json.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import torch from '../../js/tensorpad.js';

test('in-place forms exist exactly where PyTorch has them', () => {
  const proto = torch.Tensor.prototype;
  for (const name of ['isnan', 'isinf', 'isfinite', 'isposinf', 'isneginf', 'isreal', 'signbit', 'logaddexp', 'logaddexp2',
    'fmax', 'fmin', 'isclose', 'allclose', 'equal', 'positive']) {
    assert.equal(typeof proto[name], 'function', name);
    assert.equal(proto[`${name}_`], undefined, `${name}_`);
  }
  for (const name of ['sgn', 'fix', 'erfc', 'erfinv', 'lgamma', 'digamma', 'acosh', 'asinh', 'atanh', 'arccosh', 'arcsinh',
    'arctanh', 'sinc', 'deg2rad', 'rad2deg', 'logit', 'nan_to_num', 'bitwise_not', 'atan2', 'arctan2', 'fmod', 'hypot',
    'xlogy', 'copysign', 'heaviside', 'gcd', 'lcm', 'bitwise_and', 'bitwise_or', 'bitwise_xor', 'bitwise_left_shift',
    'bitwise_right_shift', 'nextafter', 'ldexp', 'float_power', 'addcmul', 'addcdiv', 'lerp', 'polygamma']) {
    assert.equal(typeof proto[name], 'function', name);
    assert.equal(typeof proto[`${name}_`], 'function', `${name}_`);
    assert.equal(typeof torch[name], 'function', `torch.${name}`);
  }
});

test('aliases compute what their targets compute (each checks its arguments under its own name, as in PyTorch)', () => {
  const x = torch.tensor([0.25, 0.5]), y = torch.tensor([1.5, 2]);
  for (const [alias, target] of [['arctan2', 'atan2'], ['arccosh', 'acosh'], ['arcsinh', 'asinh'], ['arctanh', 'atanh'], ['fix', 'trunc']]) {
    const args = alias === 'arctan2' ? [y] : [];
    const src = alias === 'arccosh' ? y : x;
    assert.deepEqual(src[alias](...args).tolist(), src[target](...args).tolist(), alias);
    assert.deepEqual(src.clone()[`${alias}_`](...args).tolist(), src.clone()[`${target}_`](...args).tolist(), `${alias}_`);
    assert.deepEqual(torch[alias](src, ...args).tolist(), torch[target](src, ...args).tolist(), `torch.${alias}`);
  }
  assert.throws(() => x.arctan2('a'), /arctan2\(\): argument 'other' \(position 1\) must be Tensor, not str/);
});

test('positive returns the tensor itself; in-place ops return this', () => {
  const x = torch.tensor([1.5, -2]);
  assert.equal(x.positive(), x);
  assert.equal(torch.positive(x), x);
  assert.equal(x.nan_to_num_(), x);
  assert.equal(x.addcmul_(x.clone(), x.clone()), x);
  assert.equal(x.lerp_(torch.zeros(2), 0.5), x);
  assert.equal(x.atan2_(torch.ones(2)), x);
});

test('float_power is pow of float64 copies, as PyTorch composes it (PowBackward0 after ToCopyBackward0)', () => {
  const x = torch.tensor([0.3, 0.6], { requires_grad: true });
  const r = torch.float_power(x, 2);
  assert.equal(r.dtype, torch.float64);
  assert.equal(r.grad_fn.name(), 'PowBackward0');
  assert.equal(r.grad_fn.next_functions[0][0].name(), 'ToCopyBackward0');
  const e = torch.float_power(2, x);
  assert.equal(e.grad_fn.name(), 'PowBackward2');
});

test('a failed call changes nothing', () => {
  const x = torch.tensor([1, 2, 3]);
  const v = x._version;
  assert.throws(() => x.addcmul_(torch.tensor([0.5, 1.5, 2.5]), torch.ones(3)), /result type Float can't be cast to the desired output type Long/);
  assert.throws(() => x.atan2_(torch.ones(3)), /result type Float can't be cast/);
  assert.throws(() => x.logit_(), /result type Float can't be cast/);
  assert.throws(() => x.gcd_(torch.ones(4, { dtype: torch.int64 })), /must match the size/);
  assert.deepEqual(x.tolist(), [1, 2, 3]);
  assert.equal(x._version, v);
  const f = torch.tensor([0.5, 1.5]);
  assert.throws(() => f.lerp_(torch.tensor([1, 2], { dtype: torch.float64 }), 0.5), /expected dtype float for `end` but got dtype double/);
  assert.deepEqual(f.tolist(), [0.5, 1.5]);
  // a leaf that requires grad refuses in-place writes before anything is written
  const w = torch.tensor([0.5, 0.25], { requires_grad: true });
  assert.throws(() => w.erfinv_(), /a leaf Variable that requires grad is being used in an in-place operation/);
  assert.deepEqual(w.tolist(), [0.5, 0.25]);
});

test('allclose and equal give JS booleans; errors are PyTorch\'s', () => {
  const a = torch.tensor([1, 2.5]);
  assert.equal(torch.allclose(a, a.add(1e-9)), true);
  assert.equal(a.equal(a.clone()), true);
  assert.equal(torch.equal(a, torch.tensor([1, 2])), false);
  assert.throws(() => torch.allclose(a, a.double()), /Float did not match Double/);
  assert.throws(() => torch.isclose(a, [1, 2]), /argument 'other' \(position 2\) must be Tensor, not list/);
});

test('predicates and the bitwise ops record no graph; tensors.map(torch.isnan) works', () => {
  const x = torch.tensor([NaN, 1], { requires_grad: true });
  for (const r of [x.isnan(), x.isfinite(), x.signbit(), torch.isclose(x, x)]) {
    assert.equal(r.requires_grad, false);
    assert.equal(r.grad_fn, null);
  }
  const out = [torch.tensor([NaN]), torch.tensor([0.5])].map(torch.isnan);
  assert.deepEqual(out.map((t) => t.item()), [true, false]);
});

test('digamma\'s gradient is polygamma(1, x), differentiable again (PolygammaBackward0)', () => {
  const x = torch.tensor([0.5, 2.5], { requires_grad: true });
  const [g] = torch.autograd.grad(x.digamma().sum(), x, { create_graph: true });
  assert.equal(g.grad_fn.name(), 'MulBackward0');
  assert.equal(g.grad_fn.next_functions[1][0].name(), 'PolygammaBackward0');
  const [h] = torch.autograd.grad(g.sum(), x);
  // polygamma(2, x) at 0.5 and 2.5
  assert.ok(Math.abs(h.tolist()[0] + 16.8288) < 1e-3 && Math.abs(h.tolist()[1] + 0.2362) < 1e-3, String(h));
});
