// The remaining Tensor methods (js/tensor/compat.js): what tensorpad does not have throws a TensorError
// naming it, and leaves the tensor as it was. PyTorch's own behaviour is in tests/fixtures/tensor_compat.json.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import torch from '../../js/tensorpad.js';

const AREAS = {
  'complex dtypes': ['cdouble', 'cfloat', 'chalf', 'stft', 'istft'],
  'sparse tensors': ['to_sparse', 'to_sparse_csr', 'coalesce', 'indices', 'values', 'crow_indices', 'sparse_dim',
    'dense_dim', 'sparse_mask', 'smm', 'sspaddmm', 'is_coalesced', 'sparse_resize_'],
  'quantized tensors': ['dequantize', 'int_repr', 'q_scale', 'qscheme', 'q_per_channel_axis'],
  'mkldnn tensors': ['to_mkldnn'],
  'nested tensors': ['to_padded_tensor'],
};

test('missing layouts and dtypes throw a TensorError naming them', () => {
  const x = torch.tensor([1.5, -2], { dtype: torch.float32 });
  for (const [what, names] of Object.entries(AREAS)) {
    for (const name of names) {
      assert.throws(() => x[name](), (e) => e instanceof torch.TensorError && e.message === `${name}() is not available: tensorpad has no ${what}`, name);
    }
  }
  assert.deepEqual(x.tolist(), [1.5, -2]);
});

test('apply_ with a throwing function changes nothing', () => {
  const x = torch.tensor([1, 2, 3], { dtype: torch.float64 });
  const v = x._version;
  assert.throws(() => x.apply_((e) => { if (e === 3) throw new Error('boom'); return e * 10; }), /boom/);
  assert.deepEqual(x.tolist(), [1, 2, 3]);
  assert.equal(x._version, v);
});

test('rename with a real name is refused', () => {
  assert.throws(() => torch.zeros(2, 3).rename('a', 'b'), /does not support named tensors/);
  assert.deepEqual(Array.from(torch.zeros(2, 3).names), [null, null]);
});

test('gradcheck and gradgradcheck: cov, corrcoef, fill_diagonal_ (float64)', () => {
  const f64 = { dtype: torch.float64 };
  const x = torch.tensor([[0.31, -0.62, 0.47, -0.23], [0.74, -0.38, 0.56, -0.81], [0.12, 0.66, -0.44, 0.29]], f64).requires_grad_();
  const cases = [
    ['cov', (t) => t.cov()],
    ['cov correction 0', (t) => t.cov({ correction: 0 })],
    ['cov of a vector', (t) => t.select(0, 1).cov()],
    ['corrcoef', (t) => t.corrcoef()],
    ['corrcoef of the transpose', (t) => t.t().corrcoef()],
    ['fill_diagonal_ of a non-leaf', (t) => { const y = t.mul(1.5); y.fill_diagonal_(0.25); return y; }],
    ['fill_diagonal_ wrap', (t) => { const y = t.t().mul(1); y.fill_diagonal_(2, true); return y; }],
  ];
  for (const [label, fn] of cases) {
    torch.scope(() => {
      assert.equal(torch.autograd.gradcheck(fn, [x]), true, `gradcheck ${label}`);
      assert.equal(torch.autograd.gradgradcheck(fn, [x]), true, `gradgradcheck ${label}`);
    });
  }
});

test('gradcheck and gradgradcheck: hardshrink, angle, prelu (float64)', () => {
  const f64 = { dtype: torch.float64 };
  const x = torch.tensor([[0.31, -0.62, 0.47, -0.23], [0.74, -0.38, 0.56, -0.81], [0.12, 0.66, -0.44, 0.29]], f64).requires_grad_();
  const w = torch.tensor([0.25, -0.5, 0.75], f64).requires_grad_();
  const w1 = torch.tensor([0.3], f64).requires_grad_();
  const cases = [
    ['hardshrink', (t) => t.hardshrink(0.35), [x]],
    ['angle', (t) => t.angle(), [x]],
    ['mvlgamma p=3', (t) => t.add(2).mvlgamma(3), [x]],
    ['frexp mantissa', (t) => t.mul(5).frexp()[0], [x]],
    ['prelu per channel (3-d)', (t, v) => t.reshape(2, 3, 2).prelu(v), [x, w]],
    ['prelu one weight', (t, v) => t.prelu(v), [x, w1]],
    ['prelu channels of a matrix', (t, v) => t.t().prelu(v), [x, w]],
  ];
  for (const [label, fn, inputs] of cases) {
    torch.scope(() => {
      assert.equal(torch.autograd.gradcheck(fn, inputs), true, `gradcheck ${label}`);
      assert.equal(torch.autograd.gradgradcheck(fn, inputs), true, `gradgradcheck ${label}`);
    });
  }
});

test('mvlgamma_ refuses a tensor that requires grad and changes nothing', () => {
  const x = torch.tensor([1.5, 2.5], { dtype: torch.float64, requires_grad: true });
  assert.throws(() => x.mvlgamma_(2), /mvlgamma_ on a tensor that requires grad is not supported/);
  assert.deepEqual(x.tolist(), [1.5, 2.5]);
});
