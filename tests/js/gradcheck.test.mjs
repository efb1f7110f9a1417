// gradcheck and gradgradcheck (float64, central differences vs autograd) over every
// differentiable op: the elementwise/reduction ops are read from the core's op table at
// run time (tp_op_count / tp_op_name / tp_op_grad_fn), so a new op is checked as soon as
// it is added; linear algebra, shape/index ops and views are listed below. Inputs keep
// away from the points where an op is not differentiable (0 for abs, ties for max,
// integers for floor, the domain edges of log/sqrt/asin).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import torch from '../../js/tensorpad.js';
import { W, cstr } from '../../js/core/wasm.js';

const f64 = { dtype: torch.float64 };
const BASE = [[0.31, -0.62, 0.47, -0.23], [0.74, -0.38, 0.56, -0.81], [0.12, 0.66, -0.44, 0.29]];
const leaf = (data) => torch.tensor(data, f64).requires_grad_();
const unit = () => leaf(BASE);                                   // |x| in [0.12, 0.81]
const pos = () => leaf(BASE.map((r) => r.map((v) => Math.abs(v) + 0.15)));  // [0.27, 0.96]
const row = () => leaf([0.37, -0.53, 0.71, 0.89]);               // broadcast partner, no ties with unit()
const posRow = () => leaf([0.41, 0.53, 0.71, 0.93]);  // no input ratio near an integer

function check(label, fn, inputs, opts = {}) {
  torch.scope(() => {
    assert.equal(torch.autograd.gradcheck(fn, inputs, opts), true, `gradcheck ${label}`);
    assert.equal(torch.autograd.gradgradcheck(fn, inputs, opts), true, `gradgradcheck ${label}`);
  });
}

// ---- the op table ------------------------------------------------------------------------
const KIND = { UNARY: 0, BINARY: 1, WHERE: 2, CLAMP: 3, REDUCE: 4, DIMOP: 5 };
const table = [];
for (let i = 0, n = W.tp_op_count(); i < n; i++) {
  table.push({ name: cstr(W.tp_op_name(i)), kind: W.tp_op_kind(i), grad_fn: cstr(W.tp_op_grad_fn(i, 0)) });
}
// heaviside, nextafter and floor_divide record a node whose backward raises, as in PyTorch (tested below).
const NOT_IMPLEMENTED = new Set(['heaviside', 'nextafter', '_floor_divide']);
const differentiable = table.filter((op) => op.grad_fn !== '' && !NOT_IMPLEMENTED.has(op.name));


// Ops needing positive inputs; the others get values in [-0.81, 0.81] without zeros.
const UNIT_OPS = new Set(['neg', 'abs', 'exp', 'exp2', 'expm1', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'sinh', 'cosh',
  'tanh', 'sigmoid', 'relu', 'gelu', '_gelu_tanh', 'silu', 'erf', 'sign', 'floor', 'ceil', 'round', 'trunc', 'frac', 'square',
  'atanh', 'erfinv', 'erfc', 'sgn', 'asinh', 'sinc', 'deg2rad', 'rad2deg', 'softmax', 'log_softmax', 'cumsum', 'sum', 'mean', 'amax', 'amin', 'max', 'min', 'var', 'std', 'norm', 'logsumexp']);
// Ops reached through an option of another method (names starting with '_').
const VARIANTS = {
  _gelu_tanh: (x) => x.gelu({ approximate: 'tanh' }),
  _div_trunc: (x, y) => x.div(y, { rounding_mode: 'trunc' }),
  _div_floor: (x, y) => x.div(y, { rounding_mode: 'floor' }),
  _div_none: (x, y) => x.div(y, { rounding_mode: null }),
  _rsub: (x, y) => torch.rsub(x, y, { alpha: -1.5 }),
  _special_entr: (x) => torch.special.entr(x),
  _linalg_vector_norm: (x, dim, o) => torch.linalg.vector_norm(x, 3, dim ?? null, !!o?.keepdim),
};
const first = (r) => (Array.isArray(r) ? r[0] : r);

