// torch.nn activations and small functional pieces: F.elu, selu, celu, hardtanh, relu6,
// hardsigmoid, hardswish, mish, logsigmoid, softsign, softshrink, hardshrink, tanhshrink,
// threshold, glu, prelu, softmin, rrelu and their modules. The ops with a node of their own in
// PyTorch 1.13 are computed by src/nn/activation.c (one entry point, tp_nn_act, keyed by TP_ACT_*);
// the composites (softsign, tanhshrink, softmin) are built from tensor ops as
// torch/nn/functional.py builds them, so their grad_fn graphs match. nn.js calls makeNnAct
// with its Module machinery (no import cycle) when it builds torch.nn.
import { W, check, checkStatus, args, TensorError } from '../core/wasm.js';
import { bind, missingArg, warn, numberOf } from '../core/args.js';
import { describe, py, pyStr, pyFloat, pyTuple } from '../core/dtype.js';
import { Tensor, asTensor, wrap } from '../tensor/tensor.js';

// TP_ACT_* (src/tensorpad.h)
const ELU = 0, CELU = 1, HARDTANH = 2, HARDSIGMOID = 3, HARDSWISH = 4, MISH = 5, LOGSIGMOID = 6, SOFTSHRINK = 7,
  THRESHOLD = 8, RRELU = 9;
/** TP_ACT_LEAKY_RELU: leaky_relu in place (nn.js's F.leaky_relu(inplace=True)). */
export const LEAKY_RELU = 10;
const SELU_ALPHA = 1.6732632423543772848170429916717, SELU_SCALE = 1.0507009873554804934193349852946;

const inplaceRepr = (m) => (m.inplace ? 'inplace=True' : '');
const joinRepr = (...parts) => parts.filter((s) => s).join(', ');

function num(fname, name, pos, v) {
  if (typeof v === 'bigint') {   // a Python int: the parser's Scalar, int64 or it overflows
    if (!(v >= -(2n ** 63n) && v < 2n ** 63n)) throw new TensorError('Overflow when unpacking long');
    return Number(v);
  }
  if (typeof v !== 'number' && typeof v !== 'boolean') throw new TypeError(`${fname}(): argument '${name}' (position ${pos}) must be Number, not ${describe(v)}`);
  return Number(v);
}

/** The activation `which` of input, in place when asked (the input is returned, as PyTorch's x_ ops do). */
function act(which, fname, input, inplace, p0 = 0, p1 = 0, p2 = 0) {
  const x = asTensor(input, fname, 'input');
  if (inplace) {
    checkStatus(W.tp_nn_act_(which, x._ptr, p0, p1, p2));
    return x;
  }
  return wrap(check(W.tp_nn_act(which, x._ptr, p0, p1, p2)));
}

