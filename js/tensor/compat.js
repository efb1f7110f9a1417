// The remaining Tensor methods of PyTorch 1.13: the conjugate/transpose family of a real
// tensor (H, mH, adjoint, conj, ...), the named-tensor API for unnamed tensors, the layout
// and device predicates a CPU strided tensor answers, unsafe_split/unsafe_chunk, apply_/map_,
// and clear errors for what tensorpad does not have (complex dtypes, sparse, quantized,
// mkldnn, nested and device tensors). This file only binds arguments; install(torch, Tensor)
// runs once, from tensorpad.js.
import { W, check, checkStatus, args, memory, heapBuffer, TensorError } from '../core/wasm.js';
import { describe } from '../core/dtype.js';
import { bind, missingArg, splitOptions, checkInt } from '../core/args.js';
import { asTensor, wrap, Tuple } from './tensor.js';
import { listResult, intList } from './shape.js';

/** frexp's (mantissa, exponent): an array with .mantissa / .exponent, printed as PyTorch's. */
class FrexpResult extends Array {
  static get [Symbol.species]() { return Array; }
  get mantissa() { return this[0]; }
  get exponent() { return this[1]; }
  toString() { return `torch.return_types.frexp(\nmantissa=${this[0]},\nexponent=${this[1]})`; }
  [Symbol.for('nodejs.util.inspect.custom')]() { return this.toString(); }
}
let pairPtr = 0;

/** A float as Python's repr writes it (shortest round-trip digits; exponent below 1e-4 and from 1e16). */
function pyFloat(v) {
  if (Number.isNaN(v)) return 'nan';
  if (!Number.isFinite(v)) return v > 0 ? 'inf' : '-inf';
  if (v === 0) return Object.is(v, -0) ? '-0.0' : '0.0';
  const [m, e] = v.toExponential().split('e');
  const ex = Number(e);
  if (ex < -4 || ex >= 16) return `${m}e${ex < 0 ? '-' : '+'}${String(Math.abs(ex)).padStart(2, '0')}`;
  const s = String(v);
  return s.includes('.') ? s : `${s}.0`;
}

const STORAGE = {
  float32: ['FloatStorage', Float32Array], float64: ['DoubleStorage', Float64Array], int32: ['IntStorage', Int32Array],
  int64: ['LongStorage', BigInt64Array], bool: ['BoolStorage', Uint8Array],
};

/** What t.storage() returns: the tensor's whole storage, read live (it keeps the tensor alive). */
export class TypedStorage {
  constructor(t) { this._t = t; this.dtype = t.dtype; this.device = t.device; }
  _array() {
    const A = STORAGE[this.dtype.name][1];
    const n = W.tp_tensor_storage_nbytes(this._t._ptr) / A.BYTES_PER_ELEMENT;
    return new A(heapBuffer(), W.tp_tensor_storage_data(this._t._ptr), n);
  }
  size() { return this._array().length; }
  get length() { return this.size(); }
  tolist() {
    const name = this.dtype.name;
    return Array.from(this._array(), (v) => (name === 'bool' ? v !== 0 : typeof v === 'bigint' ? Number(v) : v));
  }
  data_ptr() { return W.tp_tensor_storage_data(this._t._ptr); }
  toString() {
    const name = this.dtype.name, a = this._array();
    const lines = Array.from(a, (v) => ` ${name === 'bool' ? (v ? 'True' : 'False') : name.startsWith('float') ? pyFloat(v) : String(v)}`);
    return `${lines.length ? lines.join('\n') : ' '}\n[torch.storage.TypedStorage(dtype=torch.${name}, device=cpu) of size ${a.length}]`;
  }
  [Symbol.for('nodejs.util.inspect.custom')]() { return this.toString(); }
}

const noArgs = (fname, a) => {
  if (a.length) throw new TypeError(`${fname}() takes no arguments (${a.length} given)`);
};

// what tensorpad lacks, by method: the message names it (docs/API.md, "Not available")
const MISSING = {
  'complex dtypes': ['cdouble', 'cfloat', 'chalf', 'stft', 'istft'],
  'sparse tensors': ['to_sparse', 'to_sparse_coo', 'to_sparse_csr', 'to_sparse_csc', 'to_sparse_bsr', 'to_sparse_bsc',
    'coalesce', 'indices', 'values', 'crow_indices', 'col_indices', 'ccol_indices', 'row_indices', 'sparse_dim',
    'dense_dim', 'sparse_mask', 'sparse_resize_', 'sparse_resize_and_clear_', 'resize_as_sparse_', 'smm', 'sspaddmm',
    'is_coalesced'],
  'quantized tensors': ['dequantize', 'int_repr', 'q_scale', 'q_zero_point', 'q_per_channel_scales',
    'q_per_channel_zero_points', 'q_per_channel_axis', 'qscheme'],
  'mkldnn tensors': ['to_mkldnn'],
  'nested tensors': ['to_padded_tensor'],
  'CUDA streams': ['record_stream'],
  'Tensor subclasses': ['as_subclass'],
  'as_strided scatters': ['as_strided_scatter'],
};

