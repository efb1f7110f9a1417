// torch.nn and torch.optim: the identity rules of the contract ("Decisions"), errors that
// leave state untouched, scopes and parameters, and memory staying flat in a training loop.
// Values against PyTorch are in tests/fixtures/nn.json (gen_nn.py).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import torch from '../../js/tensorpad.js';

const { nn, optim } = torch;
const F = nn.functional;

test('modules and optimizers are classes used with new', () => {
  assert.throws(() => nn.Linear(2, 3), TypeError);
  assert.throws(() => optim.SGD([], { lr: 1 }), TypeError);
  const m = new nn.Linear(2, 3);
  assert.ok(m instanceof nn.Module);
  assert.ok(m.weight instanceof nn.Parameter);
  assert.ok(!(torch.zeros(2) instanceof nn.Parameter));
});

test('a module weight is the object parameters() yields; named_parameters pairs', () => {
  const m = new nn.Sequential(new nn.Linear(2, 3), new nn.ReLU(), new nn.Linear(3, 1));
  const ps = m.parameters();
  assert.equal(ps[0], m[0].weight);
  assert.equal(ps[3], m[2].bias);
  assert.deepEqual(m.named_parameters().map(([n]) => n), ['0.weight', '0.bias', '2.weight', '2.bias']);
  assert.equal(m.named_parameters()[2][1], m[2].weight);
  assert.equal(m.parameters().length, 4);
});

test('user subclasses register attributes in assignment order', () => {
  class Net extends nn.Module {
    constructor() {
      super();
      this.fc1 = new nn.Linear(2, 4);
      this.act = new nn.Tanh();
      this.fc2 = new nn.Linear(4, 1, { bias: false });
      this.scale = new nn.Parameter(torch.ones(1));
    }
    forward(x) { return this.fc2.call(this.act.call(this.fc1.call(x))).mul(this.scale); }
  }
  const net = new Net();
  // PyTorch lists a module's own parameters before its children's
  assert.deepEqual(net.named_parameters().map(([n]) => n), ['scale', 'fc1.weight', 'fc1.bias', 'fc2.weight']);
  assert.equal(String(net), 'Net(\n  (fc1): Linear(in_features=2, out_features=4, bias=True)\n  (act): Tanh()\n  (fc2): Linear(in_features=4, out_features=1, bias=False)\n)');
  const y = net.call(torch.ones(3, 2));
  assert.deepEqual(Array.from(y.shape), [3, 1]);
  assert.equal(y.grad_fn.name(), 'MulBackward0');
});

test('train() and eval() return this and recurse', () => {
  const m = new nn.Sequential(new nn.Linear(1, 1), new nn.Sequential(new nn.ReLU()));
  assert.equal(m.eval(), m);
  assert.equal(m[1][0].training, false);
  assert.equal(m.train(), m);
  assert.equal(m[1][0].training, true);
});

test('zero_grad keeps the same grad object (1.13 default) or sets None', () => {
  const m = new nn.Linear(2, 2);
  m.call(torch.ones(1, 2)).sum().backward();
  const g = m.weight.grad;
  const opt = new optim.SGD(m.parameters(), { lr: 0.1 });
  opt.zero_grad();
  assert.equal(m.weight.grad, g);
  assert.equal(g.abs().sum().item(), 0);
  m.zero_grad({ set_to_none: true });
  assert.equal(m.weight.grad, null);
});

test('step() updates parameters in place: same objects, no graph', () => {
  const m = new nn.Linear(2, 1);
  const w = m.weight, before = w.clone();
  const opt = new optim.Adam(m.parameters(), { lr: 0.1 });
  m.call(torch.ones(4, 2)).sum().backward();
  opt.step();
  assert.equal(m.weight, w);
  assert.ok(w.is_leaf && w.requires_grad && w.grad_fn === null);
  assert.ok(w.sub(before).abs().sum().item() > 0);
});

test('parameters and optimizer state survive torch.scope', () => {
  const m = torch.scope(() => new nn.Linear(2, 2));
  assert.doesNotThrow(() => String(m.weight));
  const opt = new optim.SGD(m.parameters(), { lr: 0.1, momentum: 0.9 });
  for (let i = 0; i < 3; i++) {
    torch.scope(() => {
      opt.zero_grad();
      m.call(torch.ones(1, 2)).sum().backward();
      opt.step();
    });
  }
  assert.doesNotThrow(() => String(opt.state.get(m.weight).momentum_buffer));
});

test('a training loop in torch.scope keeps memory flat', () => {
  torch.manual_seed(0);
  const X = torch.randn(32, 2), Y = torch.randint(0, 2, [32]);
  const model = new nn.Sequential(new nn.Linear(2, 8), new nn.ReLU(), new nn.Linear(8, 2));
  const opt = new optim.Adam(model.parameters(), { lr: 0.01 });
  const step = () => torch.scope(() => {
    opt.zero_grad();
    const loss = F.cross_entropy(model.call(X), Y);
    loss.backward();
    opt.step();
  });
  for (let i = 0; i < 5; i++) step();
  const before = torch.memory_stats();
  for (let i = 0; i < 200; i++) step();
  const after = torch.memory_stats();
  assert.equal(after.live_tensors, before.live_tensors);
  assert.equal(after.live_bytes, before.live_bytes);
});