/** The calls that check one op of the table: [label, fn, inputs]. */
function callsFor(op) {
  const name = op.name;
  const x = () => (UNIT_OPS.has(name) ? unit() : name === 'acosh' ? leaf(BASE.map((r) => r.map((v) => Math.abs(v) + 1.2))) : pos());
  const method = VARIANTS[name] ?? ((t, ...a) => t[name](...a));
  switch (op.kind) {
    case KIND.UNARY:
      return [[name, (t) => method(t), [x()]]];
    case KIND.BINARY: {
      const a = name === 'pow' ? pos() : name === 'remainder' || name === 'fmod' ? leaf(BASE.map((r) => r.map((v) => 3 * Math.abs(v) + 0.2))) : unit();
      const b = ['pow', 'remainder', 'fmod', 'xlogy', 'div'].includes(name) || name.startsWith('_div') ? posRow() : row();
      const calls = [[`${name}(tensor, broadcast)`, (p, q) => method(p, q), [a, b]]];
      const exists = (f) => { try { torch.scope(f); return true; } catch { return false; } };
      if (!name.startsWith('_') && exists(() => a[name](0.7))) {
        calls.push([`${name}(scalar)`, (p) => p[name](0.7), [a]]);
        if (typeof torch[name] === 'function' && ['add', 'sub', 'mul', 'div', 'pow', 'xlogy'].includes(name)) {
          calls.push([`torch.${name}(scalar, tensor)`, (q) => torch[name](1.7, q), [name === 'div' || name === 'xlogy' ? pos() : unit()]]);
        }
      }
      return calls;
    }
    case KIND.WHERE:
      return [['where', (p, q) => torch.where(p.detach().gt(0), p, q), [unit(), row()]]];
    case KIND.CLAMP:
      if (name === 'clamp') {
        return [
          ['clamp(scalars)', (p) => p.clamp(-0.3, 0.4), [unit()]],
          ['clamp(min=scalar)', (p) => p.clamp({ min: -0.3 }), [unit()]],
          ['clamp(tensors)', (p, lo, hi) => p.clamp(lo, hi), [unit(), leaf([-0.3, -0.5, 0.1, -0.9]), leaf([0.4, 0.2, 0.6, 0.0])]],
          ['clamp(max=tensor)', (p, hi) => p.clamp({ max: hi }), [unit(), leaf([0.4, 0.2, 0.6, 0.0])]],
        ];
      }
      return [  // clamp_min / clamp_max
        [`${name}(scalar)`, (p) => p[name](0.1), [unit()]],
        [`${name}(tensor, broadcast)`, (p, b) => p[name](b), [unit(), leaf([-0.3, -0.5, 0.1, -0.9])]],
        [`${name}_(tensor) on a clone`, (p, b) => p.clone()[`${name}_`](b), [unit(), leaf([0.4, 0.2, 0.6, 0.0])]],
      ];
    case KIND.REDUCE: {
      const calls = [];
      for (const [label, f] of [['()', (t) => first(method(t))], ['(1)', (t) => first(method(t, 1))],
        ['(0, keepdim)', (t) => first(method(t, 0, { keepdim: true }))]]) {
        try {
          torch.scope(() => f(x()));
        } catch {
          continue;  // that overload does not exist for this op
        }
        calls.push([name + label, f, [x()]]);
      }
      if (name === 'norm') calls.push(['norm(3)', (t) => t.norm(3), [x()]], ['norm(1, 1)', (t) => t.norm(1, 1), [x()]]);
      return calls;
    }
    case KIND.DIMOP:
      return [[`${name}(1)`, (t) => method(t, 1), [x()]], [`${name}(0)`, (t) => method(t, 0), [x()]]];
    default:
      throw new Error(`gradcheck.test.mjs does not know op kind ${op.kind} (${name}): add it`);
  }
}

test('the op table has differentiable ops of every kind', () => {
  const kinds = new Set(differentiable.map((op) => op.kind));
  for (const k of Object.values(KIND)) assert.ok(kinds.has(k), `kind ${k}`);
  for (const op of differentiable) {
    if (op.name.startsWith('_')) assert.ok(op.name in VARIANTS, `${op.name}: say how to call it in VARIANTS`);
  }
});

