// torch.optim: SGD and Adam with PyTorch 1.13's single-tensor update rules (the default in
// 1.13: foreach off). Updates run under no_grad as in-place tensor ops in PyTorch's order,
// so each float32 rounding happens where PyTorch's does; JS computes only the Python-level
// scalars (bias corrections, step sizes). Temporaries live in a torch.scope per step;
// optimizer state is kept out of every scope.
import { TensorError, W } from '../core/wasm.js';
import { bind, warn } from '../core/args.js';
import { describe } from '../core/dtype.js';
import { Tensor, keep } from '../tensor/tensor.js';
import { zeroGrads, PY_NAME } from '../nn/nn.js';

/** cos as glibc rounds it (PyTorch's math.cos), not V8's fdlibm: the schedulers' rates print 1.13's
 *  digits (Note [float64 sin/cos/tan] in src/ops/random/random.c). */
const cosine = (x) => W.tp_math_cos(x);

const inspect = Symbol.for('nodejs.util.inspect.custom');
const REQUIRED = Symbol('required');

/** A number as Python's str() prints it in messages: integral JS numbers count as ints (the
 *  contract's rule); others use repr's shortest digits with Python's exponent style. */
function pyNum(v) {
  if (typeof v !== 'number' || Number.isInteger(v) || !Number.isFinite(v)) return Number.isNaN(v) ? 'nan' : String(v).replace('Infinity', 'inf');
  const [m, e] = v.toExponential().split('e');
  const exp = Number(e);
  if (exp < -4 || exp >= 16) return `${m}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return String(v);
}

class Optimizer {
  constructor(params, defaults) {
    if (params instanceof Tensor) {
      throw new TypeError(`params argument given to the optimizer should be an iterable of Tensors or dicts, but got torch.${params.type().split('.').pop()}`);
    }
    if (params === null || params === undefined || typeof params[Symbol.iterator] !== 'function') {
      throw new TypeError(`params argument given to the optimizer should be an iterable of Tensors or dicts, but got ${describe(params)}`);
    }
    this.defaults = defaults;
    this.state = new Map();
    this.param_groups = [];
    let groups = Array.from(params);
    if (groups.length === 0) throw new TensorError('optimizer got an empty parameter list');
    // Python: anything but dicts is a list of parameters (whose elements are checked below)
    if (!(groups[0] && typeof groups[0] === 'object' && Object.getPrototypeOf(groups[0]) === Object.prototype)) groups = [{ params: groups }];
    for (const g of groups) this.add_param_group(g);
  }

  add_param_group(group) {
    if (!group || typeof group !== 'object' || group instanceof Tensor) throw new TypeError('param group must be a dict');
    const g = { ...group };
    g.params = g.params instanceof Tensor ? [g.params] : Array.from(g.params);
    for (const p of g.params) {
      if (!(p instanceof Tensor)) throw new TypeError(`optimizer can only optimize Tensors, but one of the params is ${describe(p)}`);
      if (!(p.is_leaf || p.retains_grad)) throw new TensorError("can't optimize a non-leaf Tensor");
    }
    for (const [k, v] of Object.entries(this.defaults)) {
      if (v === REQUIRED && !(k in g)) throw new TensorError(`parameter group didn't specify a value of required optimization parameter ${k}`);
      if (!(k in g)) g[k] = v;
    }
    for (const other of this.param_groups) {
      if (other.params.some((p) => g.params.includes(p))) throw new TensorError('some parameters appear in more than one parameter group');
    }
    this.param_groups.push(g);
  }

  /** zero_grad(set_to_none=False), PyTorch 1.13's default: gradients become zeros in place. */
  zero_grad(...a) {
    const { set_to_none } = bind('zero_grad', a, ['set_to_none'], { set_to_none: false });
    for (const g of this.param_groups) zeroGrads(g.params, set_to_none);
  }

  /** Per-parameter state (a plain object, created on first use). */
  _state(p) {
    let s = this.state.get(p);
    if (!s) this.state.set(p, (s = {}));
    return s;
  }

  /** Runs closure (with grad enabled) if given, then the update under no_grad; returns its loss. */
  step(closure) {
    this._step_count = (this._step_count ?? 0) + 1;  // what lr_scheduler's wrapper counts in Python
    let loss = null;
    if (closure !== undefined && closure !== null) loss = torchRef.enable_grad(closure);
    torchRef.no_grad(() => torchRef.scope(() => {
      for (const g of this.param_groups) this._update(g);
    }));
    return loss;
  }

  /** 1.13's state_dict(): {state, param_groups}, parameters as their index in group order;
   *  the state's tensors are the optimizer's own (not copies), as in PyTorch. */
  state_dict() {
    const index = new Map();
    const param_groups = this.param_groups.map((g) => {
      const packed = {};
      for (const [k, v] of Object.entries(g)) if (k !== 'params') packed[k] = v;
      for (const p of g.params) if (!index.has(p)) index.set(p, index.size);
      packed.params = g.params.map((p) => index.get(p));
      return packed;
    });
    // a Map from parameter index to its state: PyTorch's dict has int keys, which a JS
    // object would turn into strings (torch.save would then write "0", which PyTorch's
    // load_state_dict does not match to a parameter); torch.load gives a Map for such a dict too
    const state = new Map();
    for (const [p, s] of this.state) {
      const packed = {};
      for (const [k, v] of Object.entries(s)) {
        packed[k] = k === 'step' && this.constructor._tensorStep ? torchRef.tensor(v, { dtype: torchRef.float32 }) : v;
      }
      state.set(index.has(p) ? index.get(p) : p, packed);
    }
    return { state, param_groups };
  }

  /** 1.13's load_state_dict(): a deep copy of state_dict, its tensors cast to their
   *  parameter's floating dtype (except 'step'), its groups' settings replacing this one's. */
  load_state_dict(state_dict) {
    const saved = state_dict.param_groups;
    if (saved.length !== this.param_groups.length) throw new TensorError('loaded state dict has a different number of parameter groups');
    if (this.param_groups.some((g, i) => g.params.length !== saved[i].params.length)) {
      throw new TensorError("loaded state dict contains a parameter group that doesn't match the size of optimizer's group");
    }
    const idMap = new Map();
    saved.forEach((sg, i) => sg.params.forEach((id, j) => idMap.set(String(id), this.param_groups[i].params[j])));
    const copy = (v, p, key) => {
      if (v instanceof Tensor) {
        if (key === 'step') return this.constructor._tensorStep ? Number(v.item()) : v.clone();
        return keep(p && p.is_floating_point() ? v.detach().to(p.dtype).clone() : v.detach().clone());
      }
      if (Array.isArray(v)) return v.map((x) => copy(x, p));
      if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
        return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, copy(x, p, k)]));
      }
      return v;
    };
    const state = new Map();
    torchRef.no_grad(() => {
      const saved = state_dict.state instanceof Map ? state_dict.state : Object.entries(state_dict.state ?? {});
      for (const [k, v] of saved) {
        const p = idMap.get(String(k));
        state.set(p ?? k, copy(v, p));
      }
    });
    this.state = state;
    this.param_groups = this.param_groups.map((g, i) => ({ ...copy(saved[i], null), params: g.params }));
  }

  toString() {
    const C = this.constructor;
    const lines = [`${Object.prototype.hasOwnProperty.call(C, PY_NAME) ? C[PY_NAME] : C.name} (`];
    this.param_groups.forEach((g, i) => {
      lines.push(`Parameter Group ${i}`);
      for (const k of Object.keys(g).filter((x) => x !== 'params').sort()) lines.push(`    ${k}: ${pyRepr(g[k])}`);
    });
    lines.push(')');
    return lines.join('\n');
  }
  [inspect]() { return this.toString(); }
}

