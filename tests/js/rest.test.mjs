// The remaining Tensor methods (js/rest.js): what tensorpad does not have throws a TensorError
// naming it, and leaves the tensor as it was. PyTorch's own behaviour is in tests/fixtures/rest.json.
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