for (const op of differentiable) {
  test(`gradcheck + gradgradcheck: ${op.name} (${op.grad_fn})`, () => {
    torch.manual_seed(0);
    const calls = callsFor(op);
    assert.ok(calls.length > 0, `no call checks ${op.name}`);
    for (const [label, fn, inputs] of calls) check(label, fn, inputs);
  });
}

// ---- elementwise ops with parameters or three operands (src/ops/elementwise/math.c) -----------------------
const ELEMW_OPS = [
  ['addcmul', (a, b, c) => torch.addcmul(a, b, c, { value: -1.5 }), () => [unit(), row(), posRow()]],
  ['addcdiv', (a, b, c) => a.addcdiv(b, c, { value: 0.5 }), () => [unit(), row(), posRow()]],
  ['addcmul_ on a clone', (a, b, c) => a.clone().addcmul_(b, c), () => [unit(), row(), posRow()]],
  ['addcdiv_ on a clone', (a, b, c) => a.clone().addcdiv_(b, c, { value: 2 }), () => [unit(), row(), posRow()]],
  ['lerp scalar weight', (a, b) => a.lerp(b, 0.3), () => [unit(), row()]],
  ['lerp tensor weight', (a, b, w) => torch.lerp(a, b, w), () => [unit(), row(), posRow()]],
  ['lerp_ tensor weight on a clone', (a, b, w) => a.clone().lerp_(b, w), () => [unit(), row(), posRow()]],
  ['logit', (a) => a.logit(), () => [leaf(BASE.map((r) => r.map((v) => Math.abs(v) * 0.9 + 0.05)))]],
  ['logit eps', (a) => a.logit(0.2), () => [leaf(BASE.map((r) => r.map((v) => Math.abs(v) * 0.9 + 0.05)))]],
  ['logit_ on a clone', (a) => a.clone().logit_(), () => [leaf(BASE.map((r) => r.map((v) => Math.abs(v) * 0.9 + 0.05)))]],
  ['nan_to_num', (a) => a.nan_to_num(), () => [unit()]],
  ['polygamma 1', (a) => torch.polygamma(1, a), () => [pos()]],
  ['polygamma 3', (a) => a.polygamma(3), () => [pos()]],
  ['polygamma_ 2 on a clone', (a) => a.clone().polygamma_(2), () => [pos()]],
  ['nan_to_num_ on a clone', (a) => a.clone().nan_to_num_({ nan: 1 }), () => [unit()]],
  ['float_power', (a, b) => a.float_power(b), () => [pos(), posRow()]],
  ['ldexp', (a) => a.ldexp(torch.tensor([1, -2, 0, 3])), () => [unit()]],
  ['atan2_ on a clone', (a, b) => a.clone().atan2_(b), () => [unit(), row()]],
  ['copysign_ scalar on a clone', (a) => a.clone().copysign_(-2), () => [unit()]],
  ['xlogy_ on a clone', (a, b) => a.clone().xlogy_(b), () => [unit(), posRow()]],
  ['hypot_ on a clone', (a, b) => a.clone().hypot_(b), () => [unit(), row()]],
  ['addcmul_ on a view (CopySlices)', (a, b) => { const c = a.mul(1); c.index(0).addcmul_(b, a.index(1), { value: 2 }); return c; }, () => [unit(), row()]],
  ['lerp_ on a view (CopySlices)', (a, b) => { const c = a.mul(1); c.index(':', 1).lerp_(b, 0.25); return c; }, () => [unit(), leaf([0.3, -0.2, 0.5])]],
  ['logit_ on a view (CopySlices)', (a) => { const c = a.mul(1); c.index(1).logit_(0.1); return c; }, () => [leaf(BASE.map((r) => r.map((v) => Math.abs(v) * 0.9 + 0.05)))]],
];
for (const [label, fn, make] of ELEMW_OPS) {
  test(`gradcheck + gradgradcheck: ${label}`, () => {
    torch.manual_seed(0);
    check(label, fn, make());
  });
}

