// The ops of src/ops/shape/diag_views_scatter.c: gradcheck and gradgradcheck (float64, central differences
// against autograd) for every differentiable one, and what the PyTorch fixtures
// (tests/fixtures/diag_views.json) cannot show: views write through, failed calls change nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import torch from '../../js/tensorpad.js';

const f64 = { dtype: torch.float64 };
const R = (...shape) => {
  const n = shape.reduce((p, q) => p * q, 1);
  return torch.arange(n, f64).mul(1.3).add(0.2).sin().reshape(shape).clone().requires_grad_();
};

function check(label, fn, inputs) {
  torch.scope(() => {
    assert.equal(torch.autograd.gradcheck(fn, inputs), true, `gradcheck ${label}`);
    assert.equal(torch.autograd.gradgradcheck(fn, inputs), true, `gradgradcheck ${label}`);
  });
}

const OPS = [
  ['diagonal', (a) => a.diagonal(), () => [R(3, 4)]],
  ['diagonal offset, dims', (a) => a.diagonal(1, 2, 0), () => [R(3, 2, 4)]],
  ['diagonal negative offset', (a) => a.diagonal(-1), () => [R(3, 3)]],
  ['diag of a vector', (a) => a.diag(1), () => [R(3)]],
  ['diag of a matrix', (a) => a.diag(-1), () => [R(3, 4)]],
  ['trace', (a) => a.trace(), () => [R(3, 4)]],
  ['diag_embed', (a) => a.diag_embed(1, 0, 2), () => [R(2, 3)]],
  ['diagflat', (a) => a.diagflat(-1), () => [R(2, 2)]],
  ['movedim', (a) => a.movedim([0, 1], [2, 0]), () => [R(2, 3, 2)]],
  ['swapdims', (a) => a.swapdims(0, 2), () => [R(2, 3, 2)]],
  ['t_ on a clone', (a) => a.clone().t_(), () => [R(2, 3)]],
  ['transpose_ on a clone', (a) => a.mul(2).transpose_(0, 2), () => [R(2, 3, 2)]],
  ['squeeze_ / unsqueeze_ on a clone', (a) => a.mul(1).squeeze_().unsqueeze_(0).squeeze_(0).unsqueeze_(-1), () => [R(2, 1, 3)]],
  ['as_strided_ on a clone', (a) => a.clone().as_strided_([2, 2], [1, 2], 1), () => [R(2, 3)]],
  ['unflatten', (a) => a.unflatten(1, [2, -1]), () => [R(2, 6)]],
  ['broadcast_to', (a) => a.broadcast_to([2, 3, 4]), () => [R(3, 1)]],
  ['type_as', (a, b) => a.type_as(b), () => [R(2, 3), R(2)]],
  ['tensor_split sections', (a) => a.tensor_split(3, 1), () => [R(2, 4)]],
  ['tensor_split indices', (a) => a.tensor_split([1, 3], 1), () => [R(2, 4)]],
  ['hsplit', (a) => a.hsplit(2), () => [R(2, 4)]],
  ['vsplit', (a) => a.vsplit([1]), () => [R(3, 2)]],
  ['dsplit', (a) => a.dsplit(2), () => [R(2, 1, 4)]],
  ['repeat_interleave', (a) => a.repeat_interleave(2), () => [R(2, 3)]],
  ['repeat_interleave tensor repeats', (a) => a.repeat_interleave(torch.tensor([2, 0, 1]), 1), () => [R(2, 3)]],
  ['rot90', (a) => a.rot90(), () => [R(2, 3)]],
  ['rot90 k=2', (a) => a.rot90(2, [1, 2]), () => [R(2, 3, 2)]],
  ['rot90 k=-1', (a) => a.rot90(-1), () => [R(2, 3)]],
  ['rot90 k=0', (a) => a.rot90(0), () => [R(2, 3)]],
  ['unfold', (a) => a.unfold(1, 2, 1), () => [R(2, 4)]],
  ['unfold step 2, of a transpose', (a) => a.t().unfold(0, 2, 2), () => [R(3, 5)]],
  ['take', (a) => a.take(torch.tensor([[0, 5], [5, -1]])), () => [R(2, 3)]],
  ['sum_to_size', (a) => a.sum_to_size(1, 3), () => [R(2, 2, 3)]],
  ['addmv', (s, m, v) => torch.addmv(s, m, v, { beta: 0.5, alpha: -2 }), () => [R(3), R(3, 4), R(4)]],
  ['addmv 0-d input', (s, m, v) => torch.addmv(s, m, v), () => [R(1).sum(), R(3, 4), R(4)]],
  ['addmv_ on a clone', (s, m, v) => s.mul(1).addmv_(m, v, { alpha: 2 }), () => [R(3), R(3, 4), R(4)]],
  ['addr', (s, a, b) => torch.addr(s, a, b, { beta: 2 }), () => [R(4), R(3), R(4)]],
  ['addr_ on a clone', (s, a, b) => s.clone().addr_(a, b, { beta: 0, alpha: 3 }), () => [R(3, 4), R(3), R(4)]],
  ['baddbmm', (s, a, b) => torch.baddbmm(s, a, b, { alpha: 0.5 }), () => [R(3, 2), R(2, 3, 4), R(2, 4, 2)]],
  ['baddbmm_ on a clone', (s, a, b) => s.clone().baddbmm_(a, b), () => [R(2, 3, 2), R(2, 3, 4), R(2, 4, 2)]],
  ['addbmm', (s, a, b) => torch.addbmm(s, a, b, { beta: -1 }), () => [R(2), R(2, 3, 4), R(2, 4, 2)]],
  ['addbmm_ on a clone', (s, a, b) => s.mul(1).addbmm_(a, b, { alpha: 2 }), () => [R(3, 2), R(2, 3, 4), R(2, 4, 2)]],
  ['addmm_ on a clone', (s, a, b) => s.mul(1).addmm_(a, b, { beta: 2 }), () => [R(3, 2), R(3, 4), R(4, 2)]],
  ['inner', (a, b) => torch.inner(a, b), () => [R(2, 3), R(4, 3)]],
  ['inner 3-d, 1-d', (a, b) => a.inner(b), () => [R(2, 2, 3), R(3)]],
  ['vdot', (a, b) => torch.vdot(a, b), () => [R(4), R(4)]],
  ['kron', (a, b) => torch.kron(a, b), () => [R(2, 3), R(3)]],
  ['cross', (a, b) => torch.cross(a, b), () => [R(2, 3), R(2, 3)]],
  ['cross dim 0, broadcast', (a, b) => torch.cross(a, b, { dim: 0 }), () => [R(3, 2), R(3, 1)]],
  ['matrix_power 0, 1, 3, 5', (a) => torch.stack([0, 1, 3, 5].map((k) => a.matrix_power(k).mul(0.5 ** k))), () => [R(3, 3)]],
  ['select_scatter', (a, s) => torch.select_scatter(a, s, 1, -1), () => [R(2, 3), R(2)]],
  ['slice_scatter', (a, s) => torch.slice_scatter(a, s, 1, 0, 3, 2), () => [R(2, 3), R(2, 2)]],
  ['diagonal_scatter', (a, s) => a.diagonal_scatter(s, 1), () => [R(3, 4), R(3)]],
  ['masked_scatter', (a, s) => a.masked_scatter(torch.tensor([true, false, true]), s), () => [R(2, 3), R(5)]],
  ['masked_scatter_ on a clone', (a, s) => a.mul(1).masked_scatter_(torch.tensor([[false, true, true], [true, false, false]]), s), () => [R(2, 3), R(2, 2)]],
  ['put', (a, s) => a.put(torch.tensor([0, 4, -1]), s), () => [R(2, 3), R(3)]],
  ['put accumulate, repeated index', (a, s) => a.put(torch.tensor([[1, 1], [5, 1]]), s, true), () => [R(2, 3), R(4)]],
  ['put_ on a clone', (a, s) => a.clone().put_(torch.tensor([2]), s), () => [R(2, 3), R(1)]],
  ...['sum', 'prod', 'mean', 'amax', 'amin'].flatMap((red) => [true, false].map((incl) => [
    `scatter_reduce ${red} include_self=${incl}`,
    (a, s) => a.scatter_reduce(0, torch.tensor([[0, 2, 2], [1, 2, 0]]), s, red, { include_self: incl }),
    () => [R(3, 3), R(2, 3).detach().mul(0.7).add(0.05).requires_grad_()],  // no ties between self and src
  ])),
  ...['prod', 'mean', 'amax', 'amin'].flatMap((red) => [true, false].map((incl) => [
    `index_reduce ${red} include_self=${incl}`,
    (a, s) => a.index_reduce(1, torch.tensor([2, 0, 2, 1]), s, red, { include_self: incl }),
    () => [R(2, 3), R(2, 4).detach().mul(0.7).add(0.05).requires_grad_()],
  ])),
  ['index_reduce_ on a clone', (a, s) => a.clone().index_reduce_(0, torch.tensor([1, 1]), s, 'amax'), () => [R(2, 3), R(2, 3).detach().mul(0.6).requires_grad_()]],
  ['scatter_reduce_ on a clone', (a, s) => a.clone().scatter_reduce_(1, torch.tensor([[1, 1], [0, 2]]), s, 'mean'), () => [R(2, 3), R(2, 2)]],
  ['in-place on a diagonal (CopySlices)', (a, b) => { const c = a.mul(1); c.diagonal().mul_(b); return c; }, () => [R(3, 3), R(3)]],
];