function pyRepr(v) {
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (v === null || v === undefined) return 'None';
  if (Array.isArray(v)) return `(${v.map(pyRepr).join(', ')})`;
  return typeof v === 'number' ? pyNum(v) : String(v);
}

/** A state tensor: kept alive past the step's scope. */
const stateTensor = (t) => keep(t);

class SGD extends Optimizer {
  constructor(params, ...a) {
    const o = bind('SGD.__init__', a, ['lr', 'momentum', 'dampening', 'weight_decay', 'nesterov', 'maximize', 'foreach', 'differentiable'],
      { lr: REQUIRED, momentum: 0, dampening: 0, weight_decay: 0, nesterov: false, maximize: false, foreach: null, differentiable: false });
    if (o.lr !== REQUIRED && !isNumber(o.lr)) throw new TypeError(`'<' not supported between instances of '${describe(o.lr)}' and 'float'`);
    if (o.lr !== REQUIRED && o.lr < 0) throw new TensorError(`Invalid learning rate: ${pyNum(o.lr)}`);
    if (o.momentum < 0) throw new TensorError(`Invalid momentum value: ${pyNum(o.momentum)}`);
    if (o.weight_decay < 0) throw new TensorError(`Invalid weight_decay value: ${pyNum(o.weight_decay)}`);
    if (o.nesterov && (o.momentum <= 0 || o.dampening !== 0)) throw new TensorError('Nesterov momentum requires a momentum and zero dampening');
    super(params, o);
  }