test('heaviside, nextafter and floor_divide record a node whose backward raises, as in PyTorch', () => {
  const x = unit(), y = row();
  const h = torch.heaviside(x, y);
  assert.equal(h.grad_fn.name(), 'torch::autograd::NotImplemented');
  assert.throws(() => h.sum().backward(), /derivative for aten::heaviside is not implemented/);
  const n = x.nextafter(y);
  assert.equal(n.grad_fn.name(), 'NextafterBackward0');
  assert.throws(() => n.sum().backward(), /the derivative for 'nextafter' is not implemented\./);
  const f = x.floor_divide(y);
  assert.equal(f.grad_fn.name(), 'torch::autograd::NotImplemented');
  assert.throws(() => f.sum().backward(), /derivative for aten::floor_divide is not implemented/);
});

// ---- linear algebra ------------------------------------------------------------------------
const R = (...shape) => {
  const n = shape.reduce((p, q) => p * q, 1);
  return torch.arange(n, f64).mul(1.3).add(0.2).sin().reshape(shape).clone().requires_grad_();
};

test('gradcheck + gradgradcheck: matmul in every shape combination, mm, bmm, mv, dot, outer', () => {
  torch.manual_seed(0);
  const shapes = [[[3], [3]], [[2, 3], [3]], [[3], [3, 2]], [[2, 3], [3, 4]], [[2, 2, 3], [3]], [[3], [2, 3, 2]],
    [[2, 2, 3], [3, 2]], [[2, 3], [2, 3, 2]], [[2, 2, 3], [2, 3, 2]], [[2, 1, 2, 3], [3, 3, 2]]];
  for (const [sa, sb] of shapes) check(`matmul ${sa} @ ${sb}`, (a, b) => a.matmul(b), [R(...sa), R(...sb)]);
  check('mm', (a, b) => a.mm(b), [R(2, 3), R(3, 4)]);
  check('mm of transposes', (a, b) => a.t().mm(b.t()), [R(3, 2), R(4, 3)]);
  check('bmm', (a, b) => a.bmm(b), [R(2, 2, 3), R(2, 3, 2)]);
  check('mv', (a, b) => a.mv(b), [R(2, 3), R(3)]);
  check('dot', (a, b) => a.dot(b), [R(3), R(3)]);
  check('outer', (a, b) => a.outer(b), [R(3), R(2)]);
});

