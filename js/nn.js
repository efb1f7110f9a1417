// torch.nn: Module, Parameter, Linear, Sequential, activations, losses, and
// torch.nn.functional. Modules are bookkeeping only: every value is computed by the core
// (linear is addmm, mse_loss and nll_loss are single C ops with PyTorch's grad_fn names;
// cross_entropy is log_softmax then nll_loss, as in PyTorch).
//
// Registration: PyTorch's Module.__setattr__ records parameters and submodules in the order
// they are assigned. Here a module's own properties are walked in their insertion order
// instead, so `this.fc = new Linear(...)` in a subclass registers `fc` just the same.
import { W, check, TensorError } from './core.js';
import { bind, splitOptions, warn } from './args.js';
import { describe } from './dtype.js';
import { Tensor, wrap, keep, asTensor } from './tensor.js';
import { OP } from './ops.js';
import { makeConv, install as installConv } from './conv.js';

const inspect = Symbol.for('nodejs.util.inspect.custom');
/** Where built-in classes keep their Python name (shared with optim.js). */
export const PY_NAME = Symbol('tensorpad.pyName');
const named = (classes) => { for (const [k, C] of Object.entries(classes)) C[PY_NAME] = k; return classes; };
const pyBool = (b) => (b ? 'True' : 'False');
/** A float default as Python prints it (0.01; whole numbers get '.0'). */
const pyFloat = (v) => (Number.isInteger(v) ? `${v}.0` : String(v));

// ---- Parameter ---------------------------------------------------------------------------
/** new torch.nn.Parameter(data, requires_grad=true): a leaf sharing data's storage that
 *  prints as "Parameter containing:"; `p instanceof torch.nn.Parameter` holds. Parameters are
 *  exempt from torch.scope (their module holds them, as in Python). */
class Parameter {
  constructor(...a) {
    const { data, requires_grad } = bind('__new__', a, ['data', 'requires_grad'], { requires_grad: true });
    const src = data === undefined || data === null ? torchRef.empty(0) : asTensor(data, 'Parameter', 'data');
    if (requires_grad && !src.dtype.is_floating_point) {
      // Parameter goes through _make_subclass, whose message differs from requires_grad_'s
      throw new TensorError('Only Tensors of floating point and complex dtype can require gradients');
    }
    const p = src.detach();
    p.requires_grad_(!!requires_grad);
    p._is_param = true;
    keep(p);
    return p;
  }
  static [Symbol.hasInstance](x) { return x instanceof Tensor && !!x._is_param; }
}

// ---- torch.nn.init: in-place initialisers under no_grad, PyTorch 1.13's formulas --------------
const LINEAR_FNS = ['linear', 'conv1d', 'conv2d', 'conv3d', 'conv_transpose1d', 'conv_transpose2d', 'conv_transpose3d'];
function calculate_gain(nonlinearity, param = null) {
  if (LINEAR_FNS.includes(nonlinearity) || nonlinearity === 'sigmoid') return 1;
  if (nonlinearity === 'tanh') return 5.0 / 3;
  if (nonlinearity === 'relu') return Math.sqrt(2.0);
  if (nonlinearity === 'leaky_relu') {
    let slope = 0.01;
    if (param !== null && param !== undefined) {
      if (typeof param !== 'number') throw new TensorError(`negative_slope ${param} not a valid number`);
      slope = param;
    }
    return Math.sqrt(2.0 / (1 + slope ** 2));
  }
  if (nonlinearity === 'selu') return 3.0 / 4;
  throw new TensorError(`Unsupported nonlinearity ${nonlinearity}`);
}
function _calculate_fan_in_and_fan_out(t) {
  if (t.ndim < 2) throw new TensorError('Fan in and fan out can not be computed for tensor with fewer than 2 dimensions');
  const receptive = Array.from(t.shape).slice(2).reduce((a, b) => a * b, 1);
  return [t.shape[1] * receptive, t.shape[0] * receptive];
}
function correctFan(t, mode) {
  const m = String(mode).toLowerCase();
  if (m !== 'fan_in' && m !== 'fan_out') throw new TensorError(`Mode ${mode} not supported, please use one of ['fan_in', 'fan_out']`);
  const [fanIn, fanOut] = _calculate_fan_in_and_fan_out(t);
  return m === 'fan_in' ? fanIn : fanOut;
}
const noGrad = (fn) => torchRef.no_grad(fn);
const init = Object.freeze({
  calculate_gain,
  _calculate_fan_in_and_fan_out,
  uniform_: (t, ...a) => { const o = bind('uniform_', a, ['a', 'b'], { a: 0, b: 1 }); return noGrad(() => t.uniform_(o.a, o.b)); },
  normal_: (t, ...a) => { const o = bind('normal_', a, ['mean', 'std'], { mean: 0, std: 1 }); return noGrad(() => t.normal_(o.mean, o.std)); },
  constant_: (t, val) => noGrad(() => t.fill_(val)),
  zeros_: (t) => noGrad(() => t.zero_()),
  ones_: (t) => noGrad(() => t.fill_(1)),
  xavier_uniform_(t, ...a) {
    const { gain } = bind('xavier_uniform_', a, ['gain'], { gain: 1 });
    const [fanIn, fanOut] = _calculate_fan_in_and_fan_out(t);
    const bound = Math.sqrt(3.0) * (gain * Math.sqrt(2.0 / (fanIn + fanOut)));
    return noGrad(() => t.uniform_(-bound, bound));
  },
  xavier_normal_(t, ...a) {
    const { gain } = bind('xavier_normal_', a, ['gain'], { gain: 1 });
    const [fanIn, fanOut] = _calculate_fan_in_and_fan_out(t);
    return noGrad(() => t.normal_(0, gain * Math.sqrt(2.0 / (fanIn + fanOut))));
  },
  kaiming_uniform_(t, ...a) {
    const o = bind('kaiming_uniform_', a, ['a', 'mode', 'nonlinearity'], { a: 0, mode: 'fan_in', nonlinearity: 'leaky_relu' });
    if (t.shape.includes(0)) { console.warn('UserWarning: Initializing zero-element tensors is a no-op'); return t; }
    const bound = Math.sqrt(3.0) * (calculate_gain(o.nonlinearity, o.a) / Math.sqrt(correctFan(t, o.mode)));
    return noGrad(() => t.uniform_(-bound, bound));
  },
  kaiming_normal_(t, ...a) {
    const o = bind('kaiming_normal_', a, ['a', 'mode', 'nonlinearity'], { a: 0, mode: 'fan_in', nonlinearity: 'leaky_relu' });
    if (t.shape.includes(0)) { console.warn('UserWarning: Initializing zero-element tensors is a no-op'); return t; }
    return noGrad(() => t.normal_(0, calculate_gain(o.nonlinearity, o.a) / Math.sqrt(correctFan(t, o.mode))));
  },
});