  // _single_tensor_sgd: d_p (+ wd * p); the momentum buffer starts as a copy of d_p.
  _update(g) {
    const { lr, momentum, dampening, weight_decay, nesterov, maximize } = g;
    for (const p of g.params) {
      if (p.grad === null) continue;
      let d = maximize ? p.grad.neg() : p.grad;
      if (weight_decay !== 0) d = d.add(p, { alpha: weight_decay });
      if (momentum === 0) this._state(p).momentum_buffer = null;  // 1.13 keeps None per parameter
      else {
        const s = this._state(p);
        let buf = s.momentum_buffer;
        if (!buf) {
          buf = s.momentum_buffer = stateTensor(d.clone().detach());
        } else {
          buf.mul_(momentum).add_(d, { alpha: 1 - dampening });
        }
        d = nesterov ? d.add(buf, { alpha: momentum }) : buf;
      }
      p.add_(d, { alpha: -lr });
    }
  }
}

/** Adam's and AdamW's keyword checks, with 1.13's messages. */
const isNumber = (v) => typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint';

/** Python's `if not 0.0 <= lr`: a TypeError for what does not compare with a float. */
function checkLr(lr) {
  if (!isNumber(lr)) throw new TypeError(`'<=' not supported between instances of 'float' and '${describe(lr)}'`);
  if (!(lr >= 0)) throw new TensorError(`Invalid learning rate: ${pyNum(lr)}`);
}

function adamOptions(fname, a, names, defaults) {
  const o = bind(fname, a, names, defaults);
  checkLr(o.lr);
  if (!(o.eps >= 0)) throw new TensorError(`Invalid epsilon value: ${pyNum(o.eps)}`);
  if (!(o.betas[0] >= 0 && o.betas[0] < 1)) throw new TensorError(`Invalid beta parameter at index 0: ${pyNum(o.betas[0])}`);
  if (!(o.betas[1] >= 0 && o.betas[1] < 1)) throw new TensorError(`Invalid beta parameter at index 1: ${pyNum(o.betas[1])}`);
  if (!(o.weight_decay >= 0)) throw new TensorError(`Invalid weight_decay value: ${pyNum(o.weight_decay)}`);
  return o;
}

/** _single_tensor_adam / _single_tensor_adamw with Python-float bias corrections; addcmul_ and
 *  addcdiv_ are spelled as the same float32 operations in the same order:
 *  v*beta2 + ((1-beta2)*g)*g and p + ((-step_size)*m)/denom. AdamW first decays the weights
 *  (p *= 1 - lr * wd) where Adam adds wd * p to the gradient. */
function adamUpdate(opt, g, decoupled) {
  const { lr, betas: [beta1, beta2], eps, weight_decay, amsgrad, maximize } = g;
  for (const p of g.params) {
    if (p.grad === null) continue;
    let grad = maximize ? p.grad.neg() : p.grad;
    const s = opt._state(p);
    if (s.step === undefined) {
      s.step = 0;
      s.exp_avg = stateTensor(torchRef.zeros_like(p));
      s.exp_avg_sq = stateTensor(torchRef.zeros_like(p));
      if (amsgrad) s.max_exp_avg_sq = stateTensor(torchRef.zeros_like(p));
    }
    s.step += 1;
    if (decoupled) p.mul_(1 - lr * weight_decay);
    else if (weight_decay !== 0) grad = grad.add(p, { alpha: weight_decay });
    s.exp_avg.mul_(beta1).add_(grad, { alpha: 1 - beta1 });
    s.exp_avg_sq.mul_(beta2).add_(grad.mul(1 - beta2).mul_(grad));
    const bc1 = 1 - beta1 ** s.step, bc2 = 1 - beta2 ** s.step;
    const stepSize = lr / bc1, bc2Sqrt = Math.sqrt(bc2);
    let v = s.exp_avg_sq;
    if (amsgrad) {
      s.max_exp_avg_sq.copy_(torchRef.maximum(s.max_exp_avg_sq, s.exp_avg_sq));
      v = s.max_exp_avg_sq;
    }
    const denom = v.sqrt().div_(bc2Sqrt).add_(eps);
    p.add_(s.exp_avg.mul(-stepSize).div_(denom));
  }
}