// ---- shape and index ops, views ------------------------------------------------------------
const SHAPE_OPS = [
  ['cat', (a, b) => torch.cat([a, b, a], 1), () => [R(2, 3), R(2, 2)]],
  ['stack', (a, b) => torch.stack([a, b], 1), () => [R(2, 3), R(2, 3)]],
  ['hstack', (a, b) => torch.hstack([a, b]), () => [R(2, 3), R(2, 2)]],
  ['vstack', (a, b) => torch.vstack([a, b]), () => [R(2, 3), R(1, 3)]],
  ['split', (a) => a.split(2, 1), () => [R(2, 5)]],
  ['split sizes', (a) => a.split([1, 3], 1), () => [R(2, 4)]],
  ['chunk', (a) => a.chunk(2, 0), () => [R(3, 2)]],
  ['unbind', (a) => a.unbind(1), () => [R(2, 3)]],
  ['flip', (a) => a.flip([0, 1]), () => [R(2, 3)]],
  ['roll', (a) => a.roll([1, -2], [0, 1]), () => [R(2, 3)]],
  ['repeat', (a) => a.repeat(2, 1, 2), () => [R(2, 3)]],
  ['tile', (a) => a.tile([2]), () => [R(2, 3)]],
  ['tril', (a) => a.tril(), () => [R(3, 3)]],
  ['triu', (a) => a.triu(1), () => [R(3, 4)]],
  ['gather', (a) => a.gather(1, torch.tensor([[0, 0, 2], [1, 2, 1]])), () => [R(2, 3)]],
  ['scatter', (a, s) => a.scatter(1, torch.tensor([[2, 0], [1, 2]]), s), () => [R(2, 3), R(2, 2)]],
  ['scatter value', (a) => a.scatter(1, torch.tensor([[2, 0], [1, 2]]), 0.5), () => [R(2, 3)]],
  ['scatter_add', (a, s) => a.scatter_add(0, torch.tensor([[0, 1, 0], [0, 0, 1]]), s), () => [R(2, 3), R(2, 3)]],
  ['index_select', (a) => a.index_select(1, torch.tensor([2, 0, 2])), () => [R(2, 3)]],
  ['index_select 0-d index', (a) => a.index_select(1, torch.tensor(1)), () => [R(2, 3)]],
  ['masked_fill', (a) => a.masked_fill(torch.tensor([[true, false, true], [false, false, true]]), 0.5), () => [R(2, 3)]],
  ['masked_fill tensor value', (a, v) => a.masked_fill(torch.tensor([true, false, true]), v), () => [R(2, 3), R(1).sum()]],
  ['masked_select', (a) => a.masked_select(torch.tensor([[true, false, true], [false, true, true]])), () => [R(2, 3)]],
  ['index (advanced)', (a) => a.index([1, 0, 1], [2, 2, 0]), () => [R(2, 3)]],
  ['index (bool mask)', (a) => a.index(torch.tensor([[true, false, true], [false, true, true]])), () => [R(2, 3)]],
  ['index (slice, tensor)', (a) => a.index(':', [2, 0]), () => [R(2, 3)]],
  ['index_put', (a, v) => a.index_put([torch.tensor([0, 1])], v), () => [R(3, 2), R(2, 2)]],
  ['index_put accumulate', (a, v) => a.index_put([torch.tensor([1, 1])], v, true), () => [R(3, 2), R(2, 2)]],
  ['index_put_ on a clone', (a, v) => { const c = a.clone(); c.index_put_([torch.tensor([2, 0])], v); return c; }, () => [R(3, 2), R(2, 2)]],
  ['index_add', (a, s) => a.index_add(0, torch.tensor([2, 0]), s), () => [R(3, 2), R(2, 2)]],
  ['index_add alpha, dim 1, repeated index', (a, s) => a.index_add(1, torch.tensor([1, 1, 0]), s, { alpha: -1.5 }), () => [R(2, 3), R(2, 3)]],
  ['index_add 0-d source', (a, s) => a.index_add(0, torch.tensor([1]), s), () => [R(3), R(1).sum()]],
  ['index_add_ on a clone', (a, s) => a.clone().index_add_(1, torch.tensor([0, 2]), s), () => [R(2, 3), R(2, 2)]],
  ['index_copy', (a, s) => a.index_copy(0, torch.tensor([2, 0]), s), () => [R(3, 2), R(2, 2)]],
  ['index_copy 0-d source', (a, s) => a.index_copy(0, torch.tensor([1]), s), () => [R(3), R(1).sum()]],
  ['index_copy_ on a clone', (a, s) => a.clone().index_copy_(1, torch.tensor([2, 1]), s), () => [R(2, 3), R(2, 2)]],
  ['index_fill', (a) => a.index_fill(1, torch.tensor([0, 2]), 0.5), () => [R(2, 3)]],
  ['index_fill tensor value, repeated index', (a, v) => a.index_fill(0, torch.tensor([1, 1, 2]), v), () => [R(3, 2), R(1).sum()]],
  ['index_fill_ tensor value on a clone', (a, v) => a.clone().index_fill_(1, torch.tensor([1]), v), () => [R(2, 3), R(1).sum()]],
  ['view', (a) => a.view(3, 2), () => [R(2, 3)]],
  ['reshape (copy)', (a) => a.t().reshape(-1), () => [R(2, 3)]],
  ['T', (a) => a.T, () => [R(2, 3, 2)]],
  ['t', (a) => a.t(), () => [R(2, 3)]],
  ['transpose', (a) => a.transpose(0, 2), () => [R(2, 3, 2)]],
  ['permute', (a) => a.permute(1, 2, 0), () => [R(2, 3, 2)]],
  ['squeeze', (a) => a.squeeze(), () => [R(2, 1, 3)]],
  ['unsqueeze', (a) => a.unsqueeze(1), () => [R(2, 3)]],
  ['expand', (a) => a.expand(2, 3, 4), () => [R(3, 1)]],
  ['narrow', (a) => a.narrow(1, 1, 2), () => [R(2, 3)]],
  ['select', (a) => a.select(0, 1), () => [R(2, 3)]],
  ['slicing', (a) => a.index(':', '1:3'), () => [R(2, 4)]],
  ['slicing with step', (a) => a.index('::2', '1::2'), () => [R(3, 4)]],
  ['flatten', (a) => a.flatten(), () => [R(2, 3, 2)]],
  ['as_strided', (a) => a.as_strided([2, 2], [1, 2], 1), () => [R(2, 3)]],
  ['as_strided overlapping', (a) => a.as_strided([3, 3], [1, 1]), () => [R(2, 3)]],
  ['clone', (a) => a.clone(), () => [R(2, 3)]],
  ['contiguous', (a) => a.t().contiguous(), () => [R(2, 3)]],
  ['to float32 and back', (a) => a.float().double(), () => [R(2, 3)], { eps: 1e-3, atol: 1e-3 }],
  ['copy_ into a non-leaf', (a, b) => { const c = a.mul(2); c.copy_(b); return c.mul(a); }, () => [R(2, 3), R(2, 3)]],
  ['in-place on a view (CopySlices)', (a) => { const c = a.mul(1); c.index(0).mul_(a.index(1)); return c; }, () => [R(2, 3)]],
  ['in-place on a view, value from another input', (a, b) => { const c = a.mul(1); c.index(':', 1).copy_(b); return c.mul(a); }, () => [R(2, 3), R(2)]],
  ['in-place exp_ on a slice', (a) => { const c = a.clone(); c.index(':', '1:').exp_(); return c; }, () => [R(2, 3)]],
  ['in-place on a view of a permuted base', (a) => { const c = a.t().clone(); c.index(1).mul_(a.index(0, '1:')); return c; }, () => [R(2, 3)]],
  ['chain of views', (a) => a.transpose(0, 1).index(1).unsqueeze(0).expand(2, 2, 3).index(':', ':', '1:3'), () => [R(2, 3, 3)]],
];

