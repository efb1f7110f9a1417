// Regression tests for issue 11's JS-layer holes: no constructor takes a heap address (item 4),
// torch.scope never releases what the caller can still reach (item 9), and the argument layer
// (js/arg_parser.js) covers the public API. PyTorch's texts are in tests/fixtures/hardening.json
// (gen_hardening.py); these check what has no Python twin (JS objects, lifetimes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import torch from '../../js/tensorpad.js';
import table from '../../js/core/arg_table.js';

test('new torch.Tensor(a._p) is a new uninitialised tensor, not an alias of a', () => {
  const a = torch.tensor([1.5, 2.5]);
  const t = new torch.Tensor(a._p);
  assert.deepEqual(Array.from(t.shape), [a._p]);
  assert.equal(torch.shares_memory(a, t), false);
  t.dispose();
  assert.deepEqual(a.tolist(), [1.5, 2.5]);  // its owner still has its data
});

test('legacy constructors: with or without new, instanceof, dispose', () => {
  const t = new torch.Tensor(1000);
  assert.ok(t instanceof torch.Tensor);
  t.dispose();
  assert.equal(t.is_disposed, true);
  assert.ok(torch.Tensor(2, 3) instanceof torch.Tensor);
  for (const x of [torch.zeros(2), torch.tensor([1]).add(1), torch.ones(2, 2).t(), torch.arange(3).view(3, 1)]) {
    assert.ok(x instanceof torch.Tensor);
    assert.equal(x.constructor, torch.Tensor);
  }
  assert.ok(torch.tensor([1.5]) instanceof torch.FloatTensor);
  assert.ok(!(torch.tensor([1]) instanceof torch.FloatTensor));
  assert.ok(torch.tensor([1]) instanceof torch.LongTensor);
  assert.equal(torch.LongTensor(2).dtype, torch.int64);
});

test('no other public constructor takes a raw value', () => {
  assert.throws(() => new torch.dtype(new Date()), { name: 'TypeError', message: "cannot create 'torch.dtype' instances" });
  assert.throws(() => new torch.dtype(0), /cannot create 'torch.dtype' instances/);
  assert.throws(() => new torch.autograd.Node(5), /cannot create 'Node' instances/);
  const y = torch.ones(1, { requires_grad: true }).mul(2);
  assert.throws(() => new y.grad_fn.constructor(y.grad_fn._p), /cannot create 'Node' instances/);
  assert.equal(y.grad_fn.name(), 'MulBackward0');
});

test('torch.scope keeps what its result reaches: Map, Set, instances, deep arrays, cycles', () => {
  class Box { constructor(t) { this.t = t; } }
  const before = torch.memory_stats().live_tensors;
  let tmp;
  const r = torch.scope(() => {
    tmp = torch.ones(7);
    const cyc = { t: torch.ones(2) };
    cyc.self = cyc;
    return {
      map: new Map([[torch.ones(1), torch.full([1], 2)]]), set: new Set([torch.full([1], 3)]), box: new Box(torch.full([1], 4)),
      deep: [[[[[[[[torch.full([1], 5)]]]]]]]], cyc,
    };
  });
  assert.equal(tmp.is_disposed, true);  // what it does not reach is released
  const [[k, v]] = r.map;
  assert.deepEqual([k.item(), v.item(), [...r.set][0].item(), r.box.t.item(), r.deep[0][0][0][0][0][0][0][0].item(), r.cyc.t.sum().item()],
    [1, 2, 3, 4, 5, 2]);
  assert.ok(torch.memory_stats().live_tensors > before);
});

test('torch.scope keeps everything when its result holds a closure (its captures cannot be seen)', () => {
  const warns = [];
  const orig = console.warn;
  console.warn = (m) => warns.push(m);
  try {
    let other;
    const f = torch.scope(() => {
      const t = torch.full([2], 3);
      other = torch.ones(1);
      return () => t.sum().item();
    });
    assert.equal(f(), 6);
    assert.equal(other.is_disposed, false);
  } finally {
    console.warn = orig;
  }
  assert.ok(warns.length <= 1);  // once per process
});

test('torch.range too large for memory is an out-of-memory error, not a RangeError', () => {
  // PyTorch: "DefaultCPUAllocator: can't allocate memory: you tried to allocate 36028797018963968 bytes"
  const warn = console.warn;
  console.warn = () => {};
  try {
    assert.throws(() => torch.range(0, 2 ** 53), (e) => e instanceof torch.TensorError && /you tried to allocate 36028797018963968 bytes/.test(e.message));
  } finally {
    console.warn = warn;
  }
});