class Adam extends Optimizer {
  constructor(params, ...a) {
    super(params, adamOptions('Adam.__init__', a, ['lr', 'betas', 'eps', 'weight_decay', 'amsgrad', 'foreach', 'maximize', 'capturable', 'differentiable', 'fused'],
      { lr: 1e-3, betas: [0.9, 0.999], eps: 1e-8, weight_decay: 0, amsgrad: false, foreach: null, maximize: false, capturable: false, differentiable: false, fused: false }));
  }
  _update(g) { adamUpdate(this, g, false); }
}
Adam._tensorStep = true;   // 1.13 keeps state['step'] as a float tensor

// ---- AdamW, RMSprop, Adagrad: 1.13's _single_tensor_* rules, spelled as Adam's are ----------------
class AdamW extends Optimizer {
  constructor(params, ...a) {
    super(params, adamOptions('AdamW.__init__', a, ['lr', 'betas', 'eps', 'weight_decay', 'amsgrad', 'maximize', 'foreach', 'capturable'],
      { lr: 1e-3, betas: [0.9, 0.999], eps: 1e-8, weight_decay: 1e-2, amsgrad: false, maximize: false, foreach: null, capturable: false }));
  }
  _update(g) { adamUpdate(this, g, true); }
}
AdamW._tensorStep = true;

class RMSprop extends Optimizer {
  constructor(params, ...a) {
    const o = bind('RMSprop.__init__', a, ['lr', 'alpha', 'eps', 'weight_decay', 'momentum', 'centered', 'foreach', 'maximize', 'differentiable'],
      { lr: 1e-2, alpha: 0.99, eps: 1e-8, weight_decay: 0, momentum: 0, centered: false, foreach: null, maximize: false, differentiable: false });
    checkLr(o.lr);
    if (!(o.eps >= 0)) throw new TensorError(`Invalid epsilon value: ${pyNum(o.eps)}`);
    if (!(o.momentum >= 0)) throw new TensorError(`Invalid momentum value: ${pyNum(o.momentum)}`);
    if (!(o.weight_decay >= 0)) throw new TensorError(`Invalid weight_decay value: ${pyNum(o.weight_decay)}`);
    if (!(o.alpha >= 0)) throw new TensorError(`Invalid alpha value: ${pyNum(o.alpha)}`);
    super(params, o);
  }

  // addcmul_/addcdiv_ as the same float32 operations: v*alpha + ((1-alpha)*g)*g, p + ((-lr)*g)/avg
  _update(g) {
    const { lr, alpha, eps, weight_decay, momentum, centered, maximize } = g;
    for (const p of g.params) {
      if (p.grad === null) continue;
      let grad = maximize ? p.grad.neg() : p.grad;
      const s = this._state(p);
      if (s.step === undefined) {
        s.step = 0;
        s.square_avg = stateTensor(torchRef.zeros_like(p));
        if (momentum > 0) s.momentum_buffer = stateTensor(torchRef.zeros_like(p));
        if (centered) s.grad_avg = stateTensor(torchRef.zeros_like(p));
      }
      s.step += 1;
      if (weight_decay !== 0) grad = grad.add(p, { alpha: weight_decay });
      s.square_avg.mul_(alpha).add_(grad.mul(1 - alpha).mul_(grad));
      let avg;
      if (centered) {
        s.grad_avg.mul_(alpha).add_(grad, { alpha: 1 - alpha });
        avg = s.square_avg.add(s.grad_avg.neg().mul_(s.grad_avg)).sqrt_();
      } else {
        avg = s.square_avg.sqrt();
      }
      avg.add_(eps);
      if (momentum > 0) {
        s.momentum_buffer.mul_(momentum).add_(grad.div(avg));
        p.add_(s.momentum_buffer, { alpha: -lr });
      } else {
        p.add_(grad.mul(-lr).div_(avg));
      }
    }
  }
}