// ---- Module ------------------------------------------------------------------------------
/** Python's _addindent: indents every line of a child's repr but the first. */
function addIndent(s, n) {
  const lines = s.split('\n');
  if (lines.length === 1) return s;
  return [lines[0], ...lines.slice(1).map((l) => ' '.repeat(n) + l)].join('\n');
}

class Module {
  constructor() {
    Object.defineProperty(this, 'training', { value: true, writable: true, enumerable: false, configurable: true });
  }

  /** [name, module] pairs of the direct submodules, in registration order. */
  named_children() {
    return Object.entries(this).filter(([, v]) => v instanceof Module);
  }
  children() { return this.named_children().map(([, m]) => m); }
  /** This module and every submodule (each once), depth first, as [name, module] pairs. */
  named_modules(memo = new Set(), prefix = '') {
    if (memo.has(this)) return [];
    memo.add(this);
    const out = [[prefix, this]];
    for (const [name, m] of this.named_children()) out.push(...m.named_modules(memo, prefix ? `${prefix}.${name}` : name));
    return out;
  }
  modules() { return this.named_modules().map(([, m]) => m); }

  /** [name, parameter] pairs with dotted names ('0.weight'), each parameter once. */
  named_parameters(...a) {
    const { prefix, recurse } = bind('named_parameters', a, ['prefix', 'recurse'], { prefix: '', recurse: true });
    const seen = new Set(), out = [];
    const mods = recurse ? this.named_modules() : [['', this]];
    for (const [mname, m] of mods) {
      for (const [k, v] of Object.entries(m)) {
        if (!(v instanceof Tensor) || !v._is_param || seen.has(v)) continue;
        seen.add(v);
        const path = [prefix, mname, k].filter((s) => s !== '').join('.');
        out.push([path, v]);
      }
    }
    return out;
  }
  parameters(...a) {
    const { recurse } = bind('parameters', a, ['recurse'], { recurse: true });
    return this.named_parameters({ recurse }).map(([, p]) => p);
  }
  register_parameter(name, param) {
    if (param !== null && !(param instanceof Tensor && param._is_param)) {
      throw new TypeError(`cannot assign '${describe(param)}' object to parameter '${name}' (torch.nn.Parameter or None required)`);
    }
    this[name] = param;
  }
  add_module(name, module) {
    if (module !== null && !(module instanceof Module)) throw new TypeError(`${describe(module)} is not a Module subclass`);
    this[name] = module;
  }
  register_module(name, module) { this.add_module(name, module); }

  /** Module.zero_grad(set_to_none=False) of PyTorch 1.13: gradients become zeros in place. */
  zero_grad(...a) {
    const { set_to_none } = bind('zero_grad', a, ['set_to_none'], { set_to_none: false });
    zeroGrads(this.parameters(), set_to_none);
  }
  train(...a) {
    const { mode } = bind('train', a, ['mode'], { mode: true });
    if (typeof mode !== 'boolean') throw new TypeError('training mode is expected to be boolean');
    for (const m of this.modules()) m.training = mode;
    return this;
  }
  eval() { return this.train(false); }
  requires_grad_(requires_grad = true) {
    for (const p of this.parameters()) p.requires_grad_(requires_grad);
    return this;
  }
  apply(fn) {
    for (const m of this.children()) m.apply(fn);
    fn(this);
    return this;
  }