test('a call refused by the argument layer changes nothing', () => {
  const x = torch.tensor([1.5, -2]);
  const v = x._version;
  assert.throws(() => x.add_(x, { alpha: x }), TypeError);
  assert.throws(() => x.clamp_(0, 'a'), TypeError);
  assert.throws(() => x.index_fill_(0, [0], 1), TypeError);
  assert.deepEqual(x.tolist(), [1.5, -2]);
  assert.equal(x._version, v);
});

test('the argument layer covers the public API: every table entry wraps a function tensorpad has', () => {
  const P = torch.Tensor.prototype;
  const roots = { torch, Tensor: P, F: torch.nn.functional, linalg: torch.linalg, init: torch.nn.init };
  let n = 0;
  for (const [ns, entries] of Object.entries(table)) {
    for (const name of Object.keys(entries)) {
      if (roots[ns] && typeof roots[ns][name] === 'function') n++;
    }
  }
  assert.ok(n > 1000, `${n} functions and methods with a signature`);
  // hot path and error path of one wrapped method
  assert.deepEqual(torch.tensor([2]).mul(1.5).tolist(), [3]);
  assert.throws(() => torch.tensor([2]).mul([1]), /mul\(\): argument 'other' \(position 1\) must be Tensor, not list/);
});

// Fuzz find: `new torch.Size(-1e300)` was a RangeError from Array's constructor. torch.Size now
// takes an iterable as Python's does (PyTorch's texts are in hardening_js.json); a size outside
// int64 has no JS value to keep, so it is refused when made (Python keeps it and fails on use).
test('torch.Size takes an iterable of int64 values, never an Array length', () => {
  for (const v of [-1e300, 1e300, -1, 1.5, NaN]) {
    assert.throws(() => new torch.Size(v), (e) => e instanceof TypeError && /object is not iterable/.test(e.message));
  }
  for (const v of [2 ** 70, -(2 ** 64), 2 ** 63]) {
    assert.throws(() => new torch.Size([v]), /^Error|Overflow when unpacking long/);
  }
  const s = new torch.Size([-(2 ** 63), 2 ** 53]);
  assert.deepEqual(Array.from(s), [-(2 ** 63), 2 ** 53]);
  assert.ok(torch.zeros(2, 3).shape.map((d) => d * 2) instanceof Array);
  assert.equal(String(torch.zeros(2, 3).shape.slice(1)), '3');  // species: slices are plain Arrays
});

// Fuzz finds: messages made of values that cannot be turned into text (an object without a
// prototype, an array nested past the stack's depth) were engine errors.
test('error messages of unprintable values are text, not engine errors', () => {
  let deep = [];
  for (let i = 0; i < 60000; i++) deep = [deep];
  assert.equal(new torch.TensorError(deep).message, '[object Array]');
  assert.equal(new torch.TensorError(Object.create(null)).message, '[object Object]');
  assert.throws(() => torch.nn.init.calculate_gain(deep), (e) => e instanceof torch.TensorError && e.message === 'Unsupported nonlinearity [[[[[...]]]]]');
});

// Fuzz finds: torch.save of data nested past Python's recursion limit, a Symbol as a gain's slope.
test('torch.save stops at the recursion limit; calculate_gain names a Symbol', () => {
  let deep = [];
  for (let i = 0; i < 5001; i++) deep = [deep];
  assert.throws(() => torch.save(deep, new ArrayBuffer(0)), (e) => e instanceof torch.TensorError && /maximum recursion depth exceeded while pickling/.test(e.message));
  assert.throws(() => torch.nn.init.kaiming_uniform_(torch.ones(4, 4), Symbol('s')), (e) => e.message === 'negative_slope Symbol not a valid number');
});

// Fuzz find: `t._manage()` (a method any caller could reach) registered a handle with the
// garbage collector a second time, and the core tensor was released twice at exit (a wasm
// trap in tp_storage_release). The bookkeeping is behind symbols now; no callable method name
// of Tensor (or of an autograd Node) touches a handle's registration.
test('no method a caller can name re-registers a handle', () => {
  const names = new Set();
  for (let p = torch.Tensor.prototype; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    for (const k of Object.getOwnPropertyNames(p)) names.add(k);
  }
  for (const k of ['_manage', '_escape']) assert.ok(!names.has(k), k);
  const x = torch.ones(2, { requires_grad: true }).mul(2);
  assert.ok(!('_escape' in x.grad_fn));
  const kept = torch.scope(() => torch.ones(3).add(1));  // escapes its scope: one registration
  assert.deepEqual(kept.tolist(), [2, 2, 2]);
});