class Adagrad extends Optimizer {
  constructor(params, ...a) {
    const o = bind('Adagrad.__init__', a, ['lr', 'lr_decay', 'weight_decay', 'initial_accumulator_value', 'eps', 'foreach', 'maximize'],
      { lr: 1e-2, lr_decay: 0, weight_decay: 0, initial_accumulator_value: 0, eps: 1e-10, foreach: null, maximize: false });
    checkLr(o.lr);
    if (!(o.lr_decay >= 0)) throw new TensorError(`Invalid lr_decay value: ${pyNum(o.lr_decay)}`);
    if (!(o.weight_decay >= 0)) throw new TensorError(`Invalid weight_decay value: ${pyNum(o.weight_decay)}`);
    if (!(o.initial_accumulator_value >= 0)) throw new TensorError(`Invalid initial_accumulator_value value: ${pyNum(o.initial_accumulator_value)}`);
    if (!(o.eps >= 0)) throw new TensorError(`Invalid epsilon value: ${pyNum(o.eps)}`);
    super(params, o);
    // state is made up front, as 1.13's constructor does: step 0 and sum = initial value
    for (const grp of this.param_groups) {
      for (const p of grp.params) {
        const s = this._state(p);
        s.step = 0;
        s.sum = stateTensor(torchRef.full_like(p, grp.initial_accumulator_value));
      }
    }
  }

  // clr = lr / (1 + (step - 1) lr_decay);  sum += g*g;  p += ((-clr)*g) / (sqrt(sum) + eps)
  _update(g) {
    const { lr, lr_decay, weight_decay, eps, maximize } = g;
    for (const p of g.params) {
      if (p.grad === null) continue;
      const s = this._state(p);
      s.step += 1;
      let grad = maximize ? p.grad.neg() : p.grad;
      if (weight_decay !== 0) grad = grad.add(p, { alpha: weight_decay });
      const clr = lr / (1 + (s.step - 1) * lr_decay);
      s.sum.add_(grad.mul(grad));
      const std = s.sum.sqrt().add_(eps);
      p.add_(grad.mul(-clr).div_(std));
    }
  }
}

// ---- torch.optim.lr_scheduler: 1.13's chainable forms (step()), closed forms (step(epoch)) -------
// The lrs are Python floats, computed here in the same order, so they agree bit for bit except
// where ** rounds differently. Optimizer.step counts its calls (_step_count) for the warning
// Python's wrapper gives when scheduler.step() comes first.
const EPOCH_DEPRECATION_WARNING = 'The epoch parameter in `scheduler.step()` was not necessary and is being ' +
  'deprecated where possible. Please use `scheduler.step()` to step the ' +
  'scheduler. During the deprecation, if epoch is different from None, the ' +
  'closed form is used instead of the new chainable form, where available. ' +
  'Please open an issue if you are unable to replicate your use case: ' +
  'https://github.com/pytorch/pytorch/issues/new/choose.';
const GET_LR_WARNING = 'To get the last learning rate computed by the scheduler, please use `get_last_lr()`.';
const pyMod = (a, b) => ((a % b) + b) % b;
/** Python's '{:.4e}'.format(v). */
const fmt4e = (v) => v.toExponential(4).replace(/e([+-])(\d)$/, 'e$10$2');
const checkOptimizer = (o) => {
  if (!(o instanceof Optimizer)) throw new TypeError(`${o === null || o === undefined ? 'NoneType' : describe(o)} is not an Optimizer`);
};

Adagrad._tensorStep = true;