  /** {name: tensor} in named order, each detached (sharing the parameter's storage). */
  state_dict() {
    const out = {};
    for (const [mname, m] of this.named_modules(new Set())) {
      for (const [k, v] of Object.entries(m)) {
        if (v instanceof Tensor && v._is_param) out[mname ? `${mname}.${k}` : k] = v.detach();
      }
    }
    return out;
  }
  /** Copies a state_dict into the parameters (under no_grad), with PyTorch's messages. Checks
   *  everything before copying anything. Returns {missing_keys, unexpected_keys}. */
  load_state_dict(state_dict, ...a) {
    // the state_dict is itself a plain object, so only a second argument can hold options
    const { strict } = bind('load_state_dict', a, ['strict'], { strict: true });
    if (!state_dict || typeof state_dict !== 'object') throw new TypeError(`Expected state_dict to be dict-like, got ${describe(state_dict)}.`);
    const own = this.state_dict();
    const given = state_dict instanceof Map ? Object.fromEntries(state_dict) : state_dict;
    const missing = Object.keys(own).filter((k) => !(k in given));
    const unexpected = Object.keys(given).filter((k) => !(k in own));
    const errors = [];
    for (const [k, p] of Object.entries(own)) {
      if (!(k in given)) continue;
      const v = given[k];
      if (!(v instanceof Tensor)) {
        errors.push(`While copying the parameter named "${k}", expected torch.Tensor or Tensor-like object from checkpoint but received ${describe(v)}`);
      } else if (v.shape.length !== p.shape.length || v.shape.some((n, d) => n !== p.shape[d])) {
        errors.push(`size mismatch for ${k}: copying a param with shape ${v.shape} from checkpoint, the shape in current model is ${p.shape}.`);
      }
    }
    if (strict) {
      if (unexpected.length) errors.unshift(`Unexpected key(s) in state_dict: ${unexpected.map((k) => `"${k}"`).join(', ')}. `);
      if (missing.length) errors.unshift(`Missing key(s) in state_dict: ${missing.map((k) => `"${k}"`).join(', ')}. `);
    }
    if (errors.length) throw new TensorError(`Error(s) in loading state_dict for ${this._get_name()}:\n\t${errors.join('\n\t')}`);
    torchRef.no_grad(() => {
      for (const [k, p] of Object.entries(own)) if (k in given) p.copy_(given[k]);
    });
    return { missing_keys: missing, unexpected_keys: unexpected };
  }
  /** Converts every parameter (and its grad) in place, keeping the parameter objects. */
  _apply(fn) {
    for (const p of this.parameters()) {
      const q = torchRef.no_grad(() => fn(p));
      if (q !== p) p.data = q;
      const g = p.grad;
      if (g) {
        const h = fn(g);
        if (h !== g) p.grad = h;
      }
    }
    return this;
  }
  to(...a) { return this._apply((t) => t.to(...a)); }
  double() { return this._apply((t) => (t.is_floating_point() ? t.double() : t)); }
  float() { return this._apply((t) => (t.is_floating_point() ? t.float() : t)); }

  forward() {
    throw new TensorError(`Module [${this._get_name()}] is missing the required "forward" function`);
  }
  /** Python's model(x): runs forward. */
  call(...a) { return this.forward(...a); }

  extra_repr() { return ''; }
  /** The class name in reprs: built-in classes carry theirs (a minifier renames classes);
   *  user subclasses use their own. */
  _get_name() {
    const C = this.constructor;
    return Object.prototype.hasOwnProperty.call(C, PY_NAME) ? C[PY_NAME] : C.name;
  }
  toString() {
    const extra = this.extra_repr();
    const lines = extra ? extra.split('\n') : [];
    for (const [name, m] of this.named_children()) lines.push(`(${name}): ${addIndent(String(m), 2)}`);
    let s = `${this._get_name()}(`;
    if (lines.length) {
      if (!extra.includes('\n') && lines.length === 1 && extra) s += extra;
      else s += `\n  ${lines.join('\n  ')}\n`;
    }
    return `${s})`;
  }
  [inspect]() { return this.toString(); }
}

function zeroGrads(params, setToNone) {
  for (const p of params) {
    const g = p.grad;
    if (g === null) continue;
    if (setToNone) { p.grad = null; continue; }
    if (g.grad_fn) g.detach_();
    else g.requires_grad_(false);
    g.zero_();
  }
}

// ---- layers ------------------------------------------------------------------------------
class Linear extends Module {
  constructor(...a) {
    super();
    const o = bind('Linear.__init__', a, ['in_features', 'out_features', 'bias', 'device', 'dtype'], { bias: true });
    for (const k of ['in_features', 'out_features']) {
      if (!Number.isInteger(o[k])) throw new TypeError(`Linear(): argument '${k}' must be int, not ${describe(o[k])}`);
    }
    this.in_features = o.in_features;
    this.out_features = o.out_features;
    const dt = o.dtype === undefined || o.dtype === null ? {} : { dtype: o.dtype };
    this.weight = new Parameter(torchRef.empty(o.out_features, o.in_features, dt));
    this.bias = o.bias ? new Parameter(torchRef.empty(o.out_features, dt)) : null;
    this.reset_parameters();
  }
  /** PyTorch's init: kaiming_uniform_(weight, a=sqrt(5)), then bias ~ U(-1/sqrt(fan_in), 1/sqrt(fan_in)). */
  reset_parameters() {
    init.kaiming_uniform_(this.weight, { a: Math.sqrt(5) });
    if (this.bias) {
      const [fanIn] = _calculate_fan_in_and_fan_out(this.weight);
      const bound = fanIn > 0 ? 1 / Math.sqrt(fanIn) : 0;
      init.uniform_(this.bias, -bound, bound);
    }
  }
  forward(input) { return linear(input, this.weight, this.bias); }
  extra_repr() { return `in_features=${this.in_features}, out_features=${this.out_features}, bias=${pyBool(this.bias !== null)}`; }
}

