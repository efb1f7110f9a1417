// torch.nn: Module, Parameter, Linear, Sequential, activations, losses, and
// torch.nn.functional. Modules are bookkeeping only: every value is computed by the core
// (linear is addmm, mse_loss and nll_loss are single C ops with PyTorch's grad_fn names;
// cross_entropy is log_softmax then nll_loss, as in PyTorch).
//
// Registration: PyTorch's Module.__setattr__ records parameters and submodules in the order
// they are assigned. Here a module's own properties are walked in their insertion order
// instead, so `this.fc = new Linear(...)` in a subclass registers `fc` just the same.
import { W, check, checkStatus, TensorError } from '../core/wasm.js';
import { bind, splitOptions, warn, checkFloat, floatFactor, attributeError } from '../core/args.js';
import { describe, pyRepr, py, pyStr, pyFloat, pyTuple, dtype, Device, checkDevice } from '../core/dtype.js';
import { Tensor, wrap, keep, asTensor } from '../tensor/tensor.js';
import { OP } from '../tensor/ops.js';
import { makeConv, install as installConv } from './conv.js';
import { makeRnn } from './rnn.js';
import { makeTransformer } from './transformer.js';
import { makeLoss } from './loss.js';
import { makeNnAct, install as installNnAct, LEAKY_RELU } from './activation.js';

const inspect = Symbol.for('nodejs.util.inspect.custom');
/** Where built-in classes keep their Python name (shared with optim.js). */
export const PY_NAME = Symbol('tensorpad.pyName');
const named = (classes) => { for (const [k, C] of Object.entries(classes)) C[PY_NAME] = k; return classes; };
const pyBool = (b) => (b ? 'True' : 'False');

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
const valueError = (msg) => Object.assign(new TensorError(msg), { pythonType: 'ValueError' });
const LINEAR_FNS = ['linear', 'conv1d', 'conv2d', 'conv3d', 'conv_transpose1d', 'conv_transpose2d', 'conv_transpose3d'];
function calculate_gain(nonlinearity, param = null) {
  if (LINEAR_FNS.includes(nonlinearity) || nonlinearity === 'sigmoid') return 1;
  if (nonlinearity === 'tanh') return 5.0 / 3;
  if (nonlinearity === 'relu') return Math.sqrt(2.0);
  if (nonlinearity === 'leaky_relu') {
    let slope = 0.01;
    if (param !== null && param !== undefined) {
      // Python: an int (not a bool) or a float
      if (typeof param !== 'number' && typeof param !== 'bigint') throw valueError(`negative_slope ${param !== null && typeof param === 'object' || typeof param === 'symbol' ? describe(param) : String(param)} not a valid number`);
      slope = Number(param);
    }
    if (!Number.isFinite(slope ** 2) && Number.isFinite(slope)) throw Object.assign(new TensorError("(34, 'Numerical result out of range')"), { pythonType: 'OverflowError' });
    return Math.sqrt(2.0 / (1 + slope ** 2));
  }
  if (nonlinearity === 'selu') return 3.0 / 4;
  throw valueError(`Unsupported nonlinearity ${pyRepr(nonlinearity)}`);
}
function _calculate_fan_in_and_fan_out(t) {
  if (!(t instanceof Tensor)) throw attributeError(t, 'dim');
  if (t.ndim < 2) throw valueError('Fan in and fan out can not be computed for tensor with fewer than 2 dimensions');
  const receptive = Array.from(t.shape).slice(2).reduce((a, b) => a * b, 1);
  return [t.shape[1] * receptive, t.shape[0] * receptive];
}
/** _calculate_correct_fan: mode.lower() first (a non-string mode fails in the argument layer's
 *  value checks, js/core/arg_parser.js, with Python's AttributeError), then the fans. */