// Fuzz find: tril_indices/triu_indices built their index lists in JS arrays, and a size of 2^31
// columns ended the process (V8's fatal "invalid size error"); combinations with r = 2^32 + 1 was
// a RangeError. The output is allocated by the core first now (its out-of-memory text).
test('tril/triu_indices and combinations of sizes the heap cannot hold are clean errors', () => {
  assert.throws(() => torch.triu_indices(1, 2147483648), (e) => e instanceof torch.TensorError && /can't allocate memory: you tried to allocate 34359738368 bytes/.test(e.message));
  assert.deepEqual(Array.from(torch.tril_indices(3, 2 ** 40).shape), [2, 6]);
  assert.throws(() => torch.triu_indices(3, 2 ** 40), (e) => e instanceof torch.TensorError && /can't allocate memory/.test(e.message));
  assert.deepEqual(torch.triu_indices(2147483648, 1).tolist(), [[0], [0]]);
  assert.throws(() => torch.combinations(torch.tensor([1, 2, 3]), 4294967297), (e) => e instanceof torch.TensorError && e.message === 'std::bad_alloc');
});

// The value checks (js/core/arg_parser.js) against PyTorch: for each parameter of F.*, nn.init.*
// and the nn modules' constructors that arg_table.js holds checks for, and each category it checks,
// a call with a real JS value of that category (a Slice, a Map, a string, a list, null, a bool, a
// float, 2n ** 64n, an int) and what PyTorch 1.13 did with its Python twin: its class (as Python
// mode reports a JS error, errorInfo) and first line, or success.
test('value checks of Python-level functions give PyTorch\'s class and text, or succeed as PyTorch does', async () => {
  const { errorInfo } = await import('../../js/python_bridge.js');
  const { readFileSync } = await import('node:fs');
  const { cases } = JSON.parse(readFileSync(new URL('../fixtures/hardening/value_checks.json', import.meta.url), 'utf8'));
  assert.ok(cases.length > 1000, `${cases.length} cases`);
  const wrong = [];
  const warn = console.warn;
  console.warn = () => {};
  try {
    for (const c of cases) {
      let err = null;
      try {
        new Function('torch', `return ${c.js};`)(torch);
      } catch (e) {
        err = e;
      }
      if (c.expect === null) {
        if (err) wrong.push(`${c.js}: PyTorch succeeds, tensorpad throws ${err.message.split('\n')[0]}`);
        continue;
      }
      if (!err) { wrong.push(`${c.js}: PyTorch raises ${c.expect.join(': ')}, tensorpad succeeds`); continue; }
      const [cls, msg] = errorInfo(err);
      if (cls !== c.expect[0] || msg.split('\n')[0] !== c.expect[1]) wrong.push(`${c.js}: ${cls}: ${msg.split('\n')[0]}\n    PyTorch: ${c.expect.join(': ')}`);
    }
  } finally {
    console.warn = warn;
  }
  assert.deepEqual(wrong, [], `${wrong.length} of ${cases.length} differ:\n${wrong.slice(0, 40).join('\n')}`);
});

// Fuzz finds (session 6): a module keeps whatever its constructor was given, as Python's does, so
// printing it must not fail on any value, and calling it fails as F.* fails on that value.
test('modules made of hostile values print, and fail in forward as PyTorch does', async () => {
  const { errorInfo } = await import('../../js/python_bridge.js');
  const nn = torch.nn, odd = [Object.create(null), Symbol('s'), [NaN, -(2 ** 63)], torch.tensor([1]), null, 1e300];
  for (const v of odd) {
    for (const m of [new nn.LogSoftmax(v), new nn.Softmin(v), new nn.RReLU(v), new nn.Threshold(1e300, v), new nn.LayerNorm([], v),
      new nn.BatchNorm1d(3, v), new nn.UpsamplingNearest2d(null, typeof v === 'symbol' ? 2 : v === null ? 2 : 1.5)]) {
      const s = String(m);
      assert.ok(!/\[object |undefined/.test(s), s);
    }
  }
  assert.equal(String(new nn.Softplus(Symbol('s'), -Infinity)), 'Softplus(beta=<object object>, threshold=-inf)');
  const flat = () => new nn.Flatten().call(undefined);
  assert.throws(flat, (e) => errorInfo(e)[0] === 'AttributeError' && e.message === "'NoneType' object has no attribute 'flatten'");
  // the module's forward goes through F.poisson_nll_loss's checks (PyTorch's text for eps)
  const loss = new nn.PoissonNLLLoss(true, false, null, Object.create(null));
  assert.throws(() => loss.call(torch.ones(2), torch.ones(2)), { message: "poisson_nll_loss(): argument 'eps' (position 5) must be float, not object" });
  assert.throws(() => torch.nn.functional.interpolate(torch.ones(2, 2, 2), { size: 3, mode: Object.create(null) }),
    { message: /^Input Error: Only 3D, 4D and 5D input Tensors supported \(got 3D\) for the modes: .* \(got <object object>\)$/ });
  assert.throws(() => torch.nn.functional.interpolate(torch.ones(2, 2, 2), { size: 3, mode: 'toString' }), { message: /\(got toString\)$/ });
});

test('autograd.backward with fewer gradients than tensors: PyTorch\'s error, not a read past the list (fuzz find)', () => {
  const t = torch.tensor([], { dtype: torch.float32, requires_grad: true });
  for (let i = 0; i < 50; i++) {   // the core once read grads[0] from past a zero-length list: heap corruption
    assert.throws(() => torch.autograd.backward(t, [], torch.tensor([2, 1, 3])), { name: 'TensorError', message: 'got 1 tensors and 0 gradients' });
  }
  const u = torch.ones(2, { requires_grad: true });
  assert.throws(() => torch.autograd.backward([u.sum(), u.sum()], [torch.tensor(1.5)]), { message: 'got 2 tensors and 1 gradients' });
  assert.throws(() => torch.autograd.grad([u.sum()], [u], { grad_outputs: [] }), { message: 'got 1 tensors and 0 gradients' });
  u.sum().backward();
  assert.deepEqual(u.grad.tolist(), [1, 1]);
});

test('F.dropout1d/3d with a non-bool training on an unbatched input and inplace: the input keeps its shape (fuzz find)', () => {
  const x = torch.tensor([[-2, -1, 0], [1, 2, 3]]);
  assert.throws(() => torch.nn.functional.dropout1d(x, 0, torch.tensor([3]), true), { name: 'TypeError', message: "feature_dropout(): argument 'train' (position 3) must be bool, not Tensor" });
  assert.deepEqual([...x.shape], [2, 3]);
  const y = torch.tensor([-1.5, -0.75, 0], { dtype: torch.float64 });
  assert.throws(() => torch.nn.functional.dropout3d(y, true, torch.tensor([3, 0], { dtype: torch.float64 }), true), TypeError);
  assert.deepEqual([...y.shape], [3]);
});

test('nn.Dropout3d: a tensor p without one element is refused as 1.13 refuses it; a failed in-place forward leaves an unbatched input as it was (fuzz find)', () => {
  assert.throws(() => new torch.nn.Dropout3d(torch.tensor([], { dtype: torch.bool }), -Infinity), { message: 'Boolean value of Tensor with no values is ambiguous' });
  const x = torch.tensor([[[-1.5]]]).expand(2, 1, 1);   // overlapping: mul_ refuses it
  assert.throws(() => torch.nn.functional.dropout3d(x, 0.5, true, true), /more than one element of the written-to tensor/);
  assert.deepEqual([...x.shape], [2, 1, 1]);
});

test('a loss reduction that is not a string: PyTorch\'s "is not a valid value", even for an object without toString (fuzz find)', () => {
  const bare = Object.create(null);
  assert.throws(() => torch.nn.functional.mse_loss(torch.ones(2), torch.ones(2), { reduction: bare }), { name: 'TensorError', message: '<object object> is not a valid value for reduction' });
  assert.throws(() => torch.nn.functional.mse_loss(torch.ones(2), torch.ones(2), { reduction: 3 }), { message: '3 is not a valid value for reduction' });
  assert.throws(() => torch.nn.functional.l1_loss(torch.ones(2), torch.ones(2), { reduction: null }), { message: 'None is not a valid value for reduction' });
  assert.throws(() => torch.nn.functional.mse_loss(torch.ones(2), torch.ones(2), { reduction: 'toString' }), { message: 'toString is not a valid value for reduction' });
  assert.equal(torch.nn.functional.mse_loss(torch.ones(2), torch.zeros(2), { reduction: 'sum' }).item(), 2);
});

test('an RNN whose parameters run the heap out releases what it made before the error (fuzz find: GRU(3, 1, 2**53))', () => {
  const before = torch.memory_stats();
  // layer 0's weight_ih (48 MB) fits, its weight_hh (3 * 2**14 x 2**14 floats, 3 GiB) does not
  assert.throws(() => new torch.nn.GRU(4, 2 ** 14, 2), /DefaultCPUAllocator: can't allocate memory/);
  assert.throws(() => new torch.nn.LSTM({ input_size: 1, hidden_size: 2 ** 15, bidirectional: true }), /can't allocate memory/);
  assert.equal(torch.memory_stats().live_tensors, before.live_tensors);
  assert.equal(torch.memory_stats().live_bytes, before.live_bytes);
  const g = new torch.nn.GRU(3, 2, 2);   // the module goes on working
  assert.deepEqual(Array.from(g.call(torch.ones(4, 1, 3))[0].shape), [4, 1, 2]);
  assert.equal(g.parameters().length, 8);
});

test('an RNN whose parameters pass the 2 GB heap fails at once, before making any layer (JS fuzz: GRU(3, 1, 2**53) made millions of layers for 3 minutes)', () => {
  const before = torch.memory_stats(), t0 = Date.now();
  assert.throws(() => new torch.nn.GRU(3, 1, 2 ** 53), /can't allocate memory: you tried to allocate 12 bytes/);
  assert.throws(() => new torch.nn.LSTM(1000, 1000, 200), /you tried to allocate 16000000 bytes/);
  assert.ok(Date.now() - t0 < 1000);
  assert.equal(torch.memory_stats().live_tensors, before.live_tensors);
  assert.equal(new torch.nn.LSTM(10, 20, 3).parameters().length, 12);
});

test('tolist of a tensor whose lists do not fit in memory is Python\'s MemoryError, not a RangeError (fuzz find)', () => {
  const t = torch.empty(2 ** 33, 0);
  assert.throws(() => t.tolist(), (e) => e.pythonType === 'MemoryError');
  assert.deepEqual(torch.empty(3, 0).tolist(), [[], [], []]);
  assert.deepEqual(torch.empty(0, 2 ** 40).tolist(), []);
});

test('x.mul_(x) on a tensor with history frees both the tensor and its node (fuzz find: a reference cycle, as PyTorch 1.13 has)', () => {
  const x = torch.tensor([1.5, -2, 3], { requires_grad: true });
  for (const op of ['mul_', 'div_', 'pow_', 'atan2_', 'hypot_', 'xlogy_']) {
    const before = torch.memory_stats().live_tensors;
    torch.scope(() => {
      const y = x.mul(1.5);
      y[op](y);
      assert.throws(() => y.sum().backward(), {
        message: /^one of the variables needed for gradient computation has been modified by an inplace operation: \[torch\.FloatTensor \[3\]\], which is output 0 of \w+Backward\d, is at version 1; expected version 0 instead/,
      });
    });
    assert.equal(torch.memory_stats().live_tensors, before, op);
  }
});

test('an in-place op whose saved input is a view of self, or its base, frees them all (fuzz find: the cycle of Note [Saved aliases of self])', () => {
  const x = torch.tensor([1.5, -2, 3, 0.5], { requires_grad: true });
  const cases = [(y) => y.mul_(y.view(4)), (y) => y.narrow(0, 0, 2).mul_(y.narrow(0, 2, 2)), (y) => y.narrow(0, 0, 2).mul_(y.narrow(0, 0, 2).mul(1)),
    (y) => y.view(2, 2).mul_(y.view(2, 2).t()), (y) => y.narrow(0, 0, 2).div_(y.narrow(0, 2, 2)).mul_(2)];
  for (const [i, f] of cases.entries()) {
    const before = torch.memory_stats().live_tensors;
    torch.scope(() => {
      const y = x.mul(1.5);
      try { f(y); y.sum().backward(); } catch (e) { assert.match(e.message, /modified by an inplace operation|refer to a single memory location/); }
    });
    x.grad = null;
    assert.equal(torch.memory_stats().live_tensors, before, `case ${i}`);
  }
});