class Sequential extends Module {
  constructor(...modules) {
    super();
    [modules] = splitOptions('Sequential.__init__', modules, []);
    modules.forEach((m, i) => this.add_module(String(i), m));
  }
  get length() { return this.children().length; }
  append(m) { this.add_module(String(this.length), m); return this; }
  [Symbol.iterator]() { return this.children()[Symbol.iterator](); }
  forward(input) {
    let x = input;
    for (const m of this.children()) x = m.forward(x);
    return x;
  }
}

/** Holds submodules in a list (registered as '0', '1', ...); has no forward of its own. */
class ModuleList extends Module {
  constructor(modules = []) {
    super();
    for (const m of modules) this.append(m);
  }
  get length() { return this.children().length; }
  append(m) { this.add_module(String(this.length), m); return this; }
  extend(ms) { for (const m of ms) this.append(m); return this; }
  [Symbol.iterator]() { return this.children()[Symbol.iterator](); }
}

class Identity extends Module {
  forward(input) { return input; }
}

class ReLU extends Module {
  constructor(...a) {
    super();
    this.inplace = !!bind('ReLU.__init__', a, ['inplace'], { inplace: false }).inplace;
  }
  forward(input) { return relu(input, { inplace: this.inplace }); }
  extra_repr() { return this.inplace ? 'inplace=True' : ''; }
}
class Tanh extends Module { forward(input) { return tanh(input); } }
class Sigmoid extends Module { forward(input) { return sigmoid(input); } }
class Softmax extends Module {
  constructor(...a) { super(); this.dim = bind('Softmax.__init__', a, ['dim'], { dim: null }).dim; }
  forward(input) { return softmax(input, this.dim); }
  extra_repr() { return `dim=${this.dim === null ? 'None' : this.dim}`; }
}
class LogSoftmax extends Module {
  constructor(...a) { super(); this.dim = bind('LogSoftmax.__init__', a, ['dim'], { dim: null }).dim; }
  forward(input) { return log_softmax(input, this.dim); }
  extra_repr() { return `dim=${this.dim === null ? 'None' : this.dim}`; }
}

class MSELoss extends Module {
  constructor(...a) {
    super();
    this.reduction = legacyReduction(bind('MSELoss.__init__', a, ['size_average', 'reduce', 'reduction'], { reduction: 'mean' }));
  }
  forward(input, target) { return mse_loss(input, target, { reduction: this.reduction }); }
}
class NLLLoss extends Module {
  constructor(...a) {
    super();
    const o = bind('NLLLoss.__init__', a, ['weight', 'size_average', 'ignore_index', 'reduce', 'reduction'], { weight: null, ignore_index: -100, reduction: 'mean' });
    Object.defineProperty(this, 'weight', { value: o.weight, writable: true, enumerable: false });
    this.ignore_index = o.ignore_index;
    this.reduction = legacyReduction(o);
  }
  forward(input, target) { return nll_loss(input, target, { weight: this.weight, ignore_index: this.ignore_index, reduction: this.reduction }); }
}
class L1Loss extends Module {
  constructor(...a) {
    super();
    this.reduction = legacyReduction(bind('L1Loss.__init__', a, ['size_average', 'reduce', 'reduction'], { reduction: 'mean' }));
  }
  forward(input, target) { return l1_loss(input, target, { reduction: this.reduction }); }
}
class BCELoss extends Module {
  constructor(...a) {
    super();
    const o = bind('BCELoss.__init__', a, ['weight', 'size_average', 'reduce', 'reduction'], { weight: null, reduction: 'mean' });
    Object.defineProperty(this, 'weight', { value: o.weight, writable: true, enumerable: false });
    this.reduction = legacyReduction(o);
  }
  forward(input, target) { return binary_cross_entropy(input, target, { weight: this.weight, reduction: this.reduction }); }
}
class BCEWithLogitsLoss extends Module {
  constructor(...a) {
    super();
    const o = bind('BCEWithLogitsLoss.__init__', a, ['weight', 'size_average', 'reduce', 'reduction', 'pos_weight'], { weight: null, reduction: 'mean', pos_weight: null });
    Object.defineProperty(this, 'weight', { value: o.weight, writable: true, enumerable: false });
    Object.defineProperty(this, 'pos_weight', { value: o.pos_weight, writable: true, enumerable: false });
    this.reduction = legacyReduction(o);
  }
  forward(input, target) {
    return binary_cross_entropy_with_logits(input, target, { weight: this.weight, reduction: this.reduction, pos_weight: this.pos_weight });
  }
}
class GELU extends Module {
  constructor(...a) { super(); this.approximate = bind('GELU.__init__', a, ['approximate'], { approximate: 'none' }).approximate; }
  forward(input) { return gelu(input, { approximate: this.approximate }); }
  extra_repr() { return `approximate='${this.approximate}'`; }
}
class Dropout extends Module {
  constructor(...a) {
    super();
    const o = bind('Dropout.__init__', a, ['p', 'inplace'], { p: 0.5, inplace: false });
    if (o.p < 0 || o.p > 1) throw new TensorError(`dropout probability has to be between 0 and 1, but got ${o.p}`);
    this.p = o.p;
    this.inplace = !!o.inplace;
  }
  /** Active in training mode only (model.eval() turns it off), as in PyTorch. */
  forward(input) { return dropout(input, this.p, this.training, this.inplace); }
  extra_repr() { return `p=${this.p}, inplace=${pyBool(this.inplace)}`; }
}
class LeakyReLU extends Module {
  constructor(...a) {
    super();
    const o = bind('LeakyReLU.__init__', a, ['negative_slope', 'inplace'], { negative_slope: 0.01, inplace: false });
    this.negative_slope = o.negative_slope;
    this.inplace = !!o.inplace;
  }
  forward(input) { return leaky_relu(input, this.negative_slope); }
  extra_repr() { return `negative_slope=${pyFloat(this.negative_slope)}${this.inplace ? ', inplace=True' : ''}`; }
}
class Softplus extends Module {
  constructor(...a) {
    super();
    const o = bind('Softplus.__init__', a, ['beta', 'threshold'], { beta: 1, threshold: 20 });
    this.beta = o.beta;
    this.threshold = o.threshold;
  }
  forward(input) { return softplus(input, this.beta, this.threshold); }
  extra_repr() { return `beta=${this.beta}, threshold=${this.threshold}`; }
}
class SiLU extends Module {
  constructor(...a) { super(); this.inplace = !!bind('SiLU.__init__', a, ['inplace'], { inplace: false }).inplace; }
  forward(input) { return silu(input); }
  extra_repr() { return this.inplace ? 'inplace=True' : ''; }
}