// ---- functional --------------------------------------------------------------------------
function elu(...a) {
  const o = bind('elu', a, ['input', 'alpha', 'inplace'], { alpha: 1.0, inplace: false });
  return act(ELU, 'elu', o.input, o.inplace, num('elu', 'alpha', 2, o.alpha), 1, 1);
}
function selu(...a) {
  const o = bind('selu', a, ['input', 'inplace'], { inplace: false });
  return act(ELU, 'selu', o.input, o.inplace, SELU_ALPHA, SELU_SCALE, 1);
}
function celu(...a) {
  const o = bind('celu', a, ['input', 'alpha', 'inplace'], { alpha: 1.0, inplace: false });
  const alpha = num('celu', 'alpha', 2, o.alpha);
  if (alpha === 0) throw new TensorError('ZeroDivisionError');
  return act(CELU, 'celu', o.input, o.inplace, alpha, 1, 1 / alpha);
}
function hardtanh(...a) {
  const o = bind('hardtanh', a, ['input', 'min_val', 'max_val', 'inplace'], { min_val: -1.0, max_val: 1.0, inplace: false });
  return act(HARDTANH, 'hardtanh', o.input, o.inplace, num('hardtanh', 'min_val', 2, o.min_val), num('hardtanh', 'max_val', 3, o.max_val));
}
function relu6(...a) {
  const o = bind('relu6', a, ['input', 'inplace'], { inplace: false });
  return act(HARDTANH, 'relu6', o.input, o.inplace, 0, 6);
}
const simple = (which, fname) => (...a) => {
  const o = bind(fname, a, ['input', 'inplace'], { inplace: false });
  return act(which, fname, o.input, o.inplace);
};
const hardsigmoid = simple(HARDSIGMOID, 'hardsigmoid');
const hardswish = simple(HARDSWISH, 'hardswish');
const mish = simple(MISH, 'mish');
function logsigmoid(...a) {
  const o = bind('log_sigmoid', a, ['input']);
  return act(LOGSIGMOID, 'log_sigmoid', o.input, false);
}
function softshrink(...a) {
  const o = bind('softshrink', a, ['input', 'lambd'], { lambd: 0.5 });
  return act(SOFTSHRINK, 'softshrink', o.input, false, num('softshrink', 'lambd', 2, o.lambd));
}
function hardshrink(...a) {
  const o = bind('hardshrink', a, ['input', 'lambd'], { lambd: 0.5 });
  return asTensor(o.input, 'hardshrink', 'input').hardshrink(o.lambd);
}
/** torch/nn/functional.py: input / (input.abs() + 1) (DivBackward0). */
function softsign(...a) {
  const x = asTensor(bind('softsign', a, ['input']).input, 'softsign', 'input');
  return x.div(x.abs().add(1));
}
/** torch/nn/functional.py: input - input.tanh() (SubBackward0). */
function tanhshrink(...a) {
  const x = asTensor(bind('tanhshrink', a, ['input']).input, 'tanhshrink', 'input');
  return x.sub(x.tanh());
}
function threshold(...a) {
  const o = bind('_threshold', a, ['input', 'threshold', 'value', 'inplace'], { inplace: false });
  if (o.threshold === undefined) throw new TypeError("_threshold() missing 2 required positional arguments: 'threshold' and 'value'");
  if (o.value === undefined) throw new TypeError("_threshold() missing 1 required positional argument: 'value'");
  return act(THRESHOLD, 'threshold', o.input, o.inplace, num('threshold', 'threshold', 2, o.threshold), num('threshold', 'value', 3, o.value));
}
function glu(...a) {
  const o = bind('glu', a, ['input', 'dim'], { dim: -1 });
  const x = asTensor(o.input, 'glu', 'input');
  if (!Number.isInteger(o.dim)) throw new TypeError(`glu(): argument 'dim' (position 2) must be int, not ${describe(o.dim)}`);
  return wrap(check(W.tp_nn_glu(x._ptr, o.dim)));
}
function prelu(...a) {
  const o = bind('prelu', a, ['input', 'weight']);
  if (o.weight === undefined) throw missingArg('prelu', 'weight');
  return asTensor(o.input, 'prelu', 'input').prelu(o.weight);
}
/** torch/nn/functional.py: (-input).softmax(dim) (NegBackward0 then SoftmaxBackward0). */
function softmin(...a) {
  const o = bind('softmin', a, ['input', 'dim', '_stacklevel', 'dtype'], { dim: null, _stacklevel: 3, dtype: null });
  const x = asTensor(o.input, 'softmin', 'input');
  let d = o.dim;
  if (d === null || d === undefined) {
    warn('Implicit dimension choice for softmin has been deprecated. Change the call to include dim=X as an argument.');
    d = x.ndim === 0 || x.ndim === 1 || x.ndim === 3 ? 0 : 1;
  }
  const n = x.neg();
  return o.dtype === null || o.dtype === undefined ? n.softmax(d) : n.softmax(d, { dtype: o.dtype });
}
/** rrelu: eval mode is leaky_relu with slope (lower + upper) / 2; training mode multiplies each
 *  element <= 0 by a draw from U(lower, upper). tensorpad draws one uniform per element with
 *  uniform_ (PyTorch draws only for the elements <= 0), so training values do not follow
 *  PyTorch's random stream. */