function correctFan(t, mode) {
  if (typeof mode !== 'string') throw attributeError(mode, 'lower');
  const m = mode.toLowerCase();
  if (m !== 'fan_in' && m !== 'fan_out') throw valueError(`Mode ${m} not supported, please use one of ['fan_in', 'fan_out']`);
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
    const bound = Math.sqrt(3.0) * (floatFactor(gain) * Math.sqrt(2.0 / (fanIn + fanOut)));
    return noGrad(() => t.uniform_(-bound, bound));
  },
  xavier_normal_(t, ...a) {
    const { gain } = bind('xavier_normal_', a, ['gain'], { gain: 1 });
    const [fanIn, fanOut] = _calculate_fan_in_and_fan_out(t);
    return noGrad(() => t.normal_(0, floatFactor(gain) * Math.sqrt(2.0 / (fanIn + fanOut))));
  },
  kaiming_uniform_(t, ...a) {
    const o = bind('kaiming_uniform_', a, ['a', 'mode', 'nonlinearity'], { a: 0, mode: 'fan_in', nonlinearity: 'leaky_relu' });
    if (t.shape.includes(0)) { console.warn('UserWarning: Initializing zero-element tensors is a no-op'); return t; }
    const fan = correctFan(t, o.mode);
    const bound = Math.sqrt(3.0) * (calculate_gain(o.nonlinearity, o.a) / Math.sqrt(fan));
    return noGrad(() => t.uniform_(-bound, bound));
  },
  kaiming_normal_(t, ...a) {
    const o = bind('kaiming_normal_', a, ['a', 'mode', 'nonlinearity'], { a: 0, mode: 'fan_in', nonlinearity: 'leaky_relu' });
    if (t.shape.includes(0)) { console.warn('UserWarning: Initializing zero-element tensors is a no-op'); return t; }
    const fan = correctFan(t, o.mode);
    return noGrad(() => t.normal_(0, calculate_gain(o.nonlinearity, o.a) / Math.sqrt(fan)));
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
  /** register_buffer(name, tensor, persistent=True): a tensor the module owns that is not a
   *  parameter (BatchNorm's running stats); listed by named_buffers, in state_dict if persistent. */
  register_buffer(name, tensor, ...a) {
    const { persistent } = bind('register_buffer', [tensor, ...a], ['tensor', 'persistent'], { persistent: true });
    if (typeof name !== 'string') throw new TypeError(`buffer name should be a string. Got ${describe(name)}`);
    // KeyErrors: their text is the repr of the message, as str(KeyError) prints it
    if (name.includes('.')) throw new TensorError('\'buffer name can\\\'t contain "."\'');
    if (name === '') throw new TensorError('\'buffer name can\\\'t be empty string ""\'');
    if (name in this && !(this._buffers && this._buffers.has(name))) throw new TensorError(`"attribute '${name}' already exists"`);
    if (tensor !== null && !(tensor instanceof Tensor)) {
      throw new TypeError(`cannot assign '${describe(tensor)}' object to buffer '${name}' (torch Tensor or None required)`);
    }
    if (!Object.prototype.hasOwnProperty.call(this, '_buffers')) {
      Object.defineProperty(this, '_buffers', { value: new Map(), enumerable: false });
    }
    this._buffers.set(name, !!persistent);
    this[name] = tensor === null ? null : keep(tensor);
  }
  /** [name, buffer] pairs with dotted names, each buffer once (as named_parameters). */
  named_buffers(...a) {
    const { prefix, recurse } = bind('named_buffers', a, ['prefix', 'recurse'], { prefix: '', recurse: true });
    const seen = new Set(), out = [];
    for (const [mname, m] of recurse ? this.named_modules() : [['', this]]) {
      for (const [k, v] of ownBuffers(m, false)) {
        if (seen.has(v)) continue;
        seen.add(v);
        out.push([[prefix, mname, k].filter((x) => x !== '').join('.'), v]);
      }
    }
    return out;
  }
  buffers(...a) {
    const { recurse } = bind('buffers', a, ['recurse'], { recurse: true });
    return this.named_buffers({ recurse }).map(([, b]) => b);
  }
  register_parameter(name, param) {
    if (param !== null && !(param instanceof Tensor && param._is_param)) {
      throw new TypeError(`cannot assign '${describe(param)}' object to parameter '${name}' (torch.nn.Parameter or None required)`);
    }
    this[name] = param;
  }
  add_module(name, module) {
    if (module !== null && !(module instanceof Module)) throw new TypeError(`${describe(module)} is not a Module subclass`);
    if (typeof name !== 'string') throw new TypeError(`module name should be a string. Got ${describe(name)}`);
    const keyError = (msg) => Object.assign(new TensorError(msg), { pythonType: 'KeyError' });
    if (name.includes('.')) throw keyError(`module name can't contain ".", got: ${name}`);
    if (name === '') throw keyError('module name can\'t be empty string ""');
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

  /** {name: tensor} in named order (each module's parameters, then its persistent buffers),
   *  each detached (sharing the parameter's storage). */
  state_dict() {
    const out = {};
    for (const [mname, m] of this.named_modules(new Set())) {
      for (const [k, v] of Object.entries(m)) {
        if (v instanceof Tensor && v._is_param) out[mname ? `${mname}.${k}` : k] = v.detach();
      }
      for (const [k, v] of ownBuffers(m, true)) out[mname ? `${mname}.${k}` : k] = v.detach();
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
    for (const m of this.modules()) {
      for (const [k, b] of ownBuffers(m, false)) {
        const q = fn(b);
        if (q !== b) m[k] = keep(q);
      }
    }
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
  /** Module.to(dtype): floating parameters and buffers only (num_batches_tracked stays int64). */
  to(...a) {
    // model.to(device) as well: a device is checked once (the CPU is all there is)
    for (const v of a) {
      if (typeof v === 'string' || v instanceof Device) checkDevice(v);
      else if (v && typeof v === 'object' && !(v instanceof Tensor) && 'device' in v) checkDevice(v.device);
      const d = v instanceof dtype ? v : v && typeof v === 'object' && v.dtype instanceof dtype ? v.dtype : null;
      if (d && !d.is_floating_point) throw new TypeError(`nn.Module.to only accepts floating point or complex dtypes, but got desired dtype=${d}`);
    }
    return this._apply((t) => (t.is_floating_point() ? t.to(...a) : t));
  }
  cpu() { return this; }
  cuda() { throw new TensorError('Torch not compiled with CUDA enabled'); }
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

/** A module's own buffers (tensors, in registration order); persistentOnly for state_dict. */
function ownBuffers(m, persistentOnly) {
  if (!m._buffers) return [];
  const out = [];
  for (const [k, persistent] of m._buffers) {
    if (persistentOnly && !persistent) continue;
    const v = m[k];
    if (v instanceof Tensor) out.push([k, v]);
  }
  return out;
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
  extra_repr() { return py`in_features=${this.in_features}, out_features=${this.out_features}, bias=${pyBool(this.bias !== null)}`; }
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
    if (modules === null || modules === undefined || typeof modules[Symbol.iterator] !== 'function') throw new TypeError(`'${describe(modules)}' object is not iterable`);
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
  extra_repr() { return py`dim=${this.dim === null ? 'None' : this.dim}`; }
}
class LogSoftmax extends Module {
  constructor(...a) { super(); this.dim = bind('LogSoftmax.__init__', a, ['dim'], { dim: null }).dim; }
  forward(input) { return log_softmax(input, this.dim); }
  extra_repr() { return py`dim=${this.dim === null ? 'None' : this.dim}`; }
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
  extra_repr() { return py`approximate='${this.approximate}'`; }
}
class Dropout extends Module {
  constructor(...a) {
    super();
    const o = bind('Dropout.__init__', a, ['p', 'inplace'], { p: 0.5, inplace: false });
    this.p = dropoutP(o.p);
    this.inplace = !!o.inplace;
  }
  /** Active in training mode only (model.eval() turns it off), as in PyTorch. */
  forward(input) { return dropout(input, this.p, this.training, this.inplace); }
  extra_repr() { return py`p=${this.p}, inplace=${pyBool(this.inplace)}`; }
}
/** nn.Dropout1d/2d/3d, AlphaDropout, FeatureAlphaDropout: _DropoutNd's p and inplace. */
function dropoutModule(name, fn, withInplace = true) {
  return class extends Module {
    constructor(...a) {
      super();
      const o = bind(`${name}.__init__`, a, ['p', 'inplace'], { p: 0.5, inplace: false });
      // 1.13's `if p < 0 or p > 1`: a tensor p is read through bool(), which needs one element
      if (o.p instanceof Tensor && o.p.numel() !== 1) throw new TensorError(`Boolean value of Tensor with ${o.p.numel() ? 'more than one value' : 'no values'} is ambiguous`);
      if (typeof o.p === 'number' && (o.p < 0 || o.p > 1)) throw new TensorError(`dropout probability has to be between 0 and 1, but got ${o.p}`);
      this.p = o.p;
      this.inplace = o.inplace;
    }
    forward(input) { return withInplace ? fn(input, this.p, this.training, this.inplace) : fn(input, this.p, this.training); }
    extra_repr() { return py`p=${this.p}, inplace=${pyBool(this.inplace)}`; }
  };
}
const Dropout1d = dropoutModule('Dropout1d', (...a) => dropout1d(...a));
const Dropout2d = dropoutModule('Dropout2d', (...a) => dropout2d(...a));
const Dropout3d = dropoutModule('Dropout3d', (...a) => dropout3d(...a));
const AlphaDropout = dropoutModule('AlphaDropout', (...a) => alpha_dropout(...a), false);
const FeatureAlphaDropout = dropoutModule('FeatureAlphaDropout', (...a) => feature_alpha_dropout(...a), false);
class LeakyReLU extends Module {
  constructor(...a) {
    super();
    const o = bind('LeakyReLU.__init__', a, ['negative_slope', 'inplace'], { negative_slope: 0.01, inplace: false });
    this.negative_slope = o.negative_slope;
    this.inplace = !!o.inplace;
  }
  forward(input) { return leaky_relu(input, this.negative_slope); }
  extra_repr() { return py`negative_slope=${pyFloat(this.negative_slope)}${this.inplace ? ', inplace=True' : ''}`; }
}
class Softplus extends Module {
  constructor(...a) {
    super();
    const o = bind('Softplus.__init__', a, ['beta', 'threshold'], { beta: 1, threshold: 20 });
    this.beta = o.beta;
    this.threshold = o.threshold;
  }
  forward(input) { return softplus(input, this.beta, this.threshold); }
  extra_repr() { return py`beta=${this.beta}, threshold=${this.threshold}`; }
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
  // an object as a key would be converted with its toString, which may throw (Object.create(null))
  if (typeof r !== 'string' || !Object.prototype.hasOwnProperty.call(REDUCTIONS, r)) throw new TensorError(`${pyStr(r)} is not a valid value for reduction`);
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
  const slope = checkFloat('leaky_relu', 'negative_slope', negative_slope, 2);
  if (inplace) {  // LeakyReluBackward1
    checkStatus(W.tp_nn_act_(LEAKY_RELU, input._ptr, slope, 0, 0));
    return input;
  }
  return wrap(check(W.tp_leaky_relu(input._ptr, slope)));
}
/** PyTorch 1.13's CPU dropout: noise.bernoulli_(1 - p), which draws one 53-bit uniform per
 *  element as rand(float64) does, scaled by 1 / (1 - p); the result is input * noise. */
/** F.dropout's `p < 0.0 or p > 1.0` then _VF.dropout(input, p, train), as Python evaluates them:
 *  a 0-d tensor p counts as its value; anything not comparable or not a float raises Python's text. */
export function dropoutP(p, fname = 'dropout') {
  if (p instanceof Tensor) {
    if (p.numel() !== 1) throw new TensorError('Boolean value of Tensor with more than one value is ambiguous');
    const v = p.item();
    if (v < 0 || v > 1) throw new TensorError(`dropout probability has to be between 0 and 1, but got ${v}`);
    if (p.ndim !== 0 || p.requires_grad) throw new TypeError(`${fname}(): argument 'p' (position 2) must be float, not Tensor`);
    return Number(v);
  }
  if (typeof p === 'boolean') return p ? 1 : 0;
  if (typeof p === 'bigint') p = Number(p);
  if (typeof p !== 'number') throw new TypeError(`'<' not supported between instances of '${describe(p)}' and 'float'`);
  if (p < 0 || p > 1) throw new TensorError(`dropout probability has to be between 0 and 1, but got ${p}`);
  return p;
}
/** ATen's argument check of `train` (a bool, position 3) in dropout, feature_dropout, ... */
function checkTrain(fname, training) {
  if (typeof training !== 'boolean') throw new TypeError(`${fname}(): argument 'train' (position 3) must be bool, not ${describe(training)}`);
}
/** ATen's _dropout_impl (Dropout.cpp) for the four kinds: feature dropout draws one noise value
 *  per (sample, channel), shape (N, C, 1, ...); alpha dropout keeps the mean and variance
 *  (SELU's alpha A, a = 1 / sqrt((A^2 p + 1)(1 - p))): out = input * (a noise) + b with
 *  b = (noise - 1) A a + A a p, in ATen's order of operations. */
function dropoutImpl(fname, input, p, training, inplace, feature, alpha) {
  checkTrain(fname, training);
  if (p === 0 || !training || input.numel() === 0) return input;
  if (p === 1) {
    const z = torchRef.zeros([], { dtype: input.dtype });
    return inplace ? input.mul_(z) : input.mul(z);
  }
  if (feature && input.ndim < 2) throw new TensorError('Feature dropout requires at least 2 dimensions in the input');
  const shape = feature ? input.shape.map((n, d) => (d < 2 ? n : 1)) : input.shape;
  const noise = torchRef.rand(shape, { dtype: torchRef.float64 }).lt(1 - p).to(input.dtype);   // bernoulli_(1 - p)
  if (!alpha) {
    noise.div_(1 - p);
    return inplace ? input.mul_(noise) : input.mul(noise);
  }
  const A = 1.7580993408473766, k = 1 / Math.sqrt((A * A * p + 1) * (1 - p));
  const b = noise.add(-1).mul_(A * k).add_(A * k * p);
  noise.mul_(k);
  return (inplace ? input.mul_(noise) : input.mul(noise)).add_(b);
}
function dropout(...a) {
  const o = bind('dropout', a, ['input', 'p', 'training', 'inplace'], { p: 0.5, training: true, inplace: false });
  asTensor(o.input, 'dropout', 'input');
  return dropoutImpl('dropout', o.input, dropoutP(o.p), o.training, o.inplace, false, false);
}
/** F.dropout1d/2d/3d as 1.13's functional.py: dims checked (1d raises, 2d/3d warn), an unbatched
 *  input gets a batch dim for the draw (1d, 3d), then feature dropout. */
function featureDropout(fname, nd) {
  return (...a) => {
    const o = bind(fname, a, ['input', 'p', 'training', 'inplace'], { p: 0.5, training: true, inplace: false });
    let input = asTensor(o.input, fname, 'input');
    const p = dropoutP(o.p, fname), dim = input.ndim;
    const ok = [nd + 1, nd + 2].includes(dim);
    if (nd === 1 && !ok) {
      throw new TensorError(`dropout1d: Expected 2D or 3D input, but received a ${dim}D input. Note that dropout1d exists to provide ` +
        'channel-wise dropout on inputs with 1 spatial dimension, a channel dimension, and an optional batch dimension (i.e. 2D or 3D inputs).');
    }
    if (!ok) {
      warn(`${fname}: Received a ${dim}-D input to ${fname}, which is deprecated and will result in an error in a future release. ` +
        `To retain the behavior and silence this warning, please use dropout instead. Note that ${fname} exists to provide channel-wise ` +
        `dropout on inputs with ${nd} spatial dimensions, a channel dimension, and an optional batch dimension (i.e. ${nd + 1}D or ${nd + 2}D inputs).`);
    }
    if (nd === 2 && dim === 3) {
      warn('dropout2d: Received a 3D input to dropout2d and assuming that channel-wise 1D dropout behavior is desired - input is ' +
        'interpreted as shape (N, C, L), where C is the channel dim. This behavior will change in a future release to interpret the ' +
        'input as one without a batch dimension, i.e. shape (C, H, W). To maintain the 1D channel-wise dropout behavior, please switch ' +
        'to using dropout1d instead.');
    }
    const batched = nd === 2 || dim === nd + 2;
    // 1.13 checks `train` only inside feature_dropout, after unsqueeze_ has changed the input:
    // checked first here, so that a failed call changes nothing
    checkTrain('feature_dropout', o.training);
    if (!batched) input = o.inplace ? input.unsqueeze_(0) : input.unsqueeze(0);
    let r;
    try {
      r = dropoutImpl('feature_dropout', input, p, o.training, o.inplace, true, false);
    } catch (e) {
      if (!batched && o.inplace) input.squeeze_(0);  // a failed call leaves its input as it was
      throw e;
    }
    return batched ? r : (o.inplace ? r.squeeze_(0) : r.squeeze(0));
  };
}
const dropout1d = featureDropout('dropout1d', 1), dropout2d = featureDropout('dropout2d', 2), dropout3d = featureDropout('dropout3d', 3);
function alphaDropout(fname, feature) {
  return (...a) => {
    const o = bind(fname, a, ['input', 'p', 'training', 'inplace'], { p: 0.5, training: false, inplace: false });
    asTensor(o.input, fname, 'input');
    return dropoutImpl(fname, o.input, dropoutP(o.p, fname), o.training, o.inplace, feature, true);
  };
}
const alpha_dropout = alphaDropout('alpha_dropout', false), feature_alpha_dropout = alphaDropout('feature_alpha_dropout', true);
function softplus(...a) {
  const { input, beta, threshold } = bind('softplus', a, ['input', 'beta', 'threshold'], { beta: 1, threshold: 20 });
  return wrap(check(W.tp_softplus(asTensor(input, 'softplus', 'input')._ptr, checkFloat('softplus', 'beta', beta, 2), checkFloat('softplus', 'threshold', threshold, 3))));
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

/** F.leaky_relu_(input, negative_slope = 0.01): leaky_relu in place (LeakyReluBackward1). */
function leaky_relu_(...a) {
  const o = bind('leaky_relu_', a, ['input', 'negative_slope'], { negative_slope: 0.01 });
  return leaky_relu(o.input, o.negative_slope, true);
}

/** F.gumbel_softmax (1.13's functional.py): softmax((logits + g) / tau) with g = -log(Exponential(1))
 *  drawn by exponential_ on an empty_like; hard: the one-hot of its argmax, y_hard - y_soft.detach() + y_soft. */
function gumbel_softmax(...a) {
  const o = bind('gumbel_softmax', a, ['logits', 'tau', 'hard', 'eps', 'dim'], { tau: 1, hard: false, eps: 1e-10, dim: -1 });
  if (o.eps !== 1e-10) warn('`eps` parameter is deprecated and has no effect.');
  const logits = asTensor(o.logits, 'gumbel_softmax', 'logits');
  return torchRef.scope(() => {
    const gumbels = torchRef.empty_like(logits).exponential_().log().neg();
    const ySoft = logits.add(gumbels).div(o.tau).softmax(o.dim);
    if (!o.hard) return keep(ySoft);
    const index = ySoft.max(o.dim, { keepdim: true })[1];
    const yHard = torchRef.zeros_like(logits).scatter_(o.dim, index, 1.0);
    return keep(yHard.sub(ySoft.detach()).add(ySoft));
  });
}

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
  if (o.weight !== null && o.weight !== undefined) asTensor(o.weight, 'cross_entropy_loss', 'weight', 3);
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

// ---- normalisation and embedding (LayerNorm, BatchNorm1d/2d, Embedding) -------------------------
// Each is one C op with PyTorch's grad_fn (src/nn/normalization.c); the checks and the running-stat
// updates, which PyTorch does in Python or before its kernel, are here.
/** A float as Python's repr prints it (1e-05, 0.1, 1.0). */
function pyReprFloat(v) {
  if (typeof v !== 'number' || !Number.isFinite(v)) return pyStr(v);
  if (Number.isInteger(v)) return `${v}.0`;
  const [m, e] = v.toExponential().split('e');
  const exp = Number(e);
  if (exp < -4 || exp >= 16) return `${m}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return String(v);
}
const optPtr = (t) => (t === null || t === undefined ? 0 : t._ptr);
const dtOpt = (o) => (o.dtype === undefined || o.dtype === null ? {} : { dtype: o.dtype });

function layer_norm(...a) {
  const { input, normalized_shape, weight, bias, eps } = bind('layer_norm', a, ['input', 'normalized_shape', 'weight', 'bias', 'eps'],
    { weight: null, bias: null, eps: 1e-5 });
  asTensor(input, 'layer_norm', 'input', 1);
  const ns = typeof normalized_shape === 'number' ? [normalized_shape] : iterableOf(normalized_shape);
  ns.forEach((d, i) => {
    if (!Number.isInteger(d)) throw new TypeError(`layer_norm(): argument 'normalized_shape' must be tuple of ints, but found element of type ${describe(d)} at pos ${i + 1}`);
  });
  const nsText = `[${ns.join(', ')}]`;
  if (ns.length === 0) {
    throw new TensorError(`Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one element, but got normalized_shape = ${nsText}`);
  }
  for (const [nm, p] of [['weight', weight], ['bias', bias]]) {
    if (p === null || p === undefined) continue;
    asTensor(p, 'layer_norm', nm);
    if (p.ndim !== ns.length || ns.some((n, d) => n !== p.shape[d])) {
      throw new TensorError(`Expected ${nm} to be of same shape as normalized_shape, but got ${nm} of shape [${Array.from(p.shape).join(', ')}] and normalized_shape = ${nsText}`);
    }
  }
  const k = input.ndim - ns.length;
  if (k < 0 || ns.some((n, d) => n !== input.shape[k + d])) {
    throw new TensorError(`Given normalized_shape=${nsText}, expected input with shape [*, ${ns.join(', ')}], but got input of size[${Array.from(input.shape).join(', ')}]`);
  }
  let mask = 0;
  for (let d = k; d < input.ndim; d++) mask += 2 ** d;
  return wrap(check(W.tp_native_norm(input._ptr, optPtr(weight), optPtr(bias), 0, 0, 0, checkFloat('layer_norm', 'eps', eps, 5), mask)));
}

function batch_norm(...a) {
  const o = bind('batch_norm', a, ['input', 'running_mean', 'running_var', 'weight', 'bias', 'training', 'momentum', 'eps'],
    { weight: null, bias: null, training: false, momentum: 0.1, eps: 1e-5 });
  const { input, running_mean: rm, running_var: rv, weight, bias, training } = o;
  asTensor(input, 'batch_norm', 'input', 1);
  const c = input.size(1);  // a 1-D input fails here, with ATen's dim message
  if (training) {
    const n = input.numel() / c;
    if (n === 1) throw new TensorError(`Expected more than 1 value per channel when training, got input size torch.Size([${Array.from(input.shape).join(', ')}])`);
  }
  const has = (t) => t !== null && t !== undefined;
  // ATen's order: running_mean, running_var (required in eval mode), weight, bias
  for (const [nm, p] of [['running_mean', rm], ['running_var', rv], ['weight', weight], ['bias', bias]]) {
    if (!has(p)) {
      if (!training && nm.startsWith('running')) throw new TensorError(`${nm} must be defined in evaluation mode`);
      continue;
    }
    asTensor(p, 'batch_norm', nm);
    if (p.numel() !== c) throw new TensorError(`${nm} should contain ${c} elements not ${p.numel()}`);
  }
  let mask = 0;
  for (let d = 0; d < input.ndim; d++) if (d !== 1) mask += 2 ** d;
  // the parser's floats, momentum (position 7) before eps (8): a BigInt becomes a double
  const momentum = checkFloat('batch_norm', 'momentum', o.momentum, 7), eps = checkFloat('batch_norm', 'eps', o.eps, 8);
  if (!training) return wrap(check(W.tp_native_norm(input._ptr, optPtr(weight), optPtr(bias), rm._ptr, rv._ptr, 1, eps, mask)));
  const out = wrap(check(W.tp_native_norm(input._ptr, optPtr(weight), optPtr(bias), 0, 0, 1, eps, mask)));
  // float32: ATen's running update in C (Note [batch_norm as ATen computes it]); otherwise here
  if ((has(rm) || has(rv)) && checkStatus(W.tp_batch_norm_update(input._ptr, has(rm) ? rm._ptr : 0, has(rv) ? rv._ptr : 0, momentum)) === 1) {
    // m * stat + (1 - m) * running in double (unbiased variance)
    torchRef.no_grad(() => torchRef.scope(() => {
      const dims = Array.from({ length: input.ndim }, (_, d) => d).filter((d) => d !== 1);
      const x = input.detach().double();
      if (has(rm)) rm.copy_(x.mean(dims).mul(momentum).add(rm.double().mul(1 - momentum)));
      if (has(rv)) rv.copy_(x.var(dims, { correction: 1 }).mul(momentum).add(rv.double().mul(1 - momentum)));
    }));
  }
  return out;
}

/** F.instance_norm (1.13's functional.py, then ATen's instance_norm): batch_norm of the input
 *  viewed as (1, N*C, ...), with weight, bias and the running statistics repeated N times; each
 *  running statistic then gets the mean of its N updated copies (also in evaluation mode, as ATen). */
function instance_norm(...a) {
  const o = bind('instance_norm', a, ['input', 'running_mean', 'running_var', 'weight', 'bias', 'use_input_stats', 'momentum', 'eps'],
    { running_mean: null, running_var: null, weight: null, bias: null, use_input_stats: true, momentum: 0.1, eps: 1e-5 });
  const { input, running_mean: rm, running_var: rv, use_input_stats: training } = o;
  if (!(input instanceof Tensor)) throw attributeError(input, 'size');
  if (training && input.shape.slice(2).reduce((p, d) => p * d, 1) === 1) {  // _verify_spatial_size
    throw valueError(`Expected more than 1 spatial element when training, got input size ${input.shape}`);
  }
  const has = (t) => t !== null && t !== undefined;
  if (!training && !(has(rm) && has(rv))) throw new TensorError('Expected running_mean and running_var to be defined when use_input_stats is false');
  const b = input.size(0), c = input.size(1);
  return torchRef.scope(() => {
    const rep = (t) => (has(t) ? asTensor(t, 'instance_norm', 'tensor').repeat(b) : null);
    const w = rep(o.weight), bi = rep(o.bias), rm2 = rep(rm), rv2 = rep(rv);
    const shape = Array.from(input.shape);
    shape[0] = 1;
    shape[1] = b * c;
    const out = batch_norm(input.contiguous().view(shape), rm2, rv2, w, bi, training, o.momentum, o.eps);
    torchRef.no_grad(() => {
      if (has(rm)) rm.copy_(rm2.view(b, c).mean(0));
      if (has(rv)) rv.copy_(rv2.view(b, c).mean(0));
    });
    return keep(out.view(input.shape));
  });
}

/** F.embedding: weight's rows at input (any int shape); padding_idx's row gets no gradient. */
function embedding(...a) {
  const o = bind('embedding', a, ['input', 'weight', 'padding_idx', 'max_norm', 'norm_type', 'scale_grad_by_freq', 'sparse'],
    { padding_idx: null, max_norm: null, norm_type: 2, scale_grad_by_freq: false, sparse: false });
  asTensor(o.input, 'embedding', 'input', 1);
  asTensor(o.weight, 'embedding', 'weight', 2);
  if (o.max_norm !== null && o.max_norm !== undefined) throw new TensorError('tensorpad: embedding(max_norm=...) is not supported');
  if (o.scale_grad_by_freq || o.sparse) throw new TensorError('tensorpad: embedding(scale_grad_by_freq / sparse) is not supported');
  const pad = paddingIndex(o.padding_idx, o.weight.shape[0]);
  return wrap(check(W.tp_embedding(o.weight._ptr, o.input._ptr, pad === null ? -1 : pad)));
}
function paddingIndex(p, n) {
  if (p === null || p === undefined) return null;
  if (typeof p !== 'number' && typeof p !== 'boolean') throw new TypeError(`'>' not supported between instances of '${describe(p)}' and 'int'`);
  if (typeof n !== 'number') throw new TypeError(`'>=' not supported between instances of 'int' and '${describe(n)}'`);
  if ((p > 0 && p >= n) || (p < 0 && p < -n)) throw new TensorError('Padding_idx must be within num_embeddings');
  return p < 0 ? n + p : p;
}

/** Array.from with Python's error for what is not iterable (LayerNorm's normalized_shape). */
function iterableOf(v) {
  if (v === null || v === undefined || typeof v[Symbol.iterator] !== 'function') throw new TypeError(`'${describe(v)}' object is not iterable`);
  return Array.from(v);
}
class LayerNorm extends Module {
  constructor(...a) {
    super();
    const o = bind('LayerNorm.__init__', a, ['normalized_shape', 'eps', 'elementwise_affine', 'device', 'dtype'], { eps: 1e-5, elementwise_affine: true });
    this.normalized_shape = typeof o.normalized_shape === 'number' ? [o.normalized_shape] : iterableOf(o.normalized_shape);
    this.eps = o.eps;
    this.elementwise_affine = !!o.elementwise_affine;
    this.weight = this.elementwise_affine ? new Parameter(torchRef.ones(this.normalized_shape, dtOpt(o))) : null;
    this.bias = this.elementwise_affine ? new Parameter(torchRef.zeros(this.normalized_shape, dtOpt(o))) : null;
  }
  reset_parameters() {
    if (this.weight) { init.ones_(this.weight); init.zeros_(this.bias); }
  }
  forward(input) { return layer_norm(input, this.normalized_shape, this.weight, this.bias, this.eps); }
  extra_repr() { return py`${pyTuple(this.normalized_shape)}, eps=${pyReprFloat(this.eps)}, elementwise_affine=${pyBool(this.elementwise_affine)}`; }
}

/** PyTorch's _BatchNorm: running stats as buffers, updated in training mode only. */
class BatchNormBase extends Module {
  constructor(name, a) {
    super();
    const o = bind(`${name}.__init__`, a, ['num_features', 'eps', 'momentum', 'affine', 'track_running_stats', 'device', 'dtype'],
      { eps: 1e-5, momentum: 0.1, affine: true, track_running_stats: true });
    if (!Number.isInteger(o.num_features)) throw new TypeError(`empty(): argument 'size' must be tuple of ints, but found element of type ${describe(o.num_features)} at pos 0`);
    this.num_features = o.num_features;
    this.eps = o.eps;
    this.momentum = o.momentum;
    this.affine = !!o.affine;
    this.track_running_stats = !!o.track_running_stats;
    const dt = dtOpt(o);
    this.weight = this.affine ? new Parameter(torchRef.ones(o.num_features, dt)) : null;
    this.bias = this.affine ? new Parameter(torchRef.zeros(o.num_features, dt)) : null;
    if (this.track_running_stats) {
      this.register_buffer('running_mean', torchRef.zeros(o.num_features, dt));
      this.register_buffer('running_var', torchRef.ones(o.num_features, dt));
      this.register_buffer('num_batches_tracked', torchRef.tensor(0, { dtype: torchRef.int64 }));
    } else {
      this.register_buffer('running_mean', null);
      this.register_buffer('running_var', null);
      this.register_buffer('num_batches_tracked', null);
    }
  }
  reset_running_stats() {
    if (!this.track_running_stats) return;
    torchRef.no_grad(() => { this.running_mean.zero_(); this.running_var.fill_(1); this.num_batches_tracked.zero_(); });
  }
  reset_parameters() {
    this.reset_running_stats();
    if (this.affine) { init.ones_(this.weight); init.zeros_(this.bias); }
  }
  forward(input) {
    this._check_input_dim(asTensor(input, 'batch_norm', 'input'));
    let factor = this.momentum === null ? 0 : this.momentum;
    const useRunning = !this.training || this.track_running_stats;
    const bnTraining = this.training ? true : this.running_mean === null && this.running_var === null;
    const rm = useRunning ? this.running_mean : null, rv = useRunning ? this.running_var : null;
    const track = this.training && this.track_running_stats && this.num_batches_tracked !== null;
    if (track && this.momentum === null) factor = 1 / (Number(this.num_batches_tracked.item()) + 1);
    const out = batch_norm(input, rm, rv, this.weight, this.bias, bnTraining, factor, this.eps);
    if (track) torchRef.no_grad(() => this.num_batches_tracked.add_(1));  // after the checks: a failed call changes nothing
    return out;
  }
  extra_repr() {
    const m = this.momentum === null ? 'None' : pyReprFloat(this.momentum);
    return py`${this.num_features}, eps=${pyReprFloat(this.eps)}, momentum=${m}, affine=${pyBool(this.affine)}, track_running_stats=${pyBool(this.track_running_stats)}`;
  }
}
class BatchNorm1d extends BatchNormBase {
  constructor(...a) { super('BatchNorm1d', a); }
  _check_input_dim(input) {
    if (input.ndim !== 2 && input.ndim !== 3) throw new TensorError(`expected 2D or 3D input (got ${input.ndim}D input)`);
  }
}
class BatchNorm2d extends BatchNormBase {
  constructor(...a) { super('BatchNorm2d', a); }
  _check_input_dim(input) {
    if (input.ndim !== 4) throw new TensorError(`expected 4D input (got ${input.ndim}D input)`);
  }
}

/** nn.InstanceNorm1d/2d/3d (1.13's _InstanceNorm): F.instance_norm with the module's statistics;
 *  an input without its batch dim is normalised as a batch of one. No affine parameters and no
 *  running statistics by default. */
class InstanceNormBase extends BatchNormBase {
  constructor(name, a, noBatchDim) {
    const o = bind(`${name}.__init__`, a, ['num_features', 'eps', 'momentum', 'affine', 'track_running_stats', 'device', 'dtype'],
      { eps: 1e-5, momentum: 0.1, affine: false, track_running_stats: false });
    super(name, [o]);
    this._noBatchDim = noBatchDim;
  }
  forward(input) {
    this._check_input_dim(asTensor(input, 'instance_norm', 'input'));
    const apply = (x) => instance_norm(x, this.running_mean, this.running_var, this.weight, this.bias,
      this.training || !this.track_running_stats, this.momentum, this.eps);
    if (input.ndim === this._noBatchDim) return torchRef.scope(() => keep(apply(input.unsqueeze(0)).squeeze(0)));
    return apply(input);
  }
}
/** _check_input_dim of BatchNorm{1,2,3}d (a RuntimeError there, 1.13's ValueError in Python mode) and InstanceNorm{1,2,3}d. */
function checkNormDim(input, dims, error = valueError) {
  if (!dims.includes(input.ndim)) throw error(`expected ${dims.map((d) => `${d}D`).join(' or ')} input (got ${input.ndim}D input)`);
}
class InstanceNorm1d extends InstanceNormBase {
  constructor(...a) { super('InstanceNorm1d', a, 2); }
  _check_input_dim(input) { checkNormDim(input, [2, 3]); }
}
class InstanceNorm2d extends InstanceNormBase {
  constructor(...a) { super('InstanceNorm2d', a, 3); }
  _check_input_dim(input) { checkNormDim(input, [3, 4]); }
}
class InstanceNorm3d extends InstanceNormBase {
  constructor(...a) { super('InstanceNorm3d', a, 4); }
  _check_input_dim(input) { checkNormDim(input, [4, 5]); }
}
class BatchNorm3d extends BatchNormBase {
  constructor(...a) { super('BatchNorm3d', a); }
  _check_input_dim(input) { checkNormDim(input, [5], (m) => new TensorError(m)); }
}

class Embedding extends Module {
  constructor(...a) {
    super();
    const o = bind('Embedding.__init__', a, ['num_embeddings', 'embedding_dim', 'padding_idx', 'max_norm', 'norm_type', 'scale_grad_by_freq',
      'sparse', '_weight', 'device', 'dtype'], { padding_idx: null, max_norm: null, norm_type: 2, scale_grad_by_freq: false, sparse: false, _weight: null });
    if (o.max_norm !== null && o.max_norm !== undefined) throw new TensorError('tensorpad: Embedding(max_norm=...) is not supported');
    if (o.scale_grad_by_freq || o.sparse) throw new TensorError('tensorpad: Embedding(scale_grad_by_freq / sparse) is not supported');
    this.num_embeddings = o.num_embeddings;
    this.embedding_dim = o.embedding_dim;
    this.padding_idx = paddingIndex(o.padding_idx, o.num_embeddings);
    if (o._weight !== null && o._weight !== undefined) {
      const w = asTensor(o._weight, 'Embedding', '_weight');
      if (w.ndim !== 2 || w.shape[0] !== o.num_embeddings || w.shape[1] !== o.embedding_dim) throw new TensorError('Shape of weight does not match num_embeddings and embedding_dim');
      this.weight = new Parameter(w);
    } else {
      this.weight = new Parameter(torchRef.empty(o.num_embeddings, o.embedding_dim, dtOpt(o)));
      this.reset_parameters();
    }
  }
  /** Embedding.from_pretrained(embeddings, freeze=True, padding_idx=None): weight shares
   *  embeddings' storage; frozen (requires_grad false) unless freeze is false. */
  static from_pretrained(embeddings, ...a) {
    const o = bind('from_pretrained', a, ['freeze', 'padding_idx', 'max_norm', 'norm_type', 'scale_grad_by_freq', 'sparse'],
      { freeze: true, padding_idx: null, max_norm: null, norm_type: 2, scale_grad_by_freq: false, sparse: false });
    asTensor(embeddings, 'from_pretrained', 'embeddings');
    if (embeddings.ndim !== 2) throw new TensorError('Embeddings parameter is expected to be 2-dimensional');
    const e = new Embedding(embeddings.shape[0], embeddings.shape[1], {
      _weight: embeddings, padding_idx: o.padding_idx, max_norm: o.max_norm, norm_type: o.norm_type, scale_grad_by_freq: o.scale_grad_by_freq, sparse: o.sparse,
    });
    e.weight.requires_grad_(!o.freeze);
    return e;
  }
  /** normal_(0, 1), then the padding row zeroed (under no_grad), as PyTorch. */
  reset_parameters() {
    init.normal_(this.weight);
    if (this.padding_idx !== null) noGrad(() => this.weight.select(0, this.padding_idx).fill_(0));
  }
  forward(input) { return embedding(input, this.weight, this.padding_idx); }
  extra_repr() {
    return py`${this.num_embeddings}, ${this.embedding_dim}${this.padding_idx === null ? '' : py`, padding_idx=${this.padding_idx}`}`;
  }
}
const NNMORE_FUNCTIONAL = { layer_norm, batch_norm, instance_norm, embedding };
const NNMORE_CLASSES = { LayerNorm, BatchNorm1d, BatchNorm2d, BatchNorm3d, InstanceNorm1d, InstanceNorm2d, InstanceNorm3d, Embedding };

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
  const rnn = makeRnn({ torch, Module, Parameter, init, pyBool });
  const loss = makeLoss(torch, { Module });
  const transformer = makeTransformer({ torch, Module, Parameter, init, Linear, LayerNorm, Dropout, ModuleList });
  installNnAct(torch);
  const nnAct = makeNnAct({ Module, Parameter, named });
  const functional = Object.freeze({
    linear, relu, tanh: deprecated('tanh', tanh), sigmoid: deprecated('sigmoid', sigmoid), gelu, silu, leaky_relu, softplus, dropout, dropout1d, dropout2d, dropout3d, alpha_dropout, feature_alpha_dropout, softmax, log_softmax, mse_loss, l1_loss, nll_loss, cross_entropy,
    binary_cross_entropy, binary_cross_entropy_with_logits,
    relu_: (input) => asTensor(input, 'relu_', 'input').relu_(),
    leaky_relu_, gumbel_softmax,
    ...NNMORE_FUNCTIONAL,
    ...conv.functional,
    ...rnn.functional,
    ...transformer.functional,
    ...loss.functional,
    ...nnAct.functional,
  });
  const classes = named({
    Module, Linear, Sequential, ModuleList, Identity, ReLU, Tanh, Sigmoid, GELU, SiLU, LeakyReLU, Softplus, Dropout, Dropout1d, Dropout2d, Dropout3d, AlphaDropout, FeatureAlphaDropout, Softmax, LogSoftmax,
    MSELoss, L1Loss, NLLLoss, CrossEntropyLoss, BCELoss, BCEWithLogitsLoss,
    ...NNMORE_CLASSES,
    ...conv.classes,
    ...rnn.classes,
    ...transformer.classes,
    ...loss.classes,
    ...nnAct.classes,
  });
  torch.nn = Object.freeze({ ...classes, Parameter, functional, init });
}

export { zeroGrads };