class CrossEntropyLoss extends Module {
  constructor(...a) {
    super();
    const o = bind('CrossEntropyLoss.__init__', a, ['weight', 'size_average', 'ignore_index', 'reduce', 'reduction', 'label_smoothing'],
      { weight: null, ignore_index: -100, reduction: 'mean', label_smoothing: 0 });
    Object.defineProperty(this, 'weight', { value: o.weight, writable: true, enumerable: false });
    this.ignore_index = o.ignore_index;
    this.reduction = legacyReduction(o);
    this.label_smoothing = o.label_smoothing;
  }
  forward(input, target) {
    return cross_entropy(input, target, { weight: this.weight, ignore_index: this.ignore_index, reduction: this.reduction, label_smoothing: this.label_smoothing });
  }
}

// ---- functional --------------------------------------------------------------------------
const REDUCTIONS = { none: 0, mean: 1, sum: 2 };
/** 1.13's _Reduction.legacy_get_string: size_average / reduce, when given, decide the
 *  reduction (with its deprecation warning); otherwise `reduction` does. */
function legacyReduction(o) {
  if ((o.size_average === undefined || o.size_average === null) && (o.reduce === undefined || o.reduce === null)) return o.reduction;
  const sizeAverage = o.size_average ?? true, reduce = o.reduce ?? true;
  const r = sizeAverage && reduce ? 'mean' : reduce ? 'sum' : 'none';
  warn(`size_average and reduce args will be deprecated, please use reduction='${r}' instead.`);
  return r;
}

function reductionOf(r) {
  if (!Object.prototype.hasOwnProperty.call(REDUCTIONS, r)) throw new TensorError(`${r} is not a valid value for reduction`);
  return REDUCTIONS[r];
}

/** x op s through ATen's Scalar overload, as 1.13's C++ composites write x * s: one edge and
 *  the Backward1 name (MulBackward1, DivBackward1), where x.mul(s) from Python records
 *  MulBackward0. kind: 1 for an int64_t operand, 2 for a double. */
const atenScalar = (name, x, s, kind = 2) => wrap(check(W.tp_binary_scalar(OP[name], x._ptr, s, kind, 3, 1)));

function addmm(input, mat1, mat2, o = {}) {
  asTensor(input, 'addmm', 'input', 1);
  asTensor(mat1, 'addmm', 'mat1', 2);
  asTensor(mat2, 'addmm', 'mat2', 3);
  const beta = o.beta ?? 1, alpha = o.alpha ?? 1;
  return wrap(check(W.tp_addmm(input._ptr, mat1._ptr, mat2._ptr, beta, alpha)));
}

/** F.linear as PyTorch 1.13's at::linear: addmm for a matrix with bias, a folded addmm for a
 *  contiguous 3-D input, otherwise matmul (then + bias). */
function linear(...a) {
  const { input, weight, bias } = bind('linear', a, ['input', 'weight', 'bias'], { bias: null });
  asTensor(input, 'linear', 'input', 1);
  asTensor(weight, 'linear', 'weight', 2);
  if (bias !== null && bias !== undefined) asTensor(bias, 'linear', 'bias', 3);
  const wt = weight.t();
  if (input.ndim === 2 && bias) return addmm(bias, input, wt);
  if (input.ndim === 3 && bias && input.is_contiguous()) {
    const [b, n, k] = input.shape;
    const out = addmm(bias, input.view(b * n, k), wt);
    return out.view(b, n, out.shape[1]);
  }
  const out = input.matmul(wt);
  return bias ? out.add(bias) : out;
}