function rrelu(...a) {
  const o = bind('rrelu', a, ['input', 'lower', 'upper', 'training', 'inplace'], { lower: 1 / 8, upper: 1 / 3, training: false, inplace: false });
  const x = asTensor(o.input, 'rrelu', 'input');
  const lower = num('rrelu', 'lower', 2, o.lower), upper = num('rrelu', 'upper', 3, o.upper);
  if (lower > upper) throw new TensorError('Lower bound should be less than or equal to the upper bound');
  if (!o.training) return act(RRELU, 'rrelu', x, o.inplace, (lower + upper) / 2);
  if (!x.dtype.is_floating_point) return act(RRELU, 'rrelu', x, o.inplace, (lower + upper) / 2);  // its dtype error
  const noise = torchRef.no_grad(() => {
    const u = torchRef.empty_like(x).uniform_(lower, upper);
    return torchRef.where(x.detach().le(0), u, torchRef.ones_like(u));
  });
  const out = wrap(check(W.tp_nn_rrelu_noise(x._ptr, noise._ptr)));
  return o.inplace ? x.copy_(out) : out;  // in place: CopyBackwards (PyTorch: RreluWithNoiseBackward1)
}

// ---- one_hot, pad, normalize -----------------------------------------------------------------
function one_hot(...a) {
  const o = bind('one_hot', a, ['tensor', 'num_classes'], { num_classes: -1 });
  const t = asTensor(o.tensor, 'one_hot', 'tensor');
  if (!Number.isInteger(o.num_classes)) throw new TypeError(`one_hot(): argument 'num_classes' (position 2) must be int, not ${describe(o.num_classes)}`);
  if (t.dtype !== torchRef.int64) throw new TensorError('one_hot is only applicable to index tensor.');
  let n = o.num_classes;
  if (t.numel() === 0) {
    if (n <= 0) throw new TensorError('Can not infer total number of classes from empty tensor.');
    return torchRef.zeros([...t.shape, n], { dtype: torchRef.int64 });
  }
  const lo = t.min().item(), hi = t.max().item();
  if (lo < 0) throw new TensorError('Class values must be non-negative.');
  if (n === -1) n = hi + 1;
  else if (hi >= n) throw new TensorError('Class values must be smaller than num_classes.');
  return torchRef.zeros([...t.shape, n], { dtype: torchRef.int64 }).scatter_(-1, t.unsqueeze(-1), 1);
}

const isIntList = (v) => Array.isArray(v) && v.every(Number.isInteger);
/** 1.13's _pad_circular: an empty output, the input copied into its middle, then the left and
 *  right borders copied from the other side (CopySlices, as PyTorch's graph). */
function padCircular(x, pad) {
  const k = pad.length / 2, shape = Array.from(x.shape), out = shape.slice();
  if (pad.length + 4 !== 2 * x.ndim) throw new TensorError(`Invalid padding size, expected ${2 * (x.ndim - 2)} but got ${pad.length}`);
  for (let i = 0; i < k; i++) {
    const d = x.ndim - k + i, pl = pad[2 * (k - i - 1)], pr = pad[2 * (k - i - 1) + 1];
    out[d] = shape[d] + pl + pr;
    if (pl > shape[d] || pr > shape[d]) throw new TensorError('Padding value causes wrapping around more than once.');
    if (out[d] < 0) throw new TensorError('Negative padding value is resulting in an empty dimension');
  }
  const y = torchRef.empty(out, { dtype: x.dtype });
  const slice = (t, d, s, e) => t.narrow(d, s, e - s);
  let os = y, is = x;
  for (let i = 0; i < k; i++) {
    const d = x.ndim - k + i, pl = pad[2 * (k - i - 1)], pr = pad[2 * (k - i - 1) + 1];
    os = slice(os, d, Math.max(pl, 0), out[d] - Math.max(pr, 0));
    is = slice(is, d, Math.max(-pl, 0), shape[d] - Math.max(-pr, 0));
  }
  os.copy_(is);
  for (let i = 0; i < k; i++) {
    const d = x.ndim - k + i, pl = pad[2 * (k - i - 1)], pr = pad[2 * (k - i - 1) + 1];
    if (pl > 0) slice(y, d, 0, pl).copy_(slice(y, d, out[d] - pl - Math.max(pr, 0), out[d] - Math.max(pr, 0)));
    if (pr > 0) slice(y, d, out[d] - pr, out[d]).copy_(slice(y, d, Math.max(pl, 0), Math.max(pl, 0) + pr));
  }
  return y;
}
const PAD_MODES = { reflect: 1, replicate: 2 };
function pad(...a) {
  const o = bind('pad', a, ['input', 'pad', 'mode', 'value'], { mode: 'constant', value: null });
  const x = asTensor(o.input, 'pad', 'input');
  if (!isIntList(o.pad)) throw new TypeError(`pad(): argument 'pad' (position 2) must be tuple of ints, not ${describe(o.pad)}`);
  const p = o.pad;
  if (!['constant', 'reflect', 'replicate', 'circular'].includes(o.mode)) throw new TensorError(`Unrecognised padding mode ${o.mode}`);
  if (p.length % 2) throw new TensorError('Padding length must be divisible by 2');
  if (p.length / 2 > x.ndim) throw new TensorError('Padding length too large');
  if (o.mode === 'constant') return wrap(check(W.tp_nn_constant_pad(x._ptr, p.length, args(p), Number(o.value ?? 0))));  // (a BigInt value: Python's float of an int)
  if (o.value !== null && o.value !== undefined && o.value !== 0) throw new TensorError(`Padding mode "${o.mode}" doesn't take in value argument`);
  const k = p.length / 2;
  if (!((k === 1 && (x.ndim === 2 || x.ndim === 3)) || (k === 2 && (x.ndim === 3 || x.ndim === 4)))) {
    if (k === 3 && (x.ndim === 4 || x.ndim === 5)) throw new TensorError('tensorpad: 3-D reflect/replicate/circular padding is not supported');
    throw new TensorError('Only 2D, 3D, 4D, 5D padding with non-constant padding are supported for now');
  }
  if (o.mode === 'circular') return padCircular(x, p);
  return wrap(check(W.tp_nn_index_pad(x._ptr, PAD_MODES[o.mode], p.length, args(p))));
}
/** torch/nn/functional.py: input / input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input). */
function normalize(...a) {
  const o = bind('normalize', a, ['input', 'p', 'dim', 'eps', 'out'], { p: 2.0, dim: 1, eps: 1e-12, out: null });
  const x = asTensor(o.input, 'normalize', 'input');
  const denom = x.norm(o.p, o.dim, true).clamp_min(o.eps).expand_as(x);
  if (o.out !== null && o.out !== undefined) throw new TensorError('tensorpad: normalize(out=...) is not supported');
  return x.div(denom);
}