class _LRScheduler {
  /** fields: the subclass's settings, set before the initial step (which calls get_lr), as
   *  the Python subclasses set them before super().__init__. */
  constructor(optimizer, last_epoch = -1, verbose = false, fields = {}) {
    checkOptimizer(optimizer);
    if (last_epoch === -1) {
      for (const g of optimizer.param_groups) if (!('initial_lr' in g)) g.initial_lr = g.lr;
    } else {
      optimizer.param_groups.forEach((g, i) => {
        if (!('initial_lr' in g)) throw new TensorError(`"param 'initial_lr' is not specified in param_groups[${i}] when resuming an optimizer"`);
      });
    }
    Object.assign(this, fields);
    Object.defineProperty(this, 'optimizer', { value: optimizer, writable: true, enumerable: false });
    this.base_lrs = optimizer.param_groups.map((g) => g.initial_lr);
    this.last_epoch = last_epoch;
    this.verbose = verbose;
    this._get_lr_called_within_step = false;
    this.optimizer._step_count = 0;
    this._step_count = 0;
    this.step();
  }
  get_last_lr() { return this._last_lr; }
  _checkGetLr() { if (!this._get_lr_called_within_step) warn(GET_LR_WARNING); }
  print_lr(isVerbose, group, lr, epoch = null) {
    if (!isVerbose) return;
    if (epoch === null) console.log(`Adjusting learning rate of group ${group} to ${fmt4e(lr)}.`);
    else console.log(`Epoch ${Number.isInteger(epoch) ? String(epoch).padStart(5, '0') : epoch.toFixed(2)}: adjusting learning rate of group ${group} to ${fmt4e(lr)}.`);
  }
  step(epoch = null) {
    if (this._step_count === 1 && this.optimizer._step_count < 1) {
      warn('Detected call of `lr_scheduler.step()` before `optimizer.step()`. ' +
        'In PyTorch 1.1.0 and later, you should call them in the opposite order: ' +
        '`optimizer.step()` before `lr_scheduler.step()`.  Failure to do this ' +
        'will result in PyTorch skipping the first value of the learning rate schedule. ' +
        'See more details at https://pytorch.org/docs/stable/optim.html#how-to-adjust-learning-rate');
    }
    this._step_count += 1;
    let values;
    this._get_lr_called_within_step = true;
    try {
      if (epoch === null || epoch === undefined) {
        this.last_epoch += 1;
        values = this.get_lr();
      } else {
        warn(EPOCH_DEPRECATION_WARNING);
        this.last_epoch = epoch;
        values = this._get_closed_form_lr ? this._get_closed_form_lr() : this.get_lr();
      }
    } finally {
      this._get_lr_called_within_step = false;
    }
    this.optimizer.param_groups.forEach((g, i) => {
      if (i >= values.length) return;
      g.lr = values[i];
      this.print_lr(this.verbose, i, values[i], epoch ?? null);
    });
    this._last_lr = this.optimizer.param_groups.map((g) => g.lr);
  }
  state_dict() { return { ...this }; }
  load_state_dict(state) { Object.assign(this, state); }
}

class LambdaLR extends _LRScheduler {
  constructor(optimizer, ...a) {
    const o = bind('LambdaLR.__init__', a, ['lr_lambda', 'last_epoch', 'verbose'], { last_epoch: -1, verbose: false });
    checkOptimizer(optimizer);
    let fns;
    if (!Array.isArray(o.lr_lambda)) {
      fns = optimizer.param_groups.map(() => o.lr_lambda);
    } else {
      if (o.lr_lambda.length !== optimizer.param_groups.length) {
        throw new TensorError(`Expected ${optimizer.param_groups.length} lr_lambdas, but got ${o.lr_lambda.length}`);
      }
      fns = [...o.lr_lambda];
    }
    super(optimizer, o.last_epoch, o.verbose, { lr_lambdas: fns });
  }
  get_lr() {
    this._checkGetLr();
    return this.base_lrs.map((b, i) => b * this.lr_lambdas[i](this.last_epoch));
  }
  /** As 1.13: the lambdas are not saved (None for each; a JS function has no __dict__ to keep). */
  state_dict() {
    const { lr_lambdas, ...rest } = this;
    return { ...rest, lr_lambdas: lr_lambdas.map(() => null) };
  }
  load_state_dict(state) {
    const { lr_lambdas, ...rest } = state;
    Object.assign(this, rest);
    (lr_lambdas ?? []).forEach((fn, i) => { if (fn !== null && fn !== undefined) Object.assign(this.lr_lambdas[i], fn); });
  }
}