for (const [label, fn, make, opts] of SHAPE_OPS) {
  test(`gradcheck + gradgradcheck: ${label}`, () => {
    torch.manual_seed(0);
    check(label, fn, make(), opts);
  });
}

// ---- composites and several inputs -------------------------------------------------------
test('gradcheck + gradgradcheck: composite functions of several inputs', () => {
  torch.manual_seed(0);
  check('x * sin(y) + x^2 / y', (x, y) => x.mul(y.sin()).add(x.pow(2).div(y)), [R(2, 3), pos().index(':2', ':3').detach().requires_grad_()]);
  check('softmax(x @ w) . logsumexp', (x, w) => x.matmul(w).softmax(1).mul(x.matmul(w).logsumexp(1, { keepdim: true })), [R(2, 3), R(3, 4)]);
  check('tanh MLP layer', (x, w, b) => x.matmul(w.t()).add(b).tanh().sum(0), [R(4, 3), R(2, 3), R(2)]);
  check('broadcast mixing float32 constant', (x) => x.mul(torch.tensor([1.5, -2.5, 0.5])).exp(), [R(2, 3)]);
});

// ---- gradcheck itself ----------------------------------------------------------------------
test('gradcheck catches a wrong gradient: raises with the Jacobian mismatch, or returns false', () => {
  const wrong = (x) => {
    const h = x.mul(1);
    h.register_hook((g) => g.mul(3));  // the gradient is now three times too large
    return h.sin();
  };
  assert.throws(() => torch.autograd.gradcheck(wrong, [R(2, 2)]), /Jacobian mismatch for output 0 with respect to input 0/);
  assert.equal(torch.autograd.gradcheck(wrong, [R(2, 2)], { raise_exception: false }), false);
  assert.equal(torch.autograd.gradcheck((x) => x.sin(), [R(2, 2)], { raise_exception: false }), true);
});

test('gradcheck needs an input that requires grad', () => {
  assert.throws(() => torch.autograd.gradcheck((x) => x.sin(), [torch.ones(2, f64)]), /requires_grad=True/);
});

test('gradgradcheck catches a wrong second derivative that gradcheck cannot see', () => {
  // the hook keeps the value of the gradient but cuts it from the graph of create_graph
  const wrong = (x) => {
    const h = x.mul(1);
    h.register_hook((g) => g.detach().clone());
    return h.pow(3);
  };
  assert.equal(torch.autograd.gradcheck(wrong, [R(3)]), true);
  assert.throws(() => torch.autograd.gradgradcheck(wrong, [R(3)]), /Jacobian mismatch/);
});