let torchRef = null;

/** The modules, built on nn.js's Module and Parameter. */
export function makeNnAct({ Module, Parameter, named }) {
  const withInplace = (C, name) => class extends C {
    constructor(...a) {
      super();
      this.inplace = !!bind(`${name}.__init__`, a, ['inplace'], { inplace: false }).inplace;
    }
    extra_repr() { return inplaceRepr(this); }
  };
  class ELUm extends Module {
    constructor(...a) {
      super();
      const o = bind('ELU.__init__', a, ['alpha', 'inplace'], { alpha: 1.0, inplace: false });
      this.alpha = o.alpha;
      this.inplace = !!o.inplace;
    }
    forward(input) { return elu(input, this.alpha, this.inplace); }
    extra_repr() { return joinRepr(py`alpha=${pyFloat(this.alpha)}`, inplaceRepr(this)); }
  }
  class CELUm extends Module {
    constructor(...a) {
      super();
      const o = bind('CELU.__init__', a, ['alpha', 'inplace'], { alpha: 1.0, inplace: false });
      this.alpha = o.alpha;
      this.inplace = !!o.inplace;
    }
    forward(input) { return celu(input, this.alpha, this.inplace); }
    extra_repr() { return joinRepr(py`alpha=${pyFloat(this.alpha)}`, inplaceRepr(this)); }
  }
  class SELUm extends withInplace(Module, 'SELU') { forward(input) { return selu(input, this.inplace); } }
  class Hardtanh extends Module {
    constructor(...a) {
      super();
      const o = bind('Hardtanh.__init__', a, ['min_val', 'max_val', 'inplace', 'min_value', 'max_value'],
        { min_val: -1.0, max_val: 1.0, inplace: false, min_value: null, max_value: null });
      if (o.min_value !== null && o.min_value !== undefined) {
        warn('keyword argument min_value is deprecated and rename to min_val', 'DeprecationWarning');
        o.min_val = o.min_value;
      }
      if (o.max_value !== null && o.max_value !== undefined) {
        warn('keyword argument max_value is deprecated and rename to max_val', 'DeprecationWarning');
        o.max_val = o.max_value;
      }
      this.min_val = o.min_val;
      this.max_val = o.max_val;
      this.inplace = !!o.inplace;
      const num = (v) => (typeof v === 'number' || typeof v === 'boolean' ? +v : v?.numel?.() === 1 ? v.item() : undefined);
      const hi = num(this.max_val), lo = num(this.min_val);
      if (hi === undefined || lo === undefined) {
        throw new TypeError(`'>' not supported between instances of '${describe(this.max_val)}' and '${describe(this.min_val)}'`);
      }
      if (!(hi > lo)) throw new TensorError('AssertionError');
    }
    forward(input) { return hardtanh(input, this.min_val, this.max_val, this.inplace); }
    extra_repr() { return joinRepr(py`min_val=${pyFloat(this.min_val)}, max_val=${pyFloat(this.max_val)}`, inplaceRepr(this)); }
  }
  class ReLU6 extends withInplace(Module, 'ReLU6') { forward(input) { return relu6(input, this.inplace); } }
  // PyTorch's Hardsigmoid / Hardswish keep inplace but print nothing
  class Hardsigmoid extends withInplace(Module, 'Hardsigmoid') {
    forward(input) { return hardsigmoid(input, this.inplace); }
    extra_repr() { return ''; }
  }
  class Hardswish extends withInplace(Module, 'Hardswish') {
    forward(input) { return hardswish(input, this.inplace); }
    extra_repr() { return ''; }
  }
  class Mish extends withInplace(Module, 'Mish') { forward(input) { return mish(input, this.inplace); } }
  class LogSigmoid extends Module { forward(input) { return logsigmoid(input); } }
  class Softsign extends Module { forward(input) { return softsign(input); } }
  class Tanhshrink extends Module { forward(input) { return tanhshrink(input); } }
  class Softshrink extends Module {
    constructor(...a) { super(); this.lambd = bind('Softshrink.__init__', a, ['lambd'], { lambd: 0.5 }).lambd; }
    forward(input) { return softshrink(input, this.lambd); }
    extra_repr() { return pyStr(this.lambd); }
  }
  class Hardshrink extends Module {
    constructor(...a) { super(); this.lambd = bind('Hardshrink.__init__', a, ['lambd'], { lambd: 0.5 }).lambd; }
    forward(input) { return hardshrink(input, this.lambd); }
    extra_repr() { return pyStr(this.lambd); }
  }
  class Threshold extends Module {
    constructor(...a) {
      super();
      const o = bind('Threshold.__init__', a, ['threshold', 'value', 'inplace'], { inplace: false });
      if (o.threshold === undefined || o.value === undefined) {
        throw new TypeError(`__init__() missing ${o.threshold === undefined ? "2 required positional arguments: 'threshold' and 'value'" : "1 required positional argument: 'value'"}`);
      }
      this.threshold = o.threshold;
      this.value = o.value;
      this.inplace = !!o.inplace;
    }
    forward(input) { return threshold(input, this.threshold, this.value, this.inplace); }
    extra_repr() { return joinRepr(py`threshold=${this.threshold}, value=${this.value}`, inplaceRepr(this)); }
  }
  class GLU extends Module {
    constructor(...a) { super(); this.dim = bind('GLU.__init__', a, ['dim'], { dim: -1 }).dim; }
    forward(input) { return glu(input, this.dim); }
    extra_repr() { return py`dim=${this.dim}`; }
  }
  class PReLU extends Module {
    constructor(...a) {
      super();
      const o = bind('PReLU.__init__', a, ['num_parameters', 'init', 'device', 'dtype'], { num_parameters: 1, init: 0.25, device: null, dtype: null });
      if (!Number.isInteger(o.num_parameters)) throw new TypeError(`empty(): argument 'size' must be tuple of ints, but found element of type ${describe(o.num_parameters)} at pos 0`);
      this.num_parameters = o.num_parameters;
      Object.defineProperty(this, 'init', { value: o.init, writable: true, enumerable: false });
      const dt = o.dtype === null || o.dtype === undefined ? {} : { dtype: o.dtype };
      this.weight = new Parameter(torchRef.empty(o.num_parameters, dt).fill_(o.init));
    }
    reset_parameters() { torchRef.no_grad(() => this.weight.fill_(this.init)); }
    forward(input) { return prelu(input, this.weight); }
    extra_repr() { return py`num_parameters=${this.num_parameters}`; }
  }
  class Softmin extends Module {
    constructor(...a) { super(); this.dim = bind('Softmin.__init__', a, ['dim'], { dim: null }).dim; }
    forward(input) { return softmin(input, this.dim, { _stacklevel: 5 }); }
    extra_repr() { return py`dim=${this.dim === null || this.dim === undefined ? 'None' : this.dim}`; }
  }
  class RReLU extends Module {
    constructor(...a) {
      super();
      const o = bind('RReLU.__init__', a, ['lower', 'upper', 'inplace'], { lower: 1 / 8, upper: 1 / 3, inplace: false });
      this.lower = o.lower;
      this.upper = o.upper;
      this.inplace = !!o.inplace;
    }
    forward(input) { return rrelu(input, this.lower, this.upper, this.training, this.inplace); }
    extra_repr() { return joinRepr(py`lower=${this.lower}, upper=${this.upper}`, inplaceRepr(this)); }
  }
  const padArg = (v, n, name) => {
    if (Number.isInteger(v)) return Array(n).fill(v);
    if (isIntList(v) && v.length === n) return v.slice();
    throw new TypeError(`${name}: padding must be an int or a tuple of ${n} ints`);
  };
  class PadNd extends Module {
    constructor(name, n, padding, mode, value = 0) {
      super();
      this.padding = padArg(padding, n, name);
      Object.defineProperty(this, '_mode', { value: mode, enumerable: false });
      if (mode === 'constant') this.value = value;
    }
    // F.pad through the argument layer, as Python's forward calls it (a hostile value fails there)
    forward(input) { return torchRef.nn.functional.pad(input, this.padding, this._mode, this._mode === 'constant' ? this.value : null); }
    extra_repr() { return this._mode === 'constant' && this._get_name() !== 'ZeroPad2d' ? py`padding=${pyTuple(this.padding)}, value=${this.value}` : pyTuple(this.padding); }
  }
  const constPad = (name, n) => class extends PadNd {
    constructor(...a) { const o = bind(`${name}.__init__`, a, ['padding', 'value']); super(name, n, o.padding, 'constant', o.value); }
  };
  const modePad = (name, n, mode) => class extends PadNd {
    constructor(...a) { super(name, n, bind(`${name}.__init__`, a, ['padding']).padding, mode); }
  };
  class ZeroPad2d extends PadNd { constructor(...a) { super('ZeroPad2d', 4, bind('ZeroPad2d.__init__', a, ['padding']).padding, 'constant', 0.0); } }
  class Softmax2d extends Module {
    forward(input) {
      const x = asTensor(input, 'Softmax2d', 'input');
      if (x.ndim !== 3 && x.ndim !== 4) throw new TensorError('Softmax2d requires a 3D or 4D tensor as input');
      return x.softmax(-3);
    }
  }
  class CosineSimilarity extends Module {
    constructor(...a) { super(); const o = bind('CosineSimilarity.__init__', a, ['dim', 'eps'], { dim: 1, eps: 1e-8 }); this.dim = o.dim; this.eps = o.eps; }
    forward(x1, x2) { return torchRef.cosine_similarity(x1, x2, this.dim, this.eps); }
  }
  class PairwiseDistance extends Module {
    constructor(...a) {
      super();
      const o = bind('PairwiseDistance.__init__', a, ['p', 'eps', 'keepdim'], { p: 2.0, eps: 1e-6, keepdim: false });
      this.norm = o.p;
      this.eps = o.eps;
      this.keepdim = !!o.keepdim;
    }
    forward(x1, x2) { return torchRef.pairwise_distance(x1, x2, this.norm, this.eps, this.keepdim); }
  }
  // ---- containers: ModuleDict, ParameterList, ParameterDict ---------------------------------
  // Entries are the container's own properties (as Sequential's '0', '1', ...), so
  // named_parameters / state_dict / printing see them as PyTorch's _modules / _parameters.
  // (JavaScript lists integer-like keys first, in numeric order, in a dict.)
  const keyError = (k) => new TensorError(`'${k}'`);
  const asParam = (v) => (v instanceof Tensor && !v._is_param ? new Parameter(v) : v);
  /** 1.13's update(): each element of a sequence is a (key, value) pair (cls names the dict). */
  const pairOf = (e, i, cls) => {
    if (e === null || typeof e !== 'object' && typeof e !== 'string' || typeof e[Symbol.iterator] !== 'function') {
      throw new TypeError(`${cls} update sequence element #${i} should be Iterable; is${describe(e)}`);
    }
    const pair = Array.from(e);
    if (pair.length !== 2) {
      throw Object.assign(new TensorError(`${cls} update sequence element #${i} has length ${pair.length}; 2 is required`), { pythonType: 'ValueError' });
    }
    return pair;
  };
  const pairsOf = (v, sortPlain, cls) => {
    if (v === null || v === undefined) return [];
    if (v instanceof Map) return [...v.entries()];
    if (Array.isArray(v)) return v.map((e, i) => pairOf(e, i, cls));
    if (typeof v?.items === 'function') return v.items();
    const plain = typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;  // a dict
    if (!plain) {  // 1.13's update: any other iterable is a sequence of pairs, anything else fails
      if (v === Object(v) && typeof v[Symbol.iterator] === 'function' || typeof v === 'string') return Array.from(v, (e, i) => pairOf(e, i, cls));
      throw new TypeError(`${cls === 'ParameterDict' ? 'ParametersDict' : cls}.update should be called with an iterable of key/value pairs, but got ${describe(v)}`);
    }
    const e = Object.entries(v);
    return sortPlain ? e.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) : e;
  };
  class DictBase extends Module {
    _entries() { return Object.entries(this).filter(([, v]) => this._holds(v)); }
    keys() { return this._entries().map(([k]) => k); }
    values() { return this._entries().map(([, v]) => v); }
    items() { return this._entries(); }
    get length() { return this._entries().length; }
    has(key) { return this.keys().includes(key); }
    get(key) {
      if (!this.has(key)) throw keyError(key);
      return this[key];
    }
    pop(key) {
      const v = this.get(key);
      delete this[key];
      return v;
    }
    clear() { for (const k of this.keys()) delete this[k]; }
    [Symbol.iterator]() { return this.keys()[Symbol.iterator](); }
  }
  class ModuleDict extends DictBase {
    constructor(modules = null) { super(); this.update(modules); }
    _holds(v) { return v instanceof Module; }
    set(key, module) { this.add_module(key, module); }
    update(modules) {
      for (const [k, m] of pairsOf(modules, false, 'ModuleDict')) this.set(k, m);
    }
  }
  class ParameterDict extends DictBase {
    constructor(parameters = null) { super(); this.update(parameters); }
    _holds(v) { return v instanceof Tensor; }
    get(key) {
      if (!this.has(key)) throw new TypeError(`'ParameterDict' object has no attribute '${key}'`);
      return this[key];
    }
    set(key, value) {
      if (typeof key !== 'string') {
        throw new TypeError(`Index given to ParameterDict cannot be used as a key as it is not a string (type is '${describe(key)}'). Open an issue on github if you need non-string keys.`);
      }
      this[key] = asParam(value);
    }
    /** A plain object's entries go in sorted order, as 1.13's update does for a dict. */
    update(parameters) {
      for (const [k, p] of pairsOf(parameters, true, 'ParameterDict')) this.set(k, p);
    }
    extra_repr() {
      return this._entries().map(([k, p]) => `  (${k}): ${p._is_param ? 'Parameter' : 'Tensor'} containing: [${p.type()} of size ${Array.from(p.shape).join('x')}]`).join('\n');
    }
  }
  class ParameterList extends Module {
    constructor(values = null) {
      super();
      if (values !== null && values !== undefined) this.extend(values);
    }
    _entries() { return Object.entries(this).filter(([k, v]) => /^\d+$/.test(k) && v instanceof Tensor); }
    get length() { return this._entries().length; }
    _index(idx) {
      const n = this.length;
      if (!Number.isInteger(idx)) throw new TypeError(`list indices must be integers or slices, not ${describe(idx)}`);
      if (idx < -n || idx >= n) throw new TensorError(`index ${idx} is out of range`);
      return String(idx < 0 ? idx + n : idx);
    }
    get(idx) { return this[this._index(idx)]; }
    set(idx, param) { this[this._index(idx)] = asParam(param); }
    append(value) { this[String(this.length)] = asParam(value); return this; }
    extend(values) {
      if (values === null || values === undefined || typeof values[Symbol.iterator] !== 'function') throw new TypeError(`'${describe(values)}' object is not iterable`);
      for (const v of values) this.append(v);
      return this;
    }
    [Symbol.iterator]() { return this._entries().map(([, v]) => v)[Symbol.iterator](); }
    extra_repr() {
      return this._entries().map(([k, p]) => `  (${k}): ${p._is_param ? 'Parameter' : 'Tensor'} containing: [${p.dtype} of size ${Array.from(p.shape).join('x')}]`).join('\n');
    }
  }

  const classes = named({
    ModuleDict, ParameterDict, ParameterList,
    ZeroPad2d, ConstantPad1d: constPad('ConstantPad1d', 2), ConstantPad2d: constPad('ConstantPad2d', 4), ConstantPad3d: constPad('ConstantPad3d', 6), Softmax2d,
    ReflectionPad1d: modePad('ReflectionPad1d', 2, 'reflect'), ReflectionPad2d: modePad('ReflectionPad2d', 4, 'reflect'),
    ReplicationPad1d: modePad('ReplicationPad1d', 2, 'replicate'), ReplicationPad2d: modePad('ReplicationPad2d', 4, 'replicate'),
    CosineSimilarity, PairwiseDistance,
    ELU: ELUm, SELU: SELUm, CELU: CELUm, Hardtanh, ReLU6, Hardsigmoid, Hardswish, Mish, LogSigmoid, Softsign, Softshrink,
    Hardshrink, Tanhshrink, Threshold, GLU, PReLU, Softmin, RReLU,
  });
  const functional = {
    elu, elu_: (input, ...a) => elu(input, ...a, { inplace: true }), selu, selu_: (input) => selu(input, true), celu,
    celu_: (input, ...a) => celu(input, ...a, { inplace: true }), hardtanh,
    hardtanh_: (input, ...a) => hardtanh(input, ...a, { inplace: true }), relu6, hardsigmoid, hardswish, mish, logsigmoid,
    softsign, softshrink, hardshrink, tanhshrink, threshold, threshold_: (input, t, v) => threshold(input, t, v, true), glu, prelu,
    softmin, rrelu, rrelu_: (input, ...a) => rrelu(input, ...a, { inplace: true }),
    one_hot, pad, normalize,
    cosine_similarity: (...a) => torchRef.cosine_similarity(...a), pairwise_distance: (...a) => torchRef.pairwise_distance(...a),
  };
  return { functional, classes };
}