test('losses: bad arguments throw and change nothing', () => {
  const x = torch.randn(3, 4, { requires_grad: true });
  assert.throws(() => F.cross_entropy(x, torch.tensor([0, 1, 9])), /Target 9 is out of bounds/);
  assert.throws(() => F.mse_loss(x, torch.zeros(3, 4), { reduction: 'avg' }), /avg is not a valid value for reduction/);
  assert.throws(() => F.mse_loss(x, torch.zeros(3, 4), { bogus: 1 }), /unexpected keyword argument 'bogus'/);
  assert.throws(() => F.linear(x, [[1, 2]]), TypeError);
  assert.equal(x.grad, null);
  F.cross_entropy(x, torch.tensor([0, 1, 2])).backward();
  assert.deepEqual(Array.from(x.grad.shape), [3, 4]);
});

test('grad_fn names as in PyTorch', () => {
  const m = new nn.Linear(3, 2);
  const x = torch.randn(4, 3);
  assert.equal(m.call(x).grad_fn.name(), 'AddmmBackward0');
  assert.equal(F.mse_loss(m.call(x), torch.zeros(4, 2)).grad_fn.name(), 'MseLossBackward0');
  const ce = F.cross_entropy(m.call(x), torch.tensor([0, 1, 1, 0]));
  assert.equal(ce.grad_fn.name(), 'NllLossBackward0');
  assert.equal(ce.grad_fn.next_functions[0][0].name(), 'LogSoftmaxBackward0');
});

test('optimizer errors', () => {
  assert.throws(() => new optim.SGD(torch.ones(2), { lr: 0.1 }), /params argument given to the optimizer should be an iterable/);
  assert.throws(() => new optim.SGD([], { lr: 0.1 }), /optimizer got an empty parameter list/);
  assert.throws(() => new optim.SGD([new nn.Parameter(torch.ones(1))], { lr: 0.1, foo: 1 }), /unexpected keyword argument 'foo'/);
  const p = new nn.Parameter(torch.ones(1));
  assert.throws(() => new optim.SGD([{ params: [p] }, { params: [p] }], { lr: 0.1 }), /some parameters appear in more than one parameter group/);
});

test('mse_loss and l1_loss warn when target and input sizes differ, once per line as Python does', () => {
  const msgs = [], orig = console.warn;
  console.warn = (...a) => msgs.push(a.join(' '));
  try {
    const out = torch.zeros(4, 1), target = torch.ones(4);
    const msg = 'UserWarning: Using a target size (torch.Size([4])) that is different to the input size (torch.Size([4, 1])). '
      + 'This will likely lead to incorrect results due to broadcasting. Please ensure they have the same size.';
    let loss;
    for (let i = 0; i < 3; i++) loss = torch.nn.functional.mse_loss(out, target);   // one line: once
    assert.deepEqual(Array.from(loss.shape), []);
    assert.equal(loss.item(), 1);
    assert.deepEqual(msgs, [msg]);
    torch.nn.functional.l1_loss(out, target);          // another line: again
    assert.deepEqual(msgs, [msg, msg]);
    torch.nn.functional.mse_loss(out, torch.ones(4, 1));   // same sizes: silent
    assert.equal(msgs.length, 2);
  } finally {
    console.warn = orig;
  }
});

test('deepcopy of a module inside torch.scope keeps its buffers alive, as its parameters', () => {
  const bn = new torch.nn.BatchNorm1d(3);
  bn.forward(torch.arange(6, { dtype: torch.float32 }).view(2, 3));
  const c = torch.scope(() => torch.deepcopy(bn));
  assert.deepEqual(c.running_mean.tolist(), bn.running_mean.tolist());
  assert.equal(c.num_batches_tracked.item(), 1);
  assert.notEqual(c.running_mean, bn.running_mean);
});

test("CosineAnnealingLR's rates are 1.13's to the last bit (glibc's cos, not V8's Math.cos)", async () => {
  const { readFileSync } = await import('node:fs');
  const { cases } = JSON.parse(readFileSync(new URL('../fixtures/nn.json', import.meta.url), 'utf8'));
  const c = cases.find((x) => x.name === 'nn/sched/cosine_exact');
  const got = new Function('torch', c.js)(torch);
  assert.deepStrictEqual(got, c.expect);
});

test('TransformerEncoder/Decoder with num_layers past what memory holds fail at once (Python: MemoryError)', () => {
  const layer = new nn.TransformerEncoderLayer(4, 2, { dim_feedforward: 8 });
  for (const n of [2 ** 53, 1e300]) {
    assert.throws(() => new nn.TransformerEncoder(layer, n), (e) => e.pythonType === 'MemoryError' && /deep copies/.test(e.message));
  }
  assert.equal(new nn.TransformerEncoder(layer, 3).layers.length, 3);
  assert.notEqual(new nn.TransformerEncoder(layer, 2).layers[0].linear1.weight, layer.linear1.weight);  // copies, not the layer
});