function relu(...a) {
  const { input, inplace } = bind('relu', a, ['input', 'inplace'], { inplace: false });
  asTensor(input, 'relu', 'input');
  return inplace ? input.relu_() : input.relu();
}
const tanh = (input) => asTensor(input, 'tanh', 'input').tanh();
function gelu(...a) {
  const { input, approximate } = bind('gelu', a, ['input', 'approximate'], { approximate: 'none' });
  return asTensor(input, 'gelu', 'input').gelu({ approximate });
}
const silu = (input) => asTensor(input, 'silu', 'input').silu();
function leaky_relu(...a) {
  const { input, negative_slope, inplace } = bind('leaky_relu', a, ['input', 'negative_slope', 'inplace'], { negative_slope: 0.01, inplace: false });
  asTensor(input, 'leaky_relu', 'input');
  if (inplace) throw new TensorError('tensorpad: leaky_relu(inplace=True) is not supported; use the out-of-place form');
  return wrap(check(W.tp_leaky_relu(input._ptr, negative_slope)));
}
/** PyTorch 1.13's CPU dropout: noise.bernoulli_(1 - p), which draws one 53-bit uniform per
 *  element as rand(float64) does, scaled by 1 / (1 - p); the result is input * noise. */
function dropout(...a) {
  const { input, p, training, inplace } = bind('dropout', a, ['input', 'p', 'training', 'inplace'], { p: 0.5, training: true, inplace: false });
  asTensor(input, 'dropout', 'input');
  if (p < 0 || p > 1) throw new TensorError(`dropout probability has to be between 0 and 1, but got ${p}`);
  if (p === 0 || !training || input.numel() === 0) return input;
  const noise = p === 1 ? torchRef.zeros([], { dtype: input.dtype })
    : torchRef.rand(input.shape, { dtype: torchRef.float64 }).lt(1 - p).to(input.dtype).div_(1 - p);
  return inplace ? input.mul_(noise) : input.mul(noise);
}
function softplus(...a) {
  const { input, beta, threshold } = bind('softplus', a, ['input', 'beta', 'threshold'], { beta: 1, threshold: 20 });
  return wrap(check(W.tp_softplus(asTensor(input, 'softplus', 'input')._ptr, beta, threshold)));
}
const sigmoid = (input) => asTensor(input, 'sigmoid', 'input').sigmoid();

/** PyTorch's _get_softmax_dim for a missing dim (deprecated there; it warns). */
const implicitDim = (ndim) => (ndim === 0 || ndim === 1 || ndim === 3 ? 0 : 1);

function softmaxLike(fname) {
  return (...a) => {
    const { input, dim, dtype } = bind(fname, a, ['input', 'dim', '_stacklevel', 'dtype'], { dim: null, dtype: null });
    asTensor(input, fname, 'input');
    let d = dim;
    if (dim === null || dim === undefined) {
      warn(`Implicit dimension choice for ${fname} has been deprecated. Change the call to include dim=X as an argument.`);
      d = implicitDim(input.ndim);
    }
    return dtype === null || dtype === undefined ? input[fname](d) : input[fname](d, { dtype });
  };
}
const softmax = softmaxLike('softmax');
const log_softmax = softmaxLike('log_softmax');

/** torch.broadcast_tensors for two: each expanded (ExpandBackward0) only when its size changes. */
function broadcastPair(a, b) {
  if (W.tp_tensor_same_shape(a._ptr, b._ptr)) return [a, b];
  const sa = a.shape, sb = b.shape;
  const nd = Math.max(sa.length, sb.length), shape = [];
  for (let d = 0; d < nd; d++) {
    const i = sa.length - nd + d, j = sb.length - nd + d, p = i < 0 ? 1 : sa[i], q = j < 0 ? 1 : sb[j];
    if (p !== q && p !== 1 && q !== 1) {
      throw new TensorError(`The size of tensor a (${p}) must match the size of tensor b (${q}) at non-singleton dimension ${d}`);
    }
    shape.push(p === 1 ? q : p);
  }
  const fit = (t, st) => (st.length === nd && shape.every((n, d) => n === st[d]) ? t : t.expand(shape));
  return [fit(a, sa), fit(b, sb)];
}

function mse_loss(...a) {
  const o = bind('mse_loss', a, ['input', 'target', 'size_average', 'reduce', 'reduction'], { reduction: 'mean' });
  const { input, target } = o;
  asTensor(input, 'mse_loss', 'input', 1);
  asTensor(target, 'mse_loss', 'target', 2);
  warnIfBroadcast(input, target);
  const r = reductionOf(legacyReduction(o));
  const [x, y] = broadcastPair(input, target);  // as F.mse_loss: broadcast_tensors, then the op
  return wrap(check(W.tp_mse_loss(x._ptr, y._ptr, r)));
}

