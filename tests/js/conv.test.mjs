// Convolution and pooling (src/nn/conv.c, js/nn/conv.js): gradcheck in float64 of every input of
// conv1d/conv2d and the pools over their options, the refusal of create_graph through them,
// failed calls that change nothing, and a small CNN that learns. Values, gradients, reprs
// and messages against PyTorch are in tests/fixtures/conv.json (gen_conv.py).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import torch from '../../js/tensorpad.js';

const F = torch.nn.functional;
const f64 = { dtype: torch.float64 };
const R = (...shape) => torch.randn(...shape, f64).requires_grad_();

function gradcheck(label, fn, inputs) {
  torch.scope(() => assert.equal(torch.autograd.gradcheck(fn, inputs), true, `gradcheck ${label}`));
}

test('gradcheck: conv2d with respect to input, weight and bias', () => {
  torch.manual_seed(1);
  const cases = [
    ['plain', [2, 3, 5, 5], [4, 3, 3, 3], {}],
    ['stride, padding', [1, 2, 6, 5], [3, 2, 3, 2], { stride: 2, padding: 1 }],
    ['dilation, pair padding', [1, 2, 7, 6], [2, 2, 2, 3], { dilation: [2, 1], padding: [1, 2] }],
    ['groups', [2, 4, 5, 4], [6, 2, 3, 2], { groups: 2 }],
    ['same, even kernel', [1, 2, 5, 5], [2, 2, 2, 2], { padding: 'same' }],
    ['unbatched', [2, 5, 4], [3, 2, 2, 2], { padding: 1 }],
  ];
  for (const [label, xs, ws, o] of cases) {
    gradcheck(`conv2d ${label}`, (x, w, b) => F.conv2d(x, w, b, o), [R(...xs), R(...ws), R(ws[0])]);
  }
  gradcheck('conv2d without bias', (x, w) => F.conv2d(x, w, null, { stride: [1, 2] }), [R(1, 2, 5, 6), R(3, 2, 3, 3)]);
});

test('gradcheck: conv1d', () => {
  torch.manual_seed(2);
  gradcheck('conv1d', (x, w, b) => F.conv1d(x, w, b, { stride: 2, padding: 1, dilation: 2 }), [R(2, 3, 9), R(4, 3, 3), R(4)]);
  gradcheck('conv1d groups', (x, w) => F.conv1d(x, w, null, { groups: 3 }), [R(1, 3, 6), R(3, 1, 2)]);
});

test('gradcheck: max_pool2d, avg_pool2d, adaptive_avg_pool2d', () => {
  // distinct values a finite step cannot reorder: a permutation of well-separated numbers
  const distinct = (...shape) => {
    const n = shape.reduce((a, b) => a * b, 1);
    return torch.randperm(n).to(torch.float64).mul(0.1).view(shape).requires_grad_();
  };
  torch.manual_seed(3);
  gradcheck('max_pool2d', (x) => F.max_pool2d(x, 2), [distinct(1, 2, 4, 5)]);
  gradcheck('max_pool2d overlapping, padded, dilated, ceil',
    (x) => F.max_pool2d(x, 3, { stride: 2, padding: 1, dilation: [1, 2], ceil_mode: true }), [distinct(2, 1, 7, 8)]);
  gradcheck('avg_pool2d', (x) => F.avg_pool2d(x, 2), [R(1, 2, 4, 5)]);
  gradcheck('avg_pool2d padded, ceil, exclude pad',
    (x) => F.avg_pool2d(x, 3, { stride: 2, padding: 1, ceil_mode: true, count_include_pad: false }), [R(2, 1, 6, 7)]);
  gradcheck('avg_pool2d divisor_override', (x) => F.avg_pool2d(x, [2, 3], { divisor_override: 4 }), [R(3, 4, 6)]);
  gradcheck('adaptive_avg_pool2d', (x) => F.adaptive_avg_pool2d(x, [3, 2]), [R(2, 2, 7, 5)]);
  gradcheck('adaptive_avg_pool2d upsampling', (x) => F.adaptive_avg_pool2d(x, 4), [R(1, 3, 3)]);
});

test('a graph through these gradients (create_graph) is refused, not silently wrong', () => {
  const x = R(1, 1, 4, 4), w = R(1, 1, 2, 2);
  for (const y of [F.conv2d(x, w), F.max_pool2d(x, 2), F.avg_pool2d(x, 2), F.adaptive_avg_pool2d(x, 3)]) {
    assert.throws(() => torch.autograd.grad(y.sum(), [x], { create_graph: true }), /does not support create_graph/);
  }
  // first-order gradients still work afterwards
  F.conv2d(x, w).sum().backward();
  assert.deepEqual(Array.from(x.grad.shape), [1, 1, 4, 4]);
});

test('a failed call changes no tensor and leaves later calls working', () => {
  const x = torch.ones(1, 1, 5, 5, { requires_grad: true }), w = torch.ones(2, 3, 3, 3);
  assert.throws(() => F.conv2d(x, w), /expected input\[1, 1, 5, 5\] to have 3 channels, but got 1 channels instead/);
  assert.throws(() => F.max_pool2d(x, 6), /Output size is too small/);
  assert.equal(x.grad, null);
  assert.equal(x.sum().item(), 25);
  assert.equal(w.sum().item(), 54);
  const y = F.conv2d(x, torch.ones(2, 1, 3, 3));
  assert.deepEqual(y.tolist()[0][0], [[9, 9, 9], [9, 9, 9], [9, 9, 9]]);
});

test('max_pool2d indices point at the maxima; NaN wins its window', () => {
  const x = torch.tensor([[[1, 5, 2, 0], [3, 4, 8, 7], [NaN, 0, 1, 1], [2, 2, 1, 9]]]);
  const [v, idx] = F.max_pool2d(x, 2, { return_indices: true });
  assert.deepEqual(idx.tolist(), [[[1, 6], [8, 15]]]);
  const got = v.tolist()[0];
  assert.deepEqual(got[0], [5, 8]);
  assert.ok(Number.isNaN(got[1][0]));
  assert.equal(got[1][1], 9);
});

test('a small CNN learns a synthetic pattern (vertical vs horizontal bars)', () => {
  torch.manual_seed(0);
  const n = 16;
  const xs = torch.zeros(n, 1, 6, 6), ys = torch.zeros(n, { dtype: torch.int64 });
  for (let i = 0; i < n; i++) {
    const k = 1 + (i % 4);
    if (i % 2) xs.index(i, 0, ':', k).fill_(1); else xs.index(i, 0, k).fill_(1);
    ys.index_put_([torch.tensor([i])], torch.tensor(i % 2));
  }
  const model = new torch.nn.Sequential(
    new torch.nn.Conv2d(1, 4, 3, { padding: 1 }), new torch.nn.ReLU(), new torch.nn.MaxPool2d(2),
    new torch.nn.Flatten(), new torch.nn.Linear(36, 2));
  const opt = new torch.optim.SGD(model.parameters(), { lr: 0.5 });
  let first = null, last = null;
  for (let step = 0; step < 30; step++) {
    opt.zero_grad();
    const loss = F.cross_entropy(model.call(xs), ys);
    loss.backward();
    opt.step();
    if (first === null) first = loss.item();
    last = loss.item();
  }
  assert.ok(last < first * 0.2, `loss ${first} -> ${last}`);
  assert.deepEqual(model.call(xs).argmax(1).tolist(), ys.tolist());
});