export function install(torch, Tensor) {
  const P = Tensor.prototype;

  // ---- conjugation and transposes of a real tensor ---------------------------------------
  // A real tensor is its own conjugate: conj, resolve_conj, resolve_neg, conj_physical and
  // `real` return the tensor itself, as PyTorch does; H/mH/adjoint are transposes (views).
  Object.defineProperty(P, 'H', {
    get() {
      if (this.ndim !== 2 && this.ndim !== 0) {
        throw new TensorError(`tensor.H is only supported on matrices (2-D tensors). Got ${this.ndim}-D tensor.` +
          (this.ndim > 2 ? ' For batches of matrices, consider using tensor.mH' : ''));
      }
      return this.ndim === 0 ? this : this.transpose(0, 1);
    },
    configurable: true,
  });
  Object.defineProperty(P, 'mH', {
    get() {
      if (this.ndim < 2) throw new TensorError(`tensor.mH is only supported on matrices or batches of matrices. Got ${this.ndim}-D tensor.`);
      return this.transpose(-2, -1);
    },
    configurable: true,
  });
  P.adjoint = function (...a) {
    noArgs('adjoint', a);
    if (this.ndim < 2) throw new TensorError(`tensor.adjoint() is only supported on matrices or batches of matrices. Got ${this.ndim}-D tensor.`);
    return this.transpose(-2, -1);
  };
  for (const name of ['conj', 'resolve_conj', 'resolve_neg', 'conj_physical']) {
    P[name] = function (...a) { noArgs(name, a); return this; };
    torch[name] = (x, ...a) => asTensor(x, name)[name](...a);
  }
  P.conj_physical_ = function (...a) { noArgs('conj_physical_', a); return this; };
  torch.conj_physical_ = (x) => asTensor(x, 'conj_physical_').conj_physical_();
  P.is_conj = function () { return false; };
  P.is_neg = function () { return false; };
  torch.is_conj = (x) => asTensor(x, 'is_conj').is_conj();
  torch.is_neg = (x) => asTensor(x, 'is_neg').is_neg();
  torch.adjoint = (x, ...a) => asTensor(x, 'adjoint').adjoint(...a);
  Object.defineProperty(P, 'real', { get() { return this; }, configurable: true });
  Object.defineProperty(P, 'imag', {
    get() { throw new TensorError('imag is not implemented for tensors with non-complex dtypes.'); },
    configurable: true,
  });
  torch.real = (x) => asTensor(x, 'real').real;
  torch.imag = (x) => asTensor(x, 'imag').imag;

  // ---- layout, device and memory predicates of a CPU strided tensor ----------------------
  for (const name of ['is_sparse', 'is_sparse_csr', 'is_quantized', 'is_meta', 'is_mkldnn', 'is_mps', 'is_nested',
    'is_ort', 'is_vulkan', 'is_xpu', 'is_ipu']) {
    Object.defineProperty(P, name, { get() { return false; }, configurable: true });
  }
  // Variable.volatile was removed; PyTorch answers False (with a warning)
  Object.defineProperty(P, 'volatile', { get() { return false; }, configurable: true });
  P.is_distributed = function () { return false; };
  P.is_pinned = function () { return false; };
  // all of the wasm heap is one memory: there is nothing to move into shared memory
  P.is_shared = function () { return false; };
  P.share_memory_ = function () { return this; };
  P.pin_memory = function () {
    throw new TensorError('pin_memory() needs CUDA: tensorpad runs on the CPU only');
  };
  P.is_set_to = function (...a) {
    const { tensor } = bind('is_set_to', a, ['tensor']);
    const t = asTensor(tensor, 'is_set_to', 'tensor');
    if (W.tp_tensor_storage(this._ptr) !== W.tp_tensor_storage(t._ptr)) return false;
    if (this.storage_offset() !== t.storage_offset() || this.ndim !== t.ndim) return false;
    const s1 = this.stride(), s2 = t.stride();
    for (let d = 0; d < this.ndim; d++) if (this.shape[d] !== t.shape[d] || s1[d] !== s2[d]) return false;
    return true;
  };
  P.to_dense = function () { return this; };
  P.cuda = function () { throw new TensorError('Torch not compiled with CUDA enabled'); };
  P.xpu = function () { throw new TensorError('PyTorch is not linked with support for xpu devices'); };
  P.ipu = function () { throw new TensorError('PyTorch is not linked with support for ipu devices'); };
  P.reinforce = function () { throw new TensorError('reinforce() was removed.'); };

  // ---- named tensors: tensorpad's tensors are unnamed ------------------------------------
  Object.defineProperty(P, 'names', { get() { return Tuple.from(Array(this.ndim).fill(null)); }, configurable: true });
  Object.defineProperty(P, 'name', { get() { return null; }, configurable: true });
  P.has_names = function () { return false; };
  const unnamed = (fname, self, a) => {
    const names = a.length === 1 && Array.isArray(a[0]) ? a[0] : a;
    if (names.length === 1 && names[0] === null) return true;
    if (names.length === self.ndim && names.every((n) => n === null)) return true;
    throw new TensorError(`${fname}(): tensorpad does not support named tensors (names other than None)`);
  };
  P.rename = function (...a) { unnamed('rename', this, a); return this.view_as(this); };
  P.rename_ = function (...a) { unnamed('rename_', this, a); return this; };
  P.refine_names = function (...a) { unnamed('refine_names', this, a); return this.view_as(this); };
  const alignErr = (self) => {
    const shown = `Tensor[${Array(self.ndim).fill('None').join(', ')}]`;
    if (self.ndim === 0) return new TensorError('align_to: tensorpad does not support named tensors');
    return new TensorError(`align_to: All input dims must be named. Found unnamed dim at index 0 of ${shown}`);
  };
  P.align_to = function () { throw alignErr(this); };
  P.align_as = function (other) { asTensor(other, 'align_as', 'other'); throw alignErr(this); };

  // ---- unsafe_split / unsafe_split_with_sizes / unsafe_chunk ------------------------------
  P.unsafe_split = function (...a) {
    const { split_size, dim } = bind('unsafe_split', a, ['split_size', 'dim'], { dim: 0 });
    const d = checkInt('unsafe_split', 'dim', dim);
    if (typeof split_size !== 'number' || !Number.isInteger(split_size)) {
      throw new TypeError(`unsafe_split(): argument 'split_size' (position 1) must be int, not ${describe(split_size)}`);
    }
    return listResult(W.tp_unsafe_split(this._ptr, checkInt('unsafe_split', 'split_size', split_size), d));
  };
  P.unsafe_split_with_sizes = function (...a) {
    const { split_sizes, dim } = bind('unsafe_split_with_sizes', a, ['split_sizes', 'dim'], { dim: 0 });
    const s = intList('unsafe_split_with_sizes', 'split_sizes', split_sizes);
    return listResult(W.tp_unsafe_split_with_sizes(this._ptr, s.length, args(s), checkInt('unsafe_split_with_sizes', 'dim', dim)));
  };
  P.unsafe_chunk = function (...a) {
    const { chunks, dim } = bind('unsafe_chunk', a, ['chunks', 'dim'], { dim: 0 });
    return listResult(W.tp_unsafe_chunk(this._ptr, checkInt('unsafe_chunk', 'chunks', chunks), checkInt('unsafe_chunk', 'dim', dim)));
  };
  for (const name of ['unsafe_split', 'unsafe_split_with_sizes', 'unsafe_chunk']) {
    torch[name] = (x, ...a) => asTensor(x, name)[name](...a);
  }

  // ---- legacy constructor: x.new(...) ----------------------------------------------------
  P.new = function (...a) {
    if (a.length === 0) return this.new_empty(0);
    if (a.length === 1 && a[0] instanceof Tensor) return a[0].view_as(a[0]);
    if (a.length === 1 && Array.isArray(a[0])) return this.new_tensor(a[0]);
    return this.new_empty(...a);
  };

  // ---- apply_ / map_ / map2_: a JS callable per element (CPU only in PyTorch too) --------
  const perElement = (fname, self, others, fn) => {
    if (self.requires_grad) throw new TensorError(`Can't call ${fname}() on Variable that requires grad. Use var.detach().${fname}() instead.`);
    if (typeof fn !== 'function') throw new TypeError(`${fname}(): argument 'callable' must be a function, not ${describe(fn)}`);
    const flat = (t) => t.contiguous().flatten().tolist();
    const a = flat(self), bs = others.map((o) => flat(o.expand_as(self)));
    const out = a.map((v, i) => fn(v, ...bs.map((b) => b[i])));
    self.copy_(torch.tensor(out, { dtype: self.dtype }).reshape(self.shape));
    return self;
  };
  P.apply_ = function (fn) { return perElement('apply_', this, [], fn); };
  P.map_ = function (tensor, fn) { return perElement('map_', this, [asTensor(tensor, 'map_', 'tensor')], fn); };
  P.map2_ = function (x, y, fn) {
    return perElement('map2_', this, [asTensor(x, 'map2_', 'x'), asTensor(y, 'map2_', 'y')], fn);
  };

  // ---- statistics and fill_diagonal_ (src/ops/tensor_methods.c) ----------------------------------------
  const cov = (self, a) => {
    const [pos, o] = splitOptions('cov', a, ['correction', 'fweights', 'aweights']);
    if (pos.length) throw new TypeError(`cov() takes 0 positional arguments but ${pos.length} were given`);
    if ((o.fweights ?? null) !== null || (o.aweights ?? null) !== null) {
      throw new TensorError('cov(): tensorpad does not support fweights or aweights');
    }
    return wrap(check(W.tp_cov(self._ptr, checkInt('cov', 'correction', o.correction ?? 1))));
  };
  P.cov = function (...a) { return cov(this, a); };
  torch.cov = (x, ...a) => cov(asTensor(x, 'cov'), a);
  P.corrcoef = function (...a) { noArgs('corrcoef', a); return wrap(check(W.tp_corrcoef(this._ptr))); };
  torch.corrcoef = (x) => asTensor(x, 'corrcoef').corrcoef();
  P.fill_diagonal_ = function (...a) {
    const { fill_value, wrap: wr } = bind('fill_diagonal_', a, ['fill_value', 'wrap'], { wrap: false });
    if (typeof fill_value !== 'number' && typeof fill_value !== 'boolean') {
      throw new TypeError(`fill_diagonal_(): argument 'fill_value' (position 1) must be Number, not ${describe(fill_value)}`);
    }
    checkStatus(W.tp_fill_diagonal_(this._ptr, Number(fill_value), wr ? 1 : 0));
    return this;
  };

  // ---- hardshrink, angle, prelu (src/ops/tensor_methods.c) ---------------------------------------------
  P.hardshrink = function (...a) {
    const { lambd } = bind('hardshrink', a, ['lambd'], { lambd: 0.5 });
    if (typeof lambd !== 'number') throw new TypeError(`hardshrink(): argument 'lambd' (position 1) must be Number, not ${describe(lambd)}`);
    return wrap(check(W.tp_hardshrink(this._ptr, lambd)));
  };
  torch.hardshrink = (x, ...a) => asTensor(x, 'hardshrink').hardshrink(...a);
  P.angle = function (...a) { noArgs('angle', a); return wrap(check(W.tp_angle(this._ptr))); };
  torch.angle = (x) => asTensor(x, 'angle').angle();
  P.prelu = function (...a) {
    const { weight } = bind('prelu', a, ['weight']);
    if (weight === undefined) throw missingArg('prelu', 'weight');
    return wrap(check(W.tp_prelu(this._ptr, asTensor(weight, 'prelu', 'weight')._ptr)));
  };
  torch.prelu = (x, ...a) => asTensor(x, 'prelu').prelu(...a);

  // mvlgamma(p) / mvlgamma_(p) (src/ops/tensor_methods.c)
  const mvP = (fname, a) => {
    const { p } = bind(fname, a, ['p']);
    if (p === undefined) throw missingArg(fname, 'p');
    return checkInt(fname, 'p', p);
  };
  P.mvlgamma = function (...a) { return wrap(check(W.tp_mvlgamma(this._ptr, mvP('mvlgamma', a)))); };
  P.mvlgamma_ = function (...a) { checkStatus(W.tp_mvlgamma_(this._ptr, mvP('mvlgamma_', a))); return this; };
  torch.mvlgamma = (x, ...a) => asTensor(x, 'mvlgamma').mvlgamma(...a);

  P.frexp = function (...a) {
    noArgs('frexp', a);
    if (!pairPtr) pairPtr = check(W.tp_malloc(8));
    checkStatus(W.tp_frexp(this._ptr, pairPtr));
    const p = new Uint32Array(memory.buffer, pairPtr, 2);
    const r = new FrexpResult();
    r.push(wrap(p[0]), wrap(p[1]));
    return r;
  };
  torch.frexp = (x) => asTensor(x, 'frexp').frexp();

  // ---- storage() / storage_type() --------------------------------------------------------
  P.storage = function (...a) { noArgs('storage', a); return new TypedStorage(this); };
  P.storage_type = function (...a) {
    noArgs('storage_type', a);
    const name = STORAGE[this.dtype.name][0];
    return { __name__: name, toString: () => `<class 'torch.${name}'>` };
  };

  // ---- what tensorpad does not have ------------------------------------------------------
  for (const [what, names] of Object.entries(MISSING)) {
    for (const name of names) {
      P[name] = function () { throw new TensorError(`${name}() is not available: tensorpad has no ${what}`); };
      P[name].unavailable = true;  // js/core/arg_parser.js leaves it unchecked: its own error says more
    }
  }
}