class StepLR extends _LRScheduler {
  constructor(optimizer, ...a) {
    const o = bind('StepLR.__init__', a, ['step_size', 'gamma', 'last_epoch', 'verbose'], { gamma: 0.1, last_epoch: -1, verbose: false });
    super(optimizer, o.last_epoch, o.verbose, { step_size: o.step_size, gamma: o.gamma });
  }
  get_lr() {
    this._checkGetLr();
    const groups = this.optimizer.param_groups;
    if (this.last_epoch === 0 || pyMod(this.last_epoch, this.step_size) !== 0) return groups.map((g) => g.lr);
    return groups.map((g) => g.lr * this.gamma);
  }
  _get_closed_form_lr() { return this.base_lrs.map((b) => b * this.gamma ** Math.floor(this.last_epoch / this.step_size)); }
}

class MultiStepLR extends _LRScheduler {
  constructor(optimizer, ...a) {
    const o = bind('MultiStepLR.__init__', a, ['milestones', 'gamma', 'last_epoch', 'verbose'], { gamma: 0.1, last_epoch: -1, verbose: false });
    const counts = new Map();  // Python's Counter(milestones)
    for (const m of o.milestones) counts.set(m, (counts.get(m) ?? 0) + 1);
    super(optimizer, o.last_epoch, o.verbose, { milestones: counts, gamma: o.gamma });
  }
  get_lr() {
    this._checkGetLr();
    const groups = this.optimizer.param_groups;
    if (!this.milestones.has(this.last_epoch)) return groups.map((g) => g.lr);
    return groups.map((g) => g.lr * this.gamma ** this.milestones.get(this.last_epoch));
  }
  _get_closed_form_lr() {
    let passed = 0;  // bisect_right over the sorted milestones (with repeats)
    for (const [m, c] of this.milestones) if (m <= this.last_epoch) passed += c;
    return this.base_lrs.map((b) => b * this.gamma ** passed);
  }
}

class ExponentialLR extends _LRScheduler {
  constructor(optimizer, ...a) {
    const o = bind('ExponentialLR.__init__', a, ['gamma', 'last_epoch', 'verbose'], { last_epoch: -1, verbose: false });
    super(optimizer, o.last_epoch, o.verbose, { gamma: o.gamma });
  }
  get_lr() {
    this._checkGetLr();
    const groups = this.optimizer.param_groups;
    if (this.last_epoch === 0) return groups.map((g) => g.lr);
    return groups.map((g) => g.lr * this.gamma);
  }
  _get_closed_form_lr() { return this.base_lrs.map((b) => b * this.gamma ** this.last_epoch); }
}

class CosineAnnealingLR extends _LRScheduler {
  constructor(optimizer, ...a) {
    const o = bind('CosineAnnealingLR.__init__', a, ['T_max', 'eta_min', 'last_epoch', 'verbose'], { eta_min: 0, last_epoch: -1, verbose: false });
    super(optimizer, o.last_epoch, o.verbose, { T_max: o.T_max, eta_min: o.eta_min });
  }
  get_lr() {
    this._checkGetLr();
    const groups = this.optimizer.param_groups, e = this.last_epoch, T = this.T_max, lo = this.eta_min;
    if (e === 0) return groups.map((g) => g.lr);
    if (this._step_count === 1 && e > 0) {
      return this.base_lrs.map((b) => lo + (b - lo) * (1 + cosine(e * Math.PI / T)) / 2);
    }
    if (pyMod(e - 1 - T, 2 * T) === 0) {
      return groups.map((g, i) => g.lr + (this.base_lrs[i] - lo) * (1 - cosine(Math.PI / T)) / 2);
    }
    return groups.map((g) => (1 + cosine(Math.PI * e / T)) / (1 + cosine(Math.PI * (e - 1) / T)) * (g.lr - lo) + lo);
  }
  _get_closed_form_lr() {
    const lo = this.eta_min;
    return this.base_lrs.map((b) => lo + (b - lo) * (1 + cosine(Math.PI * this.last_epoch / this.T_max)) / 2);
  }
}

