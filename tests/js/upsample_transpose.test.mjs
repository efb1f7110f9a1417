// The second part of the CNN toolbox (src/nn/conv.c's upsampling, adaptive max pooling and
// transposed convolution; js/nn/conv.js): gradcheck in float64 of F.interpolate over its modes,
// the 1-D and adaptive max pools and conv_transpose1d/2d, the refusal of create_graph through
// them, and failed calls that change nothing. Values, gradients, reprs and messages against PyTorch are in
// tests/fixtures/upsample_transpose.json (gen_upsample_transpose.py).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import torch from '../../js/tensorpad.js';

const F = torch.nn.functional;
const f64 = { dtype: torch.float64 };
const R = (...shape) => torch.randn(...shape, f64).requires_grad_();

function gradcheck(label, fn, inputs) {
  torch.scope(() => assert.equal(torch.autograd.gradcheck(fn, inputs), true, `gradcheck ${label}`));
}

test('gradcheck: interpolate nearest, linear, bilinear, bicubic (both align_corners), area', () => {
  torch.manual_seed(4);
  const cases = [
    ['nearest 2d size', [2, 2, 3, 4], { size: [5, 7] }],
    ['nearest 2d down', [1, 2, 6, 5], { size: [4, 2] }],
    ['nearest 2d scale', [1, 1, 4, 3], { scale_factor: [1.7, 2] }],
    ['nearest 1d', [2, 3, 5], { scale_factor: 0.6 }],
    ['bilinear', [2, 2, 3, 4], { size: [5, 7], mode: 'bilinear' }],
    ['bilinear down', [1, 2, 7, 6], { size: [3, 4], mode: 'bilinear' }],
    ['bilinear scale', [1, 1, 4, 3], { scale_factor: [1.3, 2.5], mode: 'bilinear' }],
    ['bilinear align_corners', [1, 2, 3, 4], { size: [6, 5], mode: 'bilinear', align_corners: true }],
    ['linear', [2, 3, 5], { size: 8, mode: 'linear' }],
    ['linear align_corners', [2, 3, 5], { size: 3, mode: 'linear', align_corners: true }],
    ['nearest-exact', [1, 2, 4, 3], { scale_factor: [1.7, 0.7], mode: 'nearest-exact' }],
    ['bicubic', [1, 2, 3, 4], { size: [5, 7], mode: 'bicubic' }],
    ['bicubic down', [1, 1, 7, 6], { size: [3, 4], mode: 'bicubic' }],
    ['bicubic align_corners', [1, 2, 4, 3], { scale_factor: [1.5, 2], mode: 'bicubic', align_corners: true }],
    ['area', [1, 2, 7, 5], { size: [3, 2], mode: 'area' }],
    ['area 1d', [1, 2, 7], { size: 3, mode: 'area' }],
  ];
  for (const [label, xs, o] of cases) gradcheck(`interpolate ${label}`, (x) => F.interpolate(x, o), [R(...xs)]);
  gradcheck('interpolate of a non-contiguous input',
    (x) => F.interpolate(x.transpose(2, 3), { size: [4, 6], mode: 'bilinear' }), [R(1, 2, 5, 3)]);
});

test('bilinear upsampling reproduces a linear ramp exactly with align_corners', () => {
  const x = torch.tensor([[[[0, 3], [6, 9]]]], f64);
  const y = F.interpolate(x, { size: [3, 4], mode: 'bilinear', align_corners: true });
  assert.deepEqual(y.tolist(), [[[[0, 1, 2, 3], [3, 4, 5, 6], [6, 7, 8, 9]]]]);
  // nearest with scale 2 repeats every pixel twice in each direction
  assert.deepEqual(F.interpolate(x, { scale_factor: 2 }).tolist()[0][0][1], [0, 0, 3, 3]);
});

test('a graph through the upsampling gradient (create_graph) is refused', () => {
  const x = R(1, 1, 3, 3);
  const y = F.interpolate(x, { size: 5, mode: 'bilinear' });
  assert.throws(() => torch.autograd.grad(y.sum(), [x], { create_graph: true }), /does not support create_graph/);
});

test('a failed interpolate changes no tensor and leaves later calls working', () => {
  const x = torch.ones(1, 1, 2, 2, { requires_grad: true });
  assert.throws(() => F.interpolate(x, { size: [0, 3] }), /Input and output sizes should be greater than 0/);
  assert.throws(() => F.interpolate(x, { size: 3, mode: 'linear' }), /Got 4D input, but linear mode needs 3D input/);
  assert.equal(x.grad, null);
  assert.equal(x.sum().item(), 4);
  F.interpolate(x, { size: 4, mode: 'bilinear' }).sum().backward();
  assert.deepEqual(x.grad.tolist(), [[[[4, 4], [4, 4]]]]);
});