for (const [label, fn, make] of OPS) {
  test(`gradcheck + gradgradcheck: ${label}`, () => {
    check(label, fn, make());
  });
}

test('diagonal and unfold are views: writes go through to the base', () => {
  const z = torch.zeros(3, 4);
  z.diagonal(1).fill_(2);
  z.unfold(0, 2, 1).index(1).fill_(5);  // rows 1 and 2
  assert.deepEqual(z.tolist(), [[0, 2, 0, 0], [5, 5, 5, 5], [5, 5, 5, 5]]);
  assert.equal(torch.shares_memory(z.movedim(0, 1), z), true);
  assert.equal(torch.shares_memory(z.diag(), z), false);
});

test('an in-place view op keeps the JS object and bumps the version', () => {
  const y = torch.zeros(2, 3);
  const v0 = y._version;
  assert.equal(y.t_(), y);
  assert.deepEqual(Array.from(y.shape), [3, 2]);
  assert.deepEqual(Array.from(y.stride()), [1, 3]);
  assert.equal(y._version, v0 + 1);
});

test('failed calls change no tensor', () => {
  const z = torch.arange(6, f64).reshape(2, 3);
  assert.throws(() => z.put_(torch.tensor([0, 9]), torch.tensor([1, 2], f64)), /out of range/);
  assert.throws(() => z.masked_scatter_(torch.tensor([true, true, true]), torch.ones(5, f64)), /Number of elements of source/);
  assert.deepEqual(z.tolist(), [[0, 1, 2], [3, 4, 5]]);
  assert.equal(z._version, 0);
  const y = torch.arange(6, f64).reshape(2, 3);
  for (const bad of [() => y.transpose_(0, 5), () => y.squeeze_(4), () => y.unsqueeze_(9), () => torch.zeros(2, 2, 2).t_()]) {
    assert.throws(bad);
    assert.deepEqual(Array.from(y.shape), [2, 3]);
    assert.deepEqual(Array.from(y.stride()), [3, 1]);
    assert.equal(y._version, 0);
  }
  const w = R(2, 3);
  assert.throws(() => w.t_(), /a leaf Variable that requires grad/);
  assert.deepEqual(Array.from(w.shape), [2, 3]);
  assert.equal(w.grad_fn, null);
});

test('dtypes tensorpad does not have: the methods exist and name the ones it has', () => {
  const x = torch.zeros(2);
  for (const name of ['half', 'bfloat16', 'byte', 'char', 'short']) {
    assert.throws(() => x[name](), (e) => e instanceof torch.TensorError && e.message.includes(`${name}()`) &&
      e.message.includes('torch.float32, torch.float64, torch.int32, torch.int64 and torch.bool'));
  }
});

test('data_ptr is the heap address numpy() views start at', () => {
  const x = torch.arange(6, { dtype: torch.float32 });
  assert.equal(x.data_ptr(), x.numpy().byteOffset);
  assert.equal(x.index('2:').data_ptr(), x.data_ptr() + 8);
});