/** ReduceLROnPlateau: lr *= factor after `patience` epochs without improvement of the metric. */
class ReduceLROnPlateau {
  constructor(optimizer, ...a) {
    const o = bind('ReduceLROnPlateau.__init__', a, ['mode', 'factor', 'patience', 'threshold', 'threshold_mode', 'cooldown', 'min_lr', 'eps', 'verbose'],
      { mode: 'min', factor: 0.1, patience: 10, threshold: 1e-4, threshold_mode: 'rel', cooldown: 0, min_lr: 0, eps: 1e-8, verbose: false });
    if (o.factor >= 1.0) throw new TensorError('Factor should be < 1.0.');
    checkOptimizer(optimizer);
    let minLrs;
    if (Array.isArray(o.min_lr)) {
      if (o.min_lr.length !== optimizer.param_groups.length) throw new TensorError(`expected ${optimizer.param_groups.length} min_lrs, got ${o.min_lr.length}`);
      minLrs = [...o.min_lr];
    } else {
      minLrs = optimizer.param_groups.map(() => o.min_lr);
    }
    if (o.mode !== 'min' && o.mode !== 'max') throw new TensorError(`mode ${o.mode} is unknown!`);
    if (o.threshold_mode !== 'rel' && o.threshold_mode !== 'abs') throw new TensorError(`threshold mode ${o.threshold_mode} is unknown!`);
    this.factor = o.factor;
    Object.defineProperty(this, 'optimizer', { value: optimizer, writable: true, enumerable: false });
    this.min_lrs = minLrs;
    this.patience = o.patience;
    this.verbose = o.verbose;
    this.cooldown = o.cooldown;
    this.cooldown_counter = 0;
    this.mode = o.mode;
    this.threshold = o.threshold;
    this.threshold_mode = o.threshold_mode;
    this.eps = o.eps;
    this.last_epoch = 0;
    this.mode_worse = o.mode === 'min' ? Infinity : -Infinity;
    this._reset();
  }
  _reset() {
    this.best = this.mode_worse;
    this.cooldown_counter = 0;
    this.num_bad_epochs = 0;
  }
  get in_cooldown() { return this.cooldown_counter > 0; }
  is_better(a, best) {
    if (this.mode === 'min' && this.threshold_mode === 'rel') return a < best * (1 - this.threshold);
    if (this.mode === 'min') return a < best - this.threshold;
    if (this.threshold_mode === 'rel') return a > best * (this.threshold + 1);
    return a > best + this.threshold;
  }
  /** step(metrics): a number or a one-element tensor (float(metrics) in Python). */
  step(metrics, epoch = null) {
    const current = metrics instanceof Tensor ? Number(metrics.item()) : Number(metrics);
    if (epoch === null || epoch === undefined) epoch = this.last_epoch + 1;
    else warn(EPOCH_DEPRECATION_WARNING);
    this.last_epoch = epoch;
    if (this.is_better(current, this.best)) {
      this.best = current;
      this.num_bad_epochs = 0;
    } else {
      this.num_bad_epochs += 1;
    }
    if (this.in_cooldown) {
      this.cooldown_counter -= 1;
      this.num_bad_epochs = 0;
    }
    if (this.num_bad_epochs > this.patience) {
      this.optimizer.param_groups.forEach((g, i) => {
        const old = g.lr, lr = Math.max(old * this.factor, this.min_lrs[i]);
        if (old - lr > this.eps) {
          g.lr = lr;
          if (this.verbose) {
            const es = Number.isInteger(epoch) ? String(epoch).padStart(5, '0') : epoch.toFixed(2);
            console.log(`Epoch ${es}: reducing learning rate of group ${i} to ${fmt4e(lr)}.`);
          }
        }
      });
      this.cooldown_counter = this.cooldown;
      this.num_bad_epochs = 0;
    }
    this._last_lr = this.optimizer.param_groups.map((g) => g.lr);  // 1.13 has no get_last_lr() here
  }
  state_dict() { return { ...this }; }
  load_state_dict(state) { Object.assign(this, state); }
}

const LR_SCHEDULERS = { _LRScheduler, LambdaLR, StepLR, MultiStepLR, ExponentialLR, CosineAnnealingLR, ReduceLROnPlateau };
for (const [k, C] of Object.entries(LR_SCHEDULERS)) C[PY_NAME] = k;
const LR_SCHEDULER = Object.freeze(LR_SCHEDULERS);

let torchRef = null;

export function install(torch) {
  torchRef = torch;
  const optimizers = { Optimizer, SGD, Adam, AdamW, RMSprop, Adagrad };
  for (const [k, C] of Object.entries(optimizers)) C[PY_NAME] = k;
  torch.optim = Object.freeze({ ...optimizers, lr_scheduler: LR_SCHEDULER });
}