function nll_loss(...a) {
  const o = bind('nll_loss', a, ['input', 'target', 'weight', 'size_average', 'ignore_index', 'reduce', 'reduction'],
    { weight: null, ignore_index: -100, reduction: 'mean' });
  asTensor(o.input, 'nll_loss_nd', 'input', 1);
  asTensor(o.target, 'nll_loss_nd', 'target', 2);
  const r = reductionOf(legacyReduction(o));
  const w = o.weight === null || o.weight === undefined ? null : asTensor(o.weight, 'nll_loss', 'weight', 3);
  if (!Number.isInteger(o.ignore_index)) throw new TypeError(`nll_loss(): argument 'ignore_index' must be int, not ${describe(o.ignore_index)}`);
  const x = o.input, t = o.target, wp = w ? w._ptr : 0;
  if (x.ndim <= 2) return wrap(check(W.tp_nll_loss(x._ptr, t._ptr, wp, r, o.ignore_index)));
  // 1.13's nll_loss_nd: a [N, C, H, W] input goes to nll_loss2d as it is; other shapes
  // [N, C, d1, ...] are made contiguous and viewed as [N, C, 1, -1] (the loss viewed back)
  if (x.shape[0] !== t.shape[0]) throw new TensorError(`Expected input batch_size (${x.shape[0]}) to match target batch_size (${t.ndim ? t.shape[0] : 0}).`);
  if (x.ndim === 4) return wrap(check(W.tp_nll_loss2d(x._ptr, t._ptr, wp, r, o.ignore_index)));
  const n = x.shape[0], c = x.shape[1];
  const outSize = [n, ...Array.from(x.shape).slice(2)];
  if (t.ndim !== outSize.length || outSize.some((k, d) => d > 0 && k !== t.shape[d])) {
    throw new TensorError(`Expected target size [${outSize.join(', ')}], got [${Array.from(t.shape).join(', ')}]`);
  }
  const xv = x.contiguous().view(n, c, ...(x.numel() > 0 ? [1, -1] : [0, 0]));
  const tv = t.contiguous().view(n, ...(t.numel() > 0 ? [1, -1] : [0, 0]));
  const loss = wrap(check(W.tp_nll_loss2d(xv._ptr, tv._ptr, wp, r, o.ignore_index)));
  return r === REDUCTIONS.none ? loss.view(outSize) : loss;
}

const sameSize = (a, b) => W.tp_tensor_same_shape(a._ptr, b._ptr) === 1;

/** F.mse_loss and F.l1_loss warn (then broadcast) when the sizes differ: a classic mistake is
 *  a target of shape [N] against an output of shape [N, 1], which broadcasts to [N, N]. */
function warnIfBroadcast(input, target) {
  if (sameSize(input, target)) return;
  warn(`Using a target size (${target.shape}) that is different to the input size (${input.shape}). ` +
    'This will likely lead to incorrect results due to broadcasting. Please ensure they have the same size.');
}

function binary_cross_entropy(...a) {
  const o = bind('binary_cross_entropy', a, ['input', 'target', 'weight', 'size_average', 'reduce', 'reduction'], { weight: null, reduction: 'mean' });
  asTensor(o.input, 'binary_cross_entropy', 'input', 1);
  asTensor(o.target, 'binary_cross_entropy', 'target', 2);
  const r = reductionOf(legacyReduction(o));
  if (!sameSize(o.input, o.target)) {
    throw new TensorError(`Using a target size (${o.target.shape}) that is different to the input size (${o.input.shape}) is deprecated. Please ensure they have the same size.`);
  }
  const w = o.weight ? asTensor(o.weight, 'binary_cross_entropy', 'weight', 3).expand(o.target.shape) : null;
  return wrap(check(W.tp_binary_cross_entropy(o.input._ptr, o.target._ptr, w ? w._ptr : 0, r)));
}

function binary_cross_entropy_with_logits(...a) {
  const o = bind('binary_cross_entropy_with_logits', a, ['input', 'target', 'weight', 'size_average', 'reduce', 'reduction', 'pos_weight'],
    { weight: null, reduction: 'mean', pos_weight: null });
  asTensor(o.input, 'binary_cross_entropy_with_logits', 'input', 1);
  asTensor(o.target, 'binary_cross_entropy_with_logits', 'target', 2);
  const r = reductionOf(legacyReduction(o));
  if (!sameSize(o.input, o.target)) throw new TensorError(`Target size (${o.target.shape}) must be the same as input size (${o.input.shape})`);
  const w = o.weight ? asTensor(o.weight, 'binary_cross_entropy_with_logits', 'weight', 3) : null;
  const pw = o.pos_weight ? asTensor(o.pos_weight, 'binary_cross_entropy_with_logits', 'pos_weight', 7) : null;
  return wrap(check(W.tp_binary_cross_entropy_with_logits(o.input._ptr, o.target._ptr, w ? w._ptr : 0, pw ? pw._ptr : 0, r)));
}

/** l1_loss: composed in 1.13 too ((input - target).abs(), then the reduction). */
function l1_loss(...a) {
  const o = bind('l1_loss', a, ['input', 'target', 'size_average', 'reduce', 'reduction'], { reduction: 'mean' });
  asTensor(o.input, 'l1_loss', 'input', 1);
  asTensor(o.target, 'l1_loss', 'target', 2);
  warnIfBroadcast(o.input, o.target);
  const r = reductionOf(legacyReduction(o));
  const [x, y] = broadcastPair(o.input, o.target);
  const d = x.sub(y).abs();
  return r === REDUCTIONS.none ? d : r === REDUCTIONS.mean ? d.mean() : d.sum();
}

