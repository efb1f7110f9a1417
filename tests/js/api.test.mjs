// The API conventions of the contract: loading, options objects, varargs sizes, dtypes,
// attributes, printing through console.log, errors that leave the module and the tensors
// untouched, and the heap-growth warning.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import util from 'node:util';
import torch from '../../js/tensorpad.js';
import { notePreview } from '../../js/tensor/devtools.js';

test('the package name and the relative path give the same instance', async () => {
  const again = (await import('tensorpad')).default;
  assert.equal(again, torch);
  assert.equal((await import('../../js/tensorpad.js')).default, torch);
});

test('sizes as varargs or one array; options as a trailing object', () => {
  assert.deepEqual(torch.zeros(2, 3).shape, torch.zeros([2, 3]).shape);
  assert.equal(String(torch.zeros(2, 3).shape), 'torch.Size([2, 3])');
  const t = torch.zeros(2, 3, { dtype: torch.float64, requires_grad: true });
  assert.equal(String(t.dtype), 'torch.float64');
  assert.equal(t.requires_grad, true);
  assert.throws(() => torch.ones_like(t, { dtyp: torch.float32 }), /ones_like\(\) got an unexpected keyword argument 'dtyp'/);
  // several overloads: PyTorch lists them (zeros has two)
  assert.throws(() => torch.zeros(2, { dtyp: torch.float32 }), /zeros\(\) received an invalid combination of arguments - got \(int, dtyp=torch.dtype\)/);
  assert.throws(() => torch.ones(2.5), { message: "ones(): argument 'size' (position 1) must be tuple of SymInts, not float" });
  assert.throws(() => torch.zeros(2, 2.5), { message: "zeros(): argument 'size' must be tuple of SymInts, but found element of type float at pos 2" });
  // a size list by its keyword; an unknown keyword or the same argument twice throws
  const x = torch.zeros(2, 3);
  assert.deepEqual(Array.from(x.view({ size: [3, 2] }).shape), [3, 2]);
  assert.throws(() => x.view({ shape: [3, 2] }), { name: 'TypeError', message: /^view\(\) received an invalid combination of arguments - got \(shape=list, \), but expected one of:\n \* \(torch.dtype dtype\)\n/ });
  assert.throws(() => x.reshape([3, 2], { shape: [3, 2] }), { name: 'TypeError', message: "reshape() got multiple values for argument 'shape'" });
  assert.throws(() => x.add(x, { other: x }), { name: 'TypeError', message: "add() got multiple values for argument 'other'" });
  assert.throws(() => x.pow({ other: x }), { name: 'TypeError', message: /^pow\(\) received an invalid combination of arguments - got \(other=Tensor, \), but expected one of:\n/ });
  assert.throws(() => torch.exp({ input: x, dim: 0 }), { name: 'TypeError', message: "exp() got an unexpected keyword argument 'dim'" });
  assert.throws(() => torch.sum(x, { input: x }), { name: 'TypeError', message: /^sum\(\) received an invalid combination of arguments - got \(Tensor, input=Tensor\), but expected one of:\n/ });
  // Python bools are bools: a number or null as keepdim/unbiased throws, before anything is computed
  // (PyTorch's texts: one overload names the argument, several are listed)
  for (const f of [() => x.sum(0, 1), () => x.mean(0, { keepdim: null }), () => x.max(0, 1), () => x.argmax(0, 0), () => x.std(0, 1), () => x.var(0, true, 1)]) {
    assert.throws(f, (e) => e instanceof TypeError && /must be bool, not (int|NoneType)|received an invalid combination of arguments - got \(int, (int|keepdim=NoneType|bool, int)\)/.test(e.message));
  }
});

test('dtypes and aliases', () => {
  assert.equal(torch.float, torch.float32);
  assert.equal(torch.double, torch.float64);
  assert.equal(torch.int, torch.int32);
  assert.equal(torch.long, torch.int64);
  assert.equal(String(torch.bool), 'torch.bool');
  assert.equal(torch.tensor([1, 2, 3]).dtype, torch.int64);
  assert.equal(torch.tensor([1.5, 2]).dtype, torch.float32);
  assert.equal(torch.tensor([true]).dtype, torch.bool);
  assert.equal(torch.tensor(new Float64Array(2)).dtype, torch.float64);
  assert.equal(torch.tensor(new Int32Array(2)).dtype, torch.int32);
  assert.equal(torch.tensor(new BigInt64Array(2)).dtype, torch.int64);
  assert.equal(torch.tensor(new Uint8Array(2)).dtype, torch.bool);
  assert.equal(String(torch.zeros(1).device), 'cpu');
  assert.throws(() => torch.zeros(2, { dtype: 'complex64' }), /zeros\(\) received an invalid combination of arguments - got \(int, dtype=str\)/);
});

