// torch.* functions of js/torch/functional.js beyond the fixtures: the UserWarnings of meshgrid,
// chain_matmul (TORCH_WARN_ONCE: once per process) and range (a Python warning: once per call
// site), vander's gradient, and that composites leak nothing.
import test from 'node:test';
import assert from 'node:assert/strict';
import torch from '../../js/tensorpad.js';

function captureWarnings(fn) {
  const msgs = [], orig = console.warn;
  console.warn = (...a) => msgs.push(a.join(' '));
  try {
    fn();
  } finally {
    console.warn = orig;
  }
  return msgs;
}

test('meshgrid without indexing warns once; with indexing it is silent', () => {
  const a = torch.tensor([1, 2, 3]), b = torch.tensor([4, 5]);
  const msgs = captureWarnings(() => {
    torch.meshgrid(a, b, { indexing: 'ij' });
    torch.meshgrid(a, b, { indexing: 'xy' });
    assert.equal(torch.meshgrid(a, b)[0].shape[0], 3);
    torch.meshgrid([a, b]);
  });
  assert.deepEqual(msgs, ['UserWarning: torch.meshgrid: in an upcoming release, it will be required to pass the indexing argument. ' +
    '(Triggered internally at  ./aten/src/ATen/native/TensorShape.cpp:3190.)']);
});

test('torch.range warns that it is deprecated once per call site, as a Python warning', () => {
  const msg = "UserWarning: torch.range is deprecated and will be removed in a future release because its behavior is " +
    "inconsistent with Python's range builtin. Instead, use torch.arange, which produces values in [start, end).";
  const msgs = captureWarnings(() => {
    for (let i = 0; i < 3; i++) assert.deepEqual(torch.range(1, 3).tolist(), [1, 2, 3]);
  });
  assert.deepEqual(msgs, [msg]);
  assert.deepEqual(captureWarnings(() => torch.range(0, 1, 0.5)), [msg]);   // another line of user code
});

test('torch.chain_matmul warns once that it is deprecated', () => {
  const A = torch.ones(2, 3), B = torch.ones(3, 2);
  const msgs = captureWarnings(() => {
    assert.deepEqual(torch.chain_matmul(A, B).tolist(), [[3, 3], [3, 3]]);
    torch.chain_matmul(A);
    torch.linalg.multi_dot([A, B]);                 // its replacement does not warn
  });
  assert.deepEqual(msgs, ['UserWarning: torch.chain_matmul is deprecated and will be removed in a future PyTorch release. ' +
    'Use torch.linalg.multi_dot instead, which accepts a list of two or more tensors rather than multiple parameters. ' +
    '(Triggered internally at  ./aten/src/ATen/native/LinearAlgebra.cpp:967.)']);
});

test('meshgrid gradients flow back through the expanded views', () => {
  const a = torch.tensor([1, 2, 3], { dtype: torch.float32, requires_grad: true });
  const b = torch.tensor([4, 5], { dtype: torch.float32, requires_grad: true });
  const [X, Y] = torch.meshgrid(a, b, { indexing: 'ij' });
  X.mul(Y).sum().backward();
  assert.deepEqual(a.grad.tolist(), [9, 9, 9]);
  assert.deepEqual(b.grad.tolist(), [6, 6]);
});

test('a failed composite call leaves no tensors behind', () => {
  const x = torch.zeros(2, 3);
  const before = torch.memory_stats().live_tensors;
  assert.throws(() => torch.std_mean(x, 5), /Dimension out of range/);
  assert.throws(() => torch.column_stack([x, torch.zeros(3)]), /Sizes of tensors must match/);
  assert.equal(torch.memory_stats().live_tensors, before + 1);  // the torch.zeros(3) argument
});

test('vander can be differentiated (1.13 raises here: its in-place cumprod_out trips the version check)', () => {
  const x = torch.tensor([1, 2, 3], { dtype: torch.float32, requires_grad: true });
  torch.vander(x).sum().backward();           // d/dx (x^2 + x + 1) = 2x + 1
  assert.deepEqual(x.grad.tolist(), [3, 5, 7]);
});

test('composites release their intermediates: disposing the results frees everything', () => {
  const A = torch.ones(2, 3), B = torch.ones(3, 4), v = torch.ones(3);
  const before = torch.memory_stats().live_tensors;
  const results = [torch.einsum('ij,jk->ik', A, B), torch.einsum('bi,bi->b', A, A), torch.tensordot(A, B, 1),
    torch.cdist(A, A), torch.trapezoid(v), torch.combinations(v), torch.block_diag(A, B), torch.vander(v)];
  for (const r of results) r.dispose();
  assert.equal(torch.memory_stats().live_tensors, before);
});
