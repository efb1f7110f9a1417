// Behaviour of the operator layer that the PyTorch fixtures cannot express: the method
// list comes from the core's op table, in-place methods return `this`, failed calls change
// nothing, max/min(dim) results are arrays with .values/.indices that print as PyTorch's
// return_types, and results follow torch.scope.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import torch from '../../js/tensorpad.js';
import { W } from '../../js/core/wasm.js';
import { OP, gradFnName } from '../../js/tensor/ops.js';

test('every public op in the core table is a method and a torch function', () => {
  const names = Object.keys(OP).filter((n) => !n.startsWith('_'));
  assert.equal(Object.keys(OP).length, W.tp_op_count());
  for (const n of names) {
    assert.equal(typeof torch.Tensor.prototype[n], 'function', `method ${n}`);
    assert.equal(typeof torch[n], 'function', `torch.${n}`);
  }
  assert.equal(gradFnName('sum'), 'SumBackward0');
  assert.equal(gradFnName('sum', true), 'SumBackward1');
  assert.equal(gradFnName('pow', true), 'PowBackward0');
});

test('in-place methods return this and bump the shared version counter', () => {
  const x = torch.tensor([[1.5, -2.5], [3.5, 4.5]]);
  const v = x.t();
  for (const [m, args] of [['add_', [1]], ['mul_', [torch.ones(2)]], ['neg_', []], ['clamp_', [0, 3]], ['exp_', []], ['div_', [2, { rounding_mode: 'floor' }]]]) {
    const before = x._version;
    assert.equal(v[m](...args), v, m);
    assert.equal(x._version, before + 1, `${m} bumps the version seen by the base`);
  }
});

test('a failed in-place op changes neither the data nor the version', () => {
  const x = torch.tensor([1, 2, 3]);
  const before = x.tolist(), version = x._version;
  assert.throws(() => x.add_(0.5), /result type Float can't be cast to the desired output type Long/);
  assert.throws(() => x.add_(torch.ones(2, 3, { dtype: torch.int64 })), /doesn't match the broadcast shape/);
  assert.throws(() => x.remainder_(0), /ZeroDivisionError/);
  assert.throws(() => x.exp_(), /can't be cast/);
  assert.throws(() => x.sub_(torch.ones(3, { dtype: torch.int64 }), { alpha: torch.ones(1) }), { name: 'TypeError', message: "sub_(): argument 'alpha' must be Number, not Tensor" });
  assert.deepEqual(x.tolist(), before);
  assert.equal(x._version, version);
  assert.deepEqual(x.add(1).tolist(), [2, 3, 4], 'the module is still usable');
});

test('max/min with a dim: [values, indices] with .values/.indices and return_types printing', () => {
  const x = torch.tensor([[1, 5, 5], [7, 0, 2]]);
  const r = x.max(1);
  const [values, indices] = r;
  assert.equal(r.values, values);
  assert.equal(r.indices, indices);
  assert.deepEqual(values.tolist(), [5, 7]);
  assert.deepEqual(indices.tolist(), [1, 0]);
  assert.equal(String(torch.min(x, { dim: 0, keepdim: true })),
    'torch.return_types.min(\nvalues=tensor([[1, 0, 2]]),\nindices=tensor([[0, 1, 1]]))');
  const kept = torch.scope(() => x.max(0));
  assert.ok(!kept.values.is_disposed && !kept.indices.is_disposed, 'a returned pair survives its scope');
});

test('JS arrays where a tensor is required throw; numbers where PyTorch takes scalars work', () => {
  const x = torch.tensor([1.5, 2.5]);
  assert.throws(() => x.add([1, 2]), TypeError);
  assert.throws(() => torch.where(x.gt(2), [1, 2], 0), TypeError);
  assert.throws(() => torch.maximum(x, 2), /must be Tensor, not int/);
  assert.deepEqual(torch.sub(5, x).tolist(), [3.5, 2.5]);
  assert.deepEqual(torch.pow(2, torch.tensor([1, 2])).tolist(), [2, 4]);
  assert.deepEqual(x.add(true).tolist(), [2.5, 3.5]);
  assert.deepEqual(x.mul(2n).tolist(), [3, 5]);
  assert.throws(() => x.sum({ dims: 0 }), /sum\(\) received an invalid combination of arguments - got \(dims=int, \)/);  // PyTorch's text
});

test('scalar ops allocate nothing but their result', () => {
  const x = torch.rand(4);
  const live = torch.memory_stats().live_tensors;
  const y = x.mul(1.0001).add(0.0001);
  assert.equal(torch.memory_stats().live_tensors, live + 2);
  y.dispose();
});
