// torch.utils.data behaviour that the PyTorch fixtures (tests/fixtures/data.json) cannot state:
// the JS spellings (getitem/len/length, iterator protocol, subclassing) and tensorpad's refusals.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import torch from '../../js/tensorpad.js';

const D = torch.utils.data;

test('torch.utils.data is wired in and frozen', () => {
  assert.equal(typeof D.DataLoader, 'function');
  assert.ok(Object.isFrozen(D));
});

test('a Dataset subclass with getitem/len feeds a DataLoader', () => {
  class Pairs extends D.Dataset {
    getitem(i) { return [i, { sq: i * i, half: i / 2 }]; }
    len() { return 5; }
  }
  const p = new Pairs();
  assert.equal(p.length, 5);
  const dl = new D.DataLoader(p, { batch_size: 2 });
  assert.equal(dl.length, 3);
  const got = [];
  for (const [i, { sq, half }] of dl) got.push([i.dtype.name, i.tolist(), sq.tolist(), half.dtype.name, half.tolist()]);
  assert.deepEqual(got, [
    // the first number decides, an integral one counting as Python's int: torch.tensor([0, 0.5])
    ['int64', [0, 1], [0, 1], 'float32', [0, 0.5]],
    ['int64', [2, 3], [4, 9], 'float32', [1, 1.5]],
    ['int64', [4], [16], 'int64', [2]],  // JS cannot tell 2.0 from 2: an all-integral batch is int64
  ]);
  const it = dl[Symbol.iterator]();
  assert.equal(it.length, 3);
  assert.equal(it[Symbol.iterator](), it);
});

test('the base Dataset has no items', () => {
  assert.throws(() => new D.Dataset().getitem(0), /NotImplementedError/);
  assert.throws(() => new D.Dataset().length, /has no len\(\)/);
});

test('num_workers > 0 is refused, pin_memory accepted and unknown options rejected', () => {
  assert.throws(() => new D.DataLoader([1, 2], { num_workers: 2 }), /num_workers must be 0/);
  assert.equal(new D.DataLoader([1, 2], { pin_memory: true }).pin_memory, true);
  assert.throws(() => new D.DataLoader([1, 2], { batchsize: 2 }), /unexpected keyword argument 'batchsize'/);
});

test('a failed loader construction draws nothing from the default generator', () => {
  torch.manual_seed(5);
  assert.throws(() => new D.DataLoader([1, 2], { shuffle: true, sampler: [0, 1] }));
  const a = torch.randint(0, 1000, [3]).tolist();
  torch.manual_seed(5);
  assert.deepEqual(torch.randint(0, 1000, [3]).tolist(), a);
});
