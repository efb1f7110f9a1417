// gradcheck and gradgradcheck (float64) for sorting and selection (src/ops/reduce/sort.c) and the
// reductions and scans of the same group. Inputs have no ties (a tie is a point where
// these ops are not differentiable), so central differences agree with autograd.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import torch from '../../js/tensorpad.js';

const f64 = { dtype: torch.float64 };
const BASE = [[0.31, -0.62, 0.47, -0.23], [0.74, -0.38, 0.56, -0.81], [0.12, 0.66, -0.44, 0.29]];
const unit = () => torch.tensor(BASE, f64).requires_grad_();

function check(label, fn, inputs) {
  torch.scope(() => {
    assert.equal(torch.autograd.gradcheck(fn, inputs), true, `gradcheck ${label}`);
    assert.equal(torch.autograd.gradgradcheck(fn, inputs), true, `gradgradcheck ${label}`);
  });
}

const CASES = [
  ['sort(1)', (x) => x.sort(1).values],
  ['sort(0, descending)', (x) => x.sort(0, true).values],
  ['sort stable', (x) => x.sort({ stable: true, dim: 0 }).values],
  ['msort', (x) => x.msort()],
  ['topk(2)', (x) => x.topk(2).values],
  ['topk(2, 0, smallest, unsorted)', (x) => x.topk(2, 0, false, false).values],
  ['kthvalue(3)', (x) => x.kthvalue(3).values],
  ['kthvalue(2, 0, keepdim)', (x) => x.kthvalue(2, 0, true).values],
  ['median()', (x) => x.median()],
  ['median(1)', (x) => x.median(1).values],
  ['nanmedian()', (x) => x.nanmedian()],
  ['nanmedian(0, keepdim)', (x) => x.nanmedian(0, true).values],
  ['mode(1)', (x) => x.mode(1).values],
  ['cummax(1)', (x) => x.cummax(1).values],
  ['cummin(0)', (x) => x.cummin(0).values],
];
for (const [label, fn] of CASES) {
  test(`gradcheck + gradgradcheck: ${label}`, () => check(label, fn, [unit()]));
}

test('cummax sends the gradient of every position to the running maximum (scatter_add)', () => {
  const x = torch.tensor([1, 3, 2, 3, 0], f64).requires_grad_();
  x.cummax(0).values.sum().backward();
  assert.deepEqual(x.grad.tolist(), [1, 2, 0, 2, 0]);  // as PyTorch: ties take the later index
});

test('median() shares the gradient among the elements equal to it', () => {
  const x = torch.tensor([2, 1, 2, 5], f64).requires_grad_();
  x.median().backward();
  assert.deepEqual(x.grad.tolist(), [0.5, 0, 0.5, 0]);
});

// ---- src/ops/reduce/stats.c ----
const STATS = [
  ['nansum()', (x) => x.nansum()],
  ['nansum(1, keepdim)', (x) => x.nansum(1, true)],
  ['nanmean(0)', (x) => x.nanmean(0)],
  ['logcumsumexp(1)', (x) => x.logcumsumexp(1)],
  ['logcumsumexp(0)', (x) => x.logcumsumexp(0)],
  ['quantile(0.3)', (x) => x.quantile(0.3)],
  ['quantile([0.2, 0.7], 1)', (x) => x.quantile(torch.tensor([0.2, 0.7], f64), 1)],
  ['quantile midpoint', (x) => x.quantile(0.5, { dim: 0, interpolation: 'midpoint' })],
  ['nanquantile(0.4, 1, keepdim)', (x) => x.nanquantile(0.4, 1, true)],
  ['diff()', (x) => x.diff()],
  ['diff(2, 0) with prepend', (x) => x.diff(2, 0, torch.ones(1, 4, f64))],
  ['dist(2)', (x) => x.dist(torch.tensor([0.1, 0.2, -0.3, 0.05], f64))],
  ['dist(1)', (x) => x.dist(torch.zeros(4, f64), 1)],
  ['dist(3)', (x) => x.dist(torch.zeros(4, f64), 3)],
  ['dist(inf)', (x) => x.dist(torch.zeros(4, f64), Infinity)],
  ['dist(0.5)', (x) => x.dist(torch.ones(4, f64), 0.5)],
  ['cumsum_', (x) => x.mul(1).cumsum_(1)],
  ['cumprod_', (x) => x.mul(1).cumprod_(0)],
];
for (const [label, fn] of STATS) {
  test(`gradcheck + gradgradcheck: ${label}`, () => check(label, fn, [unit()]));
}

test('dist sends the negated gradient to other, summed over its broadcast', () => {
  const x = unit(), y = torch.tensor([0.1, 0.2, -0.3, 0.05], f64).requires_grad_();
  check('dist(x, y) in both inputs', (a, b) => a.dist(b, 3), [x, y]);
});

test('nansum and nanmean give no gradient to NaN elements', () => {
  const x = torch.tensor([1, NaN, 2], f64).requires_grad_();
  x.nansum().backward();
  assert.deepEqual(x.grad.tolist(), [1, 0, 1]);
  x.grad = null;
  x.nanmean().backward();
  assert.deepEqual(x.grad.tolist(), [0.5, 0, 0.5]);
});