function cross_entropy(...a) {
  const o = bind('cross_entropy', a, ['input', 'target', 'weight', 'size_average', 'ignore_index', 'reduce', 'reduction', 'label_smoothing'],
    { weight: null, ignore_index: -100, reduction: 'mean', label_smoothing: 0 });
  asTensor(o.input, 'cross_entropy_loss', 'input', 1);
  asTensor(o.target, 'cross_entropy_loss', 'target', 2);
  const input = o.input, target = o.target, weight = o.weight ?? null, ls = o.label_smoothing ?? 0;
  const red = reductionOf(legacyReduction(o));
  const classDim = input.ndim === 1 ? 0 : 1;
  const nClasses = input.ndim ? input.shape[classDim] : 1;
  // weight viewed to broadcast along the class dim, as PyTorch's weight_broadcast_shape
  const weightView = () => weight.view(Array.from(input.shape, (n, d) => (d === classDim ? weight.shape[0] : 1)));
  const sameShape = input.ndim === target.ndim && Array.from(input.shape).every((n, d) => n === target.shape[d]);
  if (sameShape) {
    // class probabilities (1.13's cross_entropy_loss_prob_target; label smoothing mixes in the uniform)
    if (!target.is_floating_point()) throw new TensorError(`Expected floating point type for target with class probabilities, got ${target.dtype.name === 'int64' ? 'Long' : target.dtype}`);
    if (ls < 0 || ls > 1) throw new TensorError(`label_smoothing must be between 0.0 and 1.0. Got: ${ls}`);
    if (weight && !(weight.ndim === 1 && weight.numel() === nClasses)) {
      throw new TensorError(`cross_entropy: weight tensor should be defined either for all ${nClasses} classes or no classes but got weight tensor of shape: [${Array.from(weight.shape).join(', ')}]`);
    }
    const lsm = input.log_softmax(classDim);
    const t = ls > 0 ? target.mul(1 - ls).add(ls / nClasses) : target;
    let prod = lsm.mul(t);
    if (weight) prod = prod.mul(weightView());
    if (red === REDUCTIONS.none) return prod.sum(classDim).neg();
    const total = prod.sum().neg();
    if (red === REDUCTIONS.sum) return total;
    return input.numel() === 0 ? total.fill_(NaN) : atenScalar('div', total, Math.trunc(input.numel() / nClasses), 1);
  }
  const lsm = input.log_softmax(classDim);
  const nll = nll_loss(lsm, target, { weight, ignore_index: o.ignore_index, reduction: o.reduction });
  if (!ls) return nll;
  // 1.13's cross_entropy_loss_label_smoothing (C++: scalar products are ATen's Scalar overloads)
  if (ls < 0 || ls > 1) throw new TensorError(`label_smoothing must be between 0.0 and 1.0. Got: ${ls}`);
  const ignore = target.eq(o.ignore_index);
  let smooth = (weight ? lsm.mul(weightView()) : lsm).sum(classDim).neg();
  smooth.index_put_([ignore], torchRef.tensor(0.0, { dtype: smooth.dtype }));
  let ret;
  if (red === REDUCTIONS.mean) {
    const keep = ignore.logical_not();
    ret = weight ? smooth.sum().div(weight.gather(0, target.masked_select(keep).flatten()).sum()) : smooth.masked_select(keep).mean();
  } else {
    ret = red === REDUCTIONS.sum ? smooth.sum() : smooth;
  }
  return atenScalar('mul', nll, 1 - ls).add(atenScalar('mul', ret, ls / nClasses));
}

let torchRef = null;

export function install(torch, TensorClass) {
  torchRef = torch;
  torch.addmm = (...a) => {
    const [pos, o] = splitOptions('addmm', a, ['input', 'mat1', 'mat2', 'beta', 'alpha']);
    return addmm(pos[0] ?? o.input, pos[1] ?? o.mat1, pos[2] ?? o.mat2, o);
  };
  TensorClass.prototype.addmm = function (...a) {
    const [pos, o] = splitOptions('addmm', a, ['mat1', 'mat2', 'beta', 'alpha']);
    return addmm(this, pos[0] ?? o.mat1, pos[1] ?? o.mat2, o);
  };
  const deprecated = (name, f) => (input) => {
    warn(`nn.functional.${name} is deprecated. Use torch.${name} instead.`);
    return f(input);
  };
  installConv(torch);
  const conv = makeConv({ Module, Parameter, init, fanInOut: _calculate_fan_in_and_fan_out, pyBool });
  const functional = Object.freeze({
    linear, relu, tanh: deprecated('tanh', tanh), sigmoid: deprecated('sigmoid', sigmoid), gelu, silu, leaky_relu, softplus, dropout, softmax, log_softmax, mse_loss, l1_loss, nll_loss, cross_entropy,
    binary_cross_entropy, binary_cross_entropy_with_logits,
    relu_: (input) => asTensor(input, 'relu_', 'input').relu_(),
    ...conv.functional,
  });
  const classes = named({
    Module, Linear, Sequential, ModuleList, Identity, ReLU, Tanh, Sigmoid, GELU, SiLU, LeakyReLU, Softplus, Dropout, Softmax, LogSoftmax,
    MSELoss, L1Loss, NLLLoss, CrossEntropyLoss, BCELoss, BCEWithLogitsLoss,
    ...conv.classes,
  });
  torch.nn = Object.freeze({ ...classes, Parameter, functional, init });
}

export { zeroGrads };