test('gradcheck: 1-D pooling and adaptive max pooling', () => {
  // distinct values a finite step cannot reorder: a permutation of well-separated numbers
  const distinct = (...shape) => {
    const n = shape.reduce((a, b) => a * b, 1);
    return torch.randperm(n).to(torch.float64).mul(0.1).view(shape).requires_grad_();
  };
  torch.manual_seed(5);
  gradcheck('max_pool1d', (x) => F.max_pool1d(x, 3, { stride: 2, padding: 1, dilation: 1, ceil_mode: true }), [distinct(2, 2, 9)]);
  gradcheck('avg_pool1d', (x) => F.avg_pool1d(x, 3, { stride: 2, padding: 1, count_include_pad: false }), [R(2, 2, 9)]);
  gradcheck('adaptive_avg_pool1d', (x) => F.adaptive_avg_pool1d(x, 4), [R(2, 3, 7)]);
  gradcheck('adaptive_max_pool1d', (x) => F.adaptive_max_pool1d(x, 4), [distinct(2, 3, 7)]);
  gradcheck('adaptive_max_pool2d', (x) => F.adaptive_max_pool2d(x, [3, 2]), [distinct(2, 2, 7, 5)]);
  gradcheck('adaptive_max_pool2d upsampling', (x) => F.adaptive_max_pool2d(x, 4), [distinct(1, 3, 3)]);
});

test('adaptive_max_pool2d indices point at the maxima; NaN wins its window', () => {
  const x = torch.tensor([[[1, 5, 2, 0], [3, 4, 8, 7], [NaN, 0, 1, 1], [2, 2, 1, 9]]]);
  const [v, idx] = F.adaptive_max_pool2d(x, 2, true);
  assert.deepEqual(idx.tolist(), [[[1, 6], [8, 15]]]);
  assert.deepEqual(v.tolist()[0][0], [5, 8]);
  assert.ok(Number.isNaN(v.tolist()[0][1][0]));
  // a failed call leaves the input as it was
  assert.throws(() => F.adaptive_max_pool2d(torch.randn(3), 2), /Expected 3D or 4D tensor, but got: \[3\]/);
  assert.throws(() => F.max_pool1d(x, 3, { padding: 2 }), /max_pool1d\(\) padding should be at most half of kernel size/);
  assert.equal(x.isnan().sum().item(), 1);
});

test('gradcheck: conv_transpose1d / conv_transpose2d with respect to input, weight and bias', () => {
  torch.manual_seed(6);
  const cases = [
    ['plain', [2, 3, 3, 3], [3, 2, 3, 3], {}],
    ['stride, padding, output_padding', [1, 2, 3, 4], [2, 3, 3, 2], { stride: 2, padding: 1, output_padding: 1 }],
    ['dilation, pairs', [1, 2, 3, 3], [2, 2, 2, 3], { stride: [1, 2], dilation: [2, 1], padding: [1, 0] }],
    ['groups', [1, 4, 3, 3], [4, 1, 2, 2], { groups: 2, stride: 2 }],
    ['unbatched', [2, 3, 3], [2, 2, 2, 2], { padding: 1 }],
  ];
  for (const [label, xs, ws, o] of cases) {
    const cout = ws[1] * (o.groups ?? 1);
    gradcheck(`conv_transpose2d ${label}`, (x, w, b) => F.conv_transpose2d(x, w, b, o), [R(...xs), R(...ws), R(cout)]);
  }
  gradcheck('conv_transpose1d', (x, w, b) => F.conv_transpose1d(x, w, b, { stride: 3, padding: 1, output_padding: 2, dilation: 2 }),
    [R(2, 3, 4), R(3, 2, 3), R(2)]);
  gradcheck('conv_transpose1d groups, no bias', (x, w) => F.conv_transpose1d(x, w, null, { groups: 3 }), [R(1, 3, 5), R(3, 2, 2)]);
});

test('conv_transpose2d is the adjoint of conv2d: <conv(x), y> = <x, conv_transpose(y)>', () => {
  torch.manual_seed(7);
  const x = torch.randn(2, 3, 7, 6, f64), w = torch.randn(4, 3, 3, 2, f64), y = torch.randn(2, 4, 4, 3, f64);
  const o = { stride: 2, padding: 1, dilation: [1, 2] };
  const lhs = F.conv2d(x, w, null, o).mul(y).sum().item();
  const rhs = x.mul(F.conv_transpose2d(y, w, null, { ...o, output_padding: [0, 1] })).sum().item();
  assert.ok(Math.abs(lhs - rhs) < 1e-9 * Math.max(1, Math.abs(lhs)), `${lhs} vs ${rhs}`);
});

test('a failed conv_transpose changes no tensor; create_graph through it is refused', () => {
  const x = torch.ones(1, 2, 3, 3, { requires_grad: true }), w = torch.ones(2, 1, 2, 2, { requires_grad: true });
  assert.throws(() => F.conv_transpose2d(x, w, null, { output_padding: 1 }), /output padding must be smaller than either stride or dilation/);
  assert.throws(() => F.conv_transpose2d(x, w, torch.ones(3)), /expected bias to be 1-dimensional with 1 elements/);
  assert.equal(x.grad, null);
  assert.equal(w.sum().item(), 8);
  const y = F.conv_transpose2d(x, w, null, { stride: 2 });
  assert.deepEqual(Array.from(y.shape), [1, 1, 6, 6]);
  assert.throws(() => torch.autograd.grad(y.sum(), [x], { create_graph: true }), /does not support create_graph/);
  y.sum().backward();
  assert.deepEqual(x.grad.tolist(), [[[[4, 4, 4], [4, 4, 4], [4, 4, 4]], [[4, 4, 4], [4, 4, 4], [4, 4, 4]]]]);
});
