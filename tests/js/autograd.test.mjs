// Autograd behaviour that PyTorch fixtures cannot express: memory released by backward,
// object identity, hooks that throw, grad modes restored after exceptions, long graphs
// from JS, grad_fn objects, and the graph export. Values and messages are checked against
// PyTorch in tests/fixtures/autograd.json.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import torch from '../../js/tensorpad.js';

const f64 = { dtype: torch.float64 };

test('backward frees the saved tensors (memory drops); retain_graph keeps them', () => {
  torch.scope(() => {
    const x = torch.linspace(-1, 1, 4096, f64).requires_grad_();
    const y = torch.scope(() => x.exp().sin().mul(x).sum());  // only the graph holds the intermediates
    const node = y.grad_fn.next_functions[0][0];  // MulBackward0: saves sin(exp(x)) and x
    assert.equal(node.name(), 'MulBackward0');
    assert.equal(node.saved_tensors.length, 2);
    const before = torch.memory_stats().live_bytes;
    y.backward({ retain_graph: true });
    assert.equal(node.saved_tensors.length, 2);
    const kept = torch.memory_stats().live_bytes;
    y.backward();
    assert.equal(node.saved_tensors.length, 0);
    assert.ok(torch.memory_stats().live_bytes < kept, 'saved tensors released');
    assert.ok(kept >= before);
    assert.throws(() => y.backward(), /Trying to backward through the graph a second time/);
  });
});

test('scope releases intermediates; a leaf keeps its .grad', () => {
  const x = torch.ones(3, { requires_grad: true });
  const start = torch.memory_stats().live_tensors;
  torch.scope(() => {
    for (let i = 0; i < 50; i++) x.mul(2).exp().sum().backward();
  });
  assert.equal(torch.memory_stats().live_tensors, start + 1, 'only x.grad is new');
  assert.ok(Math.abs(x.grad.tolist()[0] - 50 * 2 * Math.exp(2)) < 1e-3);
});

test('a hook that throws: the error reaches the caller, no .grad is written, the module stays usable', () => {
  const x = torch.tensor([1.5, 2.5], { requires_grad: true });
  const w = torch.tensor([0.5, 1.5], { requires_grad: true });
  const h = x.mul(w);
  h.register_hook(() => { throw new RangeError('hook failed'); });
  const y = h.sum().add(w.sum());
  assert.throws(() => y.backward(), RangeError);
  assert.equal(x.grad, null);
  assert.equal(w.grad, null);
  const z = x.mul(3).sum();
  z.backward();
  assert.deepEqual(x.grad.tolist(), [3, 3]);
});

test('a hook returning a non-tensor is a TypeError', () => {
  const x = torch.tensor([1.5], { requires_grad: true });
  x.register_hook(() => 3);
  assert.throws(() => x.mul(2).sum().backward(), TypeError);
  assert.equal(x.grad, null);
});

test('hook handles: remove() twice is harmless, hooks on a non-leaf see its gradient', () => {
  const x = torch.tensor([1.5, -0.5], { requires_grad: true });
  const y = x.mul(x);
  const seen = [];
  const handle = y.register_hook((g) => { seen.push(g.tolist()); });
  y.sum().backward({ retain_graph: true });
  handle.remove();
  handle.remove();
  y.sum().backward();
  assert.deepEqual(seen, [[1, 1]]);
  assert.deepEqual(x.grad.tolist(), [6, -2]);
});

test('grad modes are restored when the function throws', () => {
  assert.throws(() => torch.no_grad(() => { throw new Error('boom'); }), /boom/);
  assert.equal(torch.is_grad_enabled(), true);
  torch.set_grad_enabled(false);
  try {
    assert.throws(() => torch.enable_grad(() => { throw new Error('boom'); }), /boom/);
    assert.equal(torch.is_grad_enabled(), false);
  } finally {
    torch.set_grad_enabled(true);
  }
  assert.throws(() => torch.no_grad(), TypeError);
});

test('a long chain built from JS backwards (no stack overflow) and is released', () => {
  torch.scope(() => {
    const x = torch.tensor(1.0, { dtype: torch.float64, requires_grad: true });
    let y = x;
    for (let i = 0; i < 20000; i++) y = y.mul(0.9999).add(x);
    y.backward();
    const q = 0.9999 ** 20000;
    assert.ok(Math.abs(x.grad.item() - (q + (1 - q) / 0.0001)) < 1e-6);
  });
});

test('grad_fn objects: name(), next_functions, variable, printing', () => {
  const x = torch.tensor([1.5, 2.5], { requires_grad: true });
  const y = x.mul(2).add(x);
  assert.equal(y.grad_fn.name(), 'AddBackward0');
  const [[mul, i0], [acc, i1]] = y.grad_fn.next_functions;
  assert.equal(mul.name(), 'MulBackward0');
  assert.equal(acc.name(), 'torch::autograd::AccumulateGrad');
  assert.equal(i0, 0);
  assert.equal(i1, 0);
  assert.deepEqual(acc.variable.tolist(), [1.5, 2.5]);
  assert.equal(String(y.grad_fn), '<AddBackward0 object>');
  assert.equal(y.grad_fn.next_functions[0][0], y.grad_fn.next_functions[0][0], 'the same Node object each time');
  assert.equal(x.grad_fn, null);
  const c = torch.zeros(2);
  c.copy_(x);
  assert.equal(c.grad_fn.name(), 'torch::autograd::CopyBackwards');
  assert.equal(String(c), 'tensor([1.5000, 2.5000], grad_fn=<CopyBackwards>)');
});

test('backward options: an options object alone, unknown keys, gradient must be a tensor', () => {
  const x = torch.tensor([1.5, 2.5], { requires_grad: true });
  const y = x.mul(x).sum();
  y.backward({ retain_graph: true });
  y.backward();
  assert.deepEqual(x.grad.tolist(), [6, 10]);
  assert.throws(() => x.sum().backward({ retain: true }), /unexpected keyword argument 'retain'/);
  assert.throws(() => x.mul(2).backward([1, 1]), TypeError);
});

test('in-place errors leave the tensor unchanged', () => {
  const x = torch.tensor([1.5, 2.5], { requires_grad: true });
  assert.throws(() => x.add_(1), /a leaf Variable that requires grad is being used in an in-place operation/);
  assert.throws(() => x.index(0).mul_(2), /a view of a leaf Variable that requires grad/);
  assert.deepEqual(x.tolist(), [1.5, 2.5]);
  assert.equal(x._version, 0);
});

test('graph export: tensor and function nodes, edges, saved tensors, DOT', () => {
  const x = torch.tensor([1.5, 2.5], { requires_grad: true });
  const y = x.exp().mul(x).sum();
  const g = torch.autograd.graph(y);
  const fns = g.nodes.filter((n) => n.kind === 'function').map((n) => n.name).sort();
  assert.deepEqual(fns, ['ExpBackward0', 'MulBackward0', 'SumBackward0']);
  const leaves = g.nodes.filter((n) => n.kind === 'tensor' && n.is_leaf);
  assert.equal(leaves.length, 1);
  assert.deepEqual(leaves[0].shape, [2]);
  const mul = g.nodes.find((n) => n.name === 'MulBackward0');
  assert.deepEqual(mul.saved.map((s) => s.name), ['self', 'other']);
  assert.ok(g.edges.length >= 4);
  const dot = torch.autograd.to_dot(y);
  assert.match(dot, /^digraph autograd \{/);
  assert.match(dot, /MulBackward0/);
  y.backward();
  assert.equal(torch.autograd.graph(y).nodes.find((n) => n.name === 'MulBackward0').saved.length, 0, 'freed by backward');
});