/** torch.selu / celu / threshold / rrelu and their in-place forms, as 1.13 has them. */
export function install(torch) {
  torchRef = torch;
  // torch.* has no `inplace` parameter (F.* has): celu(Tensor input, Scalar alpha=1.0),
  // rrelu(Tensor input, Scalar lower, Scalar upper, bool training, Generator? generator);
  // js/core/arg_parser.js checks them against those signatures, these bind by those names only.
  const torchForm = (fname, names, defaults, fn) => (...a) => fn(bind(fname, a, names, defaults));
  torch.selu = torchForm('selu', ['input'], {}, (o) => selu(o.input, false));
  torch.selu_ = torchForm('selu_', ['input'], {}, (o) => selu(o.input, true));
  torch.celu = torchForm('celu', ['input', 'alpha'], { alpha: 1.0 }, (o) => celu(o.input, o.alpha, false));
  torch.celu_ = torchForm('celu_', ['input', 'alpha'], { alpha: 1.0 }, (o) => celu(o.input, o.alpha, true));
  torch.threshold = (input, t, v) => threshold(input, t, v);
  torch.threshold_ = (input, t, v) => threshold(input, t, v, true);
  const RR = ['input', 'lower', 'upper', 'training', 'generator'], RRD = { lower: 1 / 8, upper: 1 / 3, training: false };
  const rr = (inplace) => (o) => {
    if (o.generator !== undefined && o.generator !== null) throw new TensorError('rrelu(): a generator argument is not supported by tensorpad');
    return rrelu(o.input, o.lower, o.upper, o.training, inplace);
  };
  torch.rrelu = torchForm('rrelu', RR, RRD, rr(false));
  torch.rrelu_ = torchForm('rrelu_', RR, RRD, rr(true));
  torch.constant_pad_nd = (...a) => {
    const o = bind('constant_pad_nd', a, ['input', 'pad', 'value'], { value: 0 });
    return wrap(check(W.tp_nn_constant_pad(asTensor(o.input, 'constant_pad_nd', 'input')._ptr, o.pad.length, args(o.pad), numberOf(o.value) ?? o.value)));
  };
}
