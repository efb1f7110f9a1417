// torch.optim: SGD and Adam with PyTorch 1.13's single-tensor update rules (the default in
// 1.13: foreach off). Updates run under no_grad as in-place tensor ops in PyTorch's order,
// so each float32 rounding happens where PyTorch's does; JS computes only the Python-level
// scalars (bias corrections, step sizes). Temporaries live in a torch.scope per step;
// optimizer state is kept out of every scope.
import { TensorError } from './core.js';
import { bind } from './args.js';
import { describe } from './dtype.js';
import { Tensor, keep } from './tensor.js';
import { zeroGrads, PY_NAME } from './nn.js';

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
    let loss = null;
    if (closure !== undefined && closure !== null) loss = torchRef.enable_grad(closure);
    torchRef.no_grad(() => torchRef.scope(() => {
      for (const g of this.param_groups) this._update(g);
    }));
    return loss;
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
      if (momentum !== 0) {
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

class Adam extends Optimizer {
  constructor(params, ...a) {
    const o = bind('Adam.__init__', a, ['lr', 'betas', 'eps', 'weight_decay', 'amsgrad', 'foreach', 'maximize', 'capturable', 'differentiable', 'fused'],
      { lr: 1e-3, betas: [0.9, 0.999], eps: 1e-8, weight_decay: 0, amsgrad: false, foreach: null, maximize: false, capturable: false, differentiable: false, fused: false });
    if (!(o.lr >= 0)) throw new TensorError(`Invalid learning rate: ${pyNum(o.lr)}`);
    if (!(o.eps >= 0)) throw new TensorError(`Invalid epsilon value: ${pyNum(o.eps)}`);
    if (!(o.betas[0] >= 0 && o.betas[0] < 1)) throw new TensorError(`Invalid beta parameter at index 0: ${pyNum(o.betas[0])}`);
    if (!(o.betas[1] >= 0 && o.betas[1] < 1)) throw new TensorError(`Invalid beta parameter at index 1: ${pyNum(o.betas[1])}`);
    if (!(o.weight_decay >= 0)) throw new TensorError(`Invalid weight_decay value: ${pyNum(o.weight_decay)}`);
    super(params, o);
  }

  // _single_tensor_adam with Python-float bias corrections; addcmul_/addcdiv_ are spelled as
  // the same float32 operations in the same order: v*beta2 + ((1-beta2)*g)*g and
  // p + ((-step_size)*m)/denom.
  _update(g) {
    const { lr, betas: [beta1, beta2], eps, weight_decay, amsgrad, maximize } = g;
    for (const p of g.params) {
      if (p.grad === null) continue;
      let grad = maximize ? p.grad.neg() : p.grad;
      const s = this._state(p);
      if (s.step === undefined) {
        s.step = 0;
        s.exp_avg = stateTensor(torchRef.zeros_like(p));
        s.exp_avg_sq = stateTensor(torchRef.zeros_like(p));
        if (amsgrad) s.max_exp_avg_sq = stateTensor(torchRef.zeros_like(p));
      }
      s.step += 1;
      if (weight_decay !== 0) grad = grad.add(p, { alpha: weight_decay });
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
}

let torchRef = null;

export function install(torch) {
  torchRef = torch;
  for (const [k, C] of Object.entries({ Optimizer, SGD, Adam })) C[PY_NAME] = k;
  torch.optim = Object.freeze({ Optimizer, SGD, Adam });
}