test('console.log and util.inspect print the repr', () => {
  const t = torch.tensor([[1, 2], [3, 4]]);
  assert.equal(util.inspect(t), String(t));
  assert.equal(util.inspect(t.shape), 'torch.Size([2, 2])');
  assert.equal(util.inspect(torch.float32), 'torch.float32');
  assert.equal(String(t), 'tensor([[1, 2],\n        [3, 4]])');
  // Node's console is left alone; a tensor a page's console gave preview fields prints the same
  assert.equal(console.log[Symbol.for('tensorpad.console')], undefined);
  const p = new torch.nn.Parameter(torch.ones(2));
  notePreview(t);
  notePreview(p);
  assert.equal(util.inspect(t), 'tensor([[1, 2],\n        [3, 4]])');
  assert.equal(util.inspect(p), 'Parameter containing:\ntensor([1., 1.], requires_grad=True)');
  assert.deepEqual(Object.keys(t).slice(0, 4), ['[[shape]]', '[[dtype]]', '[[values]]', '_p']);
  assert.deepEqual([t['[[shape]]'], t['[[dtype]]'], t['[[values]]']], ['[2, 2]', 'torch.int64', '[[1, 2], [3, 4]]']);
  assert.deepEqual(t.add(1).tolist(), [[2, 3], [4, 5]]);
  assert.equal(p['[[values]]'], '[1., 1.]');
  p.dispose();
  notePreview(p);
  assert.deepEqual([p['[[shape]]'], p['[[values]]']], [undefined, '<disposed>']);
});

test('integral data with requires_grad and no dtype is float32 (JS cannot tell 2.0 from 2)', () => {
  const x = torch.tensor(2.0, { requires_grad: true });
  assert.equal(x.dtype, torch.float32);
  x.pow(2).backward();
  assert.equal(String(x.grad), 'tensor(4.)');
  assert.equal(torch.full([2], 3, { requires_grad: true }).dtype, torch.float32);
  assert.equal(torch.arange(3, { requires_grad: true }).dtype, torch.float32);
  assert.equal(torch.tensor([1, 2]).dtype, torch.int64);
  assert.throws(() => torch.tensor([1, 2], { dtype: torch.int64, requires_grad: true }), /Only Tensors of floating point and complex dtype can require gradients/);
});

test('item, tolist and conversions', () => {
  assert.equal(torch.tensor(2.5).item(), 2.5);
  assert.equal(torch.tensor(true).item(), true);
  assert.equal(torch.tensor(7, { dtype: torch.int64 }).item(), 7);
  assert.deepEqual(torch.tensor([[true, false]]).tolist(), [[true, false]]);
  assert.deepEqual(torch.tensor([-1.7, 1.7]).long().tolist(), [-1, 1]);
  assert.throws(() => torch.zeros(2).item(), /only one element tensors can be converted to Python scalars/);
  assert.ok(Number.isNaN(torch.tensor(NaN).item()));
});

test('failed calls change nothing', () => {
  const x = torch.arange(6, { dtype: torch.float32 }).view(2, 3);
  const ones4 = torch.ones(4);
  const live = torch.memory_stats().live_tensors;
  assert.throws(() => x.view(4, 2), /shape '\[4, 2\]' is invalid for input of size 6/);
  assert.throws(() => x.copy_(ones4), /must match/);
  assert.throws(() => x.transpose(0, 5), /Dimension out of range/);
  assert.throws(() => torch.tensor([1, 2], { dtype: torch.int32, requires_grad: true }), /floating point/);
  assert.throws(() => torch.tensor([[1], [2, 3]]), /expected sequence of length 1 at dim 1 \(got 2\)/);
  assert.throws(() => torch.randn(2, { dtype: torch.int64 }), /not implemented for 'Long'/);
  assert.equal(torch.memory_stats().live_tensors, live);
  assert.deepEqual(x.tolist(), [[0, 1, 2], [3, 4, 5]]);
  assert.deepEqual(Array.from(x.shape), [2, 3]);
});

test('set_printoptions changes printing and resets sci_mode like Python', () => {
  try {
    torch.set_printoptions({ precision: 2, sci_mode: true });
    assert.equal(String(torch.tensor([1.5, 2.25])), 'tensor([1.50e+00, 2.25e+00])');
    torch.set_printoptions({ precision: 2 });
    assert.equal(String(torch.tensor([1.5, 2.25])), 'tensor([1.50, 2.25])');
    assert.throws(() => torch.set_printoptions({ colour: 1 }), /unexpected keyword argument 'colour'/);
  } finally {
    torch.set_printoptions({ precision: 4, threshold: 1000, edgeitems: 3, linewidth: 80, sci_mode: null });
  }
  assert.equal(String(torch.tensor([1.5, 2.25])), 'tensor([1.5000, 2.2500])');
});

test('manual_seed reproduces PyTorch streams', () => {
  torch.manual_seed(0);
  assert.equal(String(torch.rand(2, 3)), 'tensor([[0.4963, 0.7682, 0.0885],\n        [0.1320, 0.3074, 0.6341]])');
  torch.manual_seed(0);
  assert.equal(String(torch.randn(2, 3)), 'tensor([[ 1.5410, -0.2934, -2.1788],\n        [ 0.5684, -1.0845, -1.3986]])');
  assert.equal(torch.initial_seed(), 0);
});

test('one synchronous stretch that grows the heap a lot warns once', async () => {
  await new Promise((r) => setTimeout(r, 0));
  const warnings = [];
  const orig = console.warn;
  console.warn = (m) => warnings.push(m);
  const big = [];
  try {
    for (let i = 0; i < 80; i++) big.push(torch.empty(1024 * 1024));  // 320 MB
    for (const b of big.splice(0)) b.dispose();
    for (let i = 0; i < 80; i++) big.push(torch.empty(1024 * 1024));
  } finally {
    console.warn = orig;
    for (const b of big) b.dispose();
  }
  assert.equal(warnings.length, 1);
  assert.match(warnings[0], /torch\.scope/);
});
