// The Tensor class: a JS handle on a tp_tensor in the wasm heap. It holds no data and
// does no maths; every method is a call into the core followed by the one error check.
//
// Lifetime: a FinalizationRegistry releases the handle when the JS object is collected;
// dispose() releases it at once; torch.scope(fn) disposes what fn created. Finalizers never
// run inside a synchronous loop, which is why scope/dispose exist.
import { W, memory, check, checkStatus, args, cstr, lastError, heapBuffer, TensorError, withCString, notePressure } from '../core/wasm.js';
import { dtypes, byName, toDtype, describe, dtype, cpuDevice, checkDevice, Device } from '../core/dtype.js';
import { bind, splitOptions, checkInt, sizesOf, sizesArg, noArgs, kwOnly, registerTensorClass, invalidCombination, warn, warnOnce, aten } from '../core/args.js';
import { bindGen, generatorOf } from '../core/generator.js';

const inspect = Symbol.for('nodejs.util.inspect.custom');
const UNIFORM_NAMES = ['from', 'to', 'generator'], UNIFORM_DEFAULTS = Object.freeze({ from: 0, to: 1 });
const NORMAL_NAMES = ['mean', 'std', 'generator'], NORMAL_DEFAULTS = Object.freeze({ mean: 0, std: 1 });
const RANDOM_NAMES = ['from', 'to', 'generator'];
const RANDOM_SIGS = ['int from, int to, *, torch.Generator generator', 'int to, *, torch.Generator generator', '*, torch.Generator generator'];

// ---- lifetime -----------------------------------------------------------------------------
const tensorRegistry = new FinalizationRegistry((ptr) => {
  const ref = borrowed.get(ptr);
  if (ref && !ref.deref()) borrowed.delete(ptr);
  W.tp_tensor_release(ptr);
});
// A TypedArray handed out by numpy() keeps its storage alive until it is collected.
const arrayRegistry = new FinalizationRegistry((storage) => W.tp_storage_release_ptr(storage));
const scopeStack = [];

const NON_LEAF_GRAD = 'The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad attribute ' +
  "won't be populated during autograd.backward(). If you indeed want the .grad field to be populated for a non-leaf Tensor, " +
  'use .retain_grad() on the non-leaf Tensor. If you access the non-leaf Tensor by mistake, make sure you access the leaf ' +
  'Tensor instead. See github.com/pytorch/pytorch/pull/30531 for more informations. ' +
  '(Triggered internally at  ./build/aten/src/ATen/core/TensorBody.h:480.)';
const T_DEPRECATED = 'The use of `x.T` on tensors of dimension other than 2 to reverse their shape is deprecated and it ' +
  'will throw an error in a future release. Consider `x.mT` to transpose batches of matrices or ' +
  '`x.permute(*torch.arange(x.ndim - 1, -1, -1))` to reverse the dimensions of a tensor.';
/** t.grad without the non-leaf warning, for the library's own reads (graph export, deepcopy). */
export function gradOf(t) {
  const g = W.tp_tensor_grad(t._ptr);
  return g ? wrapBorrowed(g) : null;
}
/** PyTorch's advice when torch.tensor / new_tensor is handed a tensor. */
export const copyConstructWarning = (how) => warn('To copy construct from a tensor, it is recommended to use ' +
  'sourceTensor.clone().detach() or sourceTensor.clone().detach().requires_grad_(True), rather than ' + how + '(sourceTensor).');

/** torch.Size: an Array of ints that prints as PyTorch does. */
export class Size extends Array {
  static get [Symbol.species]() { return Array; }
  /** `new torch.Size(iterable)` as Python's torch.Size(): ints (bools, integral 0-d tensors) in
   * int64's range; no argument is torch.Size([]). */
  constructor(items) {
    super();
    if (items === undefined) return;
    if (items === null || typeof items !== 'string' && typeof items?.[Symbol.iterator] !== 'function')
      throw new TypeError(`'${describe(items)}' object is not iterable`);
    let i = 0;
    for (const v of items) {
      let d = v;
      if (typeof v === 'boolean') d = +v;
      else if (typeof v === 'bigint') d = Number(v);
      else if (v instanceof Tensor && v.dim() === 0 && !v.is_floating_point() && !v.is_complex()) d = Number(v.item());
      else if (typeof v !== 'number' || !Number.isInteger(v)) {
        throw new TypeError(`torch.Size() takes an iterable of 'int' (item ${i} is '${v instanceof Tensor ? 'Tensor' : describe(v)}')`);
      }
      if (!(d >= -9223372036854775808 && d < 9223372036854775808)) throw new TensorError('Overflow when unpacking long');
      this.push(d);
      i++;
    }
  }
  static of(...dims) {
    const s = new Size();
    for (const d of dims) s.push(d);
    return s;
  }
  numel() { return this.reduce((a, b) => a * b, 1); }
  toString() { return `torch.Size([${this.map(intText).join(', ')}])`; }
  [inspect]() { return this.toString(); }
}

/** A Python tuple of ints (what stride() returns): an Array that prints as "(4, 1)". */
/** An int as Python prints it: exactly, also past 2^53 (String(2 ** 62) is '4611686018427388000'). */
const intText = (x) => (typeof x === 'number' && Number.isInteger(x) && Math.abs(x) >= 2 ** 53 ? BigInt(x).toString() : String(x));

export class Tuple extends Array {
  static get [Symbol.species]() { return Array; }
  static from(items) {
    const t = new Tuple();
    for (const x of items) t.push(x);
    return t;
  }
  toString() {
    const item = (x) => (x === null || x === undefined ? 'None' : typeof x === 'boolean' ? (x ? 'True' : 'False') : intText(x));
    return `(${this.map(item).join(', ')}${this.length === 1 ? ',' : ''})`;
  }
  [inspect]() { return this.toString(); }
}

export const device = cpuDevice;   // every tensor's t.device

// Note [No public constructor takes a raw value]: a handle is made only through wrap() and
// wrapBorrowed() below, which hand the constructor a module-private token with the core
// pointer; `new torch.Tensor(...)` is PyTorch's legacy constructor (js/tensor/legacy.js), never an
// alias of a heap address.
const WRAP = Symbol('Tensor.wrap');
// The handle's bookkeeping (registration with the garbage collector or a scope) is reached by
// symbol keys only: a second registration would release the core tensor twice, so no name a
// user can call (or a fuzzer can find among the methods) may do it.
const MANAGE = Symbol('Tensor.manage');
/** Hands a handle over from its scope to the garbage collector (tensors and autograd Nodes). */
export const ESCAPE = Symbol('tensorpad.escape');

// Note [Console preview]: with DevTools' default settings a browser console shows a logged
// object's own fields in the order they were made (no getter runs then; private and
// symbol-keyed fields show too). Logging a tensor in a page gives it three display fields,
// put before the handle's (js/tensor/devtools.js); the constructor makes none, so an op's
// result pays nothing for them.
export class Tensor {
  constructor(token, ptr) {
    if (token !== WRAP) throw new TypeError('torch.Tensor handles are made by tensorpad only; use torch.Tensor(...) or torch.tensor(data)');
    this._p = ptr;
    this[MANAGE]();
  }

  // Note [Scoped handles]: a tensor made inside torch.scope is released by the scope,
  // so it skips the FinalizationRegistry (the costliest part of making a handle); it is
  // registered only if it escapes the scope (returned or kept).
  [MANAGE]() {
    const scope = scopeStack[scopeStack.length - 1];
    if (scope) {
      this._reg = false;
      scope.push(this);
    } else {
      this._reg = true;
      tensorRegistry.register(this, this._p, this);
    }
    notePressure();
  }

  /** The core handle; throws once the tensor was released. */
  get _ptr() {
    if (!this._p) throw new TensorError('this tensor was released (dispose() or torch.scope) and cannot be used any more');
    return this._p;
  }

  /** Releases the tensor's memory now; using it afterwards throws. Returns nothing. */
  dispose() {
    if (!this._p) return;
    if (this._reg) tensorRegistry.unregister(this);
    if (borrowed.get(this._p)?.deref() === this && this._serial === undefined) borrowed.delete(this._p);
    W.tp_tensor_release(this._p);
    this._p = 0;
  }

  get is_disposed() { return !this._p; }

  /** Leaving scope management: from now on the garbage collector releases it. */
  [ESCAPE]() {
    if (this._reg) return;
    this._reg = true;
    tensorRegistry.register(this, this._p, this);
  }

  // ---- attributes ---------------------------------------------------------------------
  get dtype() { return dtypes[W.tp_tensor_dtype(this._ptr)]; }
  get device() { return device; }
  get is_cuda() { return false; }
  get layout() { return 'torch.strided'; }
  get ndim() { return W.tp_tensor_ndim(this._ptr); }
  dim(...a) { if (a.length) noArgs('dim', a); return this.ndim; }
  ndimension() { return this.ndim; }
  get shape() {
    const p = this._ptr, n = W.tp_tensor_ndim(p), s = new Size();
    for (let d = 0; d < n; d++) s.push(W.tp_tensor_size(p, d));
    return s;
  }
  size(...a) {
    const { dim } = bind('size', a, ['dim']);
    if (dim === undefined || dim === null) return this.shape;
    return this.shape[wrapDim(checkInt('size', 'dim', dim), this.ndim)];
  }
  stride(...a) {
    const { dim } = bind('stride', a, ['dim']);
    const p = this._ptr, n = W.tp_tensor_ndim(p), s = new Tuple();
    for (let d = 0; d < n; d++) s.push(W.tp_tensor_stride(p, d));
    if (dim === undefined || dim === null) return s;
    return s[wrapDim(checkInt('stride', 'dim', dim), n)];
  }
  storage_offset() { return W.tp_tensor_offset(this._ptr); }
  numel(...a) { if (a.length) noArgs('numel', a); return W.tp_tensor_numel(this._ptr); }
  nelement() { return this.numel(); }
  element_size() { return this.dtype.itemsize; }
  is_contiguous() { return !!W.tp_tensor_is_contiguous(this._ptr); }
  is_floating_point() { return this.dtype.is_floating_point; }
  get is_leaf() { checkStatus(W.tp_tensor_refresh_grad_fn(this._ptr)); return !!W.tp_tensor_is_leaf(this._ptr); }
  /** The node that created this tensor (null for leaves); see js/autograd/autograd.js. A view whose
   * base was written in place since gets a fresh AsStridedBackward0 here, as in PyTorch. */
  get grad_fn() { checkStatus(W.tp_tensor_refresh_grad_fn(this._ptr)); return nodeOf(W.tp_tensor_grad_fn(this._ptr)); }
  /** The accumulated gradient: the same object across accumulations, as in PyTorch. */
  get grad() {
    const g = W.tp_tensor_grad(this._ptr);
    if (g) return wrapBorrowed(g);
    if (!W.tp_tensor_is_leaf(this._ptr) && !W.tp_tensor_retains_grad(this._ptr)) warn(NON_LEAF_GRAD);
    return null;
  }
  set grad(g) {
    if (g !== null && g !== undefined && !(g instanceof Tensor)) {
      // PyTorch 1.13's message has no space before the type name (python_variable.cpp)
      throw new TypeError(`assigned grad expected to be a Tensor or None but got grad of type${describe(g)}`);
    }
    checkStatus(W.tp_tensor_set_grad(this._ptr, g ? g._ptr : 0));
    // the core now holds g itself: x.grad hands back this very object, as in Python
    if (g && borrowed.get(g._p)?.deref() !== g) {
      borrowed.set(g._p, new WeakRef(g));
      if (g._serial === undefined) g._serial = W.tp_tensor_serial(g._p);
    }
  }
  get retains_grad() { return !!W.tp_tensor_retains_grad(this._ptr); }
  get output_nr() { return W.tp_tensor_output_nr(this._ptr); }
  get requires_grad() { return !!W.tp_tensor_requires_grad(this._ptr); }
  set requires_grad(b) {
    checkStatus(W.tp_tensor_requires_grad_(this._ptr, b ? 1 : 0));
    // A leaf that requires grad is what AccumulateGrad.variable hands back: remember this
    // handle so that `y.grad_fn.next_functions[0][0].variable === x`, as in Python.
    if (b && !borrowed.get(this._p)?.deref()) borrowed.set(this._p, new WeakRef(this));
  }
  requires_grad_(...a) {
    const { requires_grad } = bind('requires_grad_', a, ['requires_grad'], { requires_grad: true });
    this.requires_grad = requires_grad;
    return this;
  }
  // t.data has a version counter of its own (writes through it do not bump t's, as in
  // PyTorch); detach() shares t's. `x.data = y` keeps x's counter.
  get data() { return wrap(check(W.tp_variable_data(this._ptr))); }
  set data(t) {
    if (!(t instanceof Tensor)) throw new TypeError(`data must be a Tensor, not ${describe(t)}`);
    const rg = this.requires_grad;
    const p = check(W.tp_alias_keep_version(t._ptr, this._ptr));
    if (this._reg) tensorRegistry.unregister(this);
    W.tp_tensor_release(this._p);
    this._p = p;
    if (this._reg) tensorRegistry.register(this, p, this);
    if (rg) this.requires_grad = true;
  }
  get _version() { return W.tp_tensor_version(this._ptr); }

  item(...a) {
    if (a.length) noArgs('item', a);
    const v = W.tp_item(this._ptr);
    if (Number.isNaN(v) && lastError()) throw new TensorError(lastError());
    return this.dtype.name === 'bool' ? v !== 0 : v;
  }

  tolist(...a) {
    if (a.length) noArgs('tolist', a);
    const c = this.contiguous();
    try {
      const flat = Array.from(viewOf(c), c.dtype.name === 'bool' ? (x) => x !== 0 : c.dtype.name === 'int64' ? Number : (x) => x);
      const shape = c.shape;
      if (shape.length === 0) return flat[0];
      // the lists themselves: torch.empty(2**40, 0).tolist() is 2**40 empty lists (Python's
      // MemoryError), not a JS RangeError
      let lists = 0, lead = 1;
      for (let d = 0; d < shape.length - 1; d++) lists += (lead *= shape[d]);
      if (lists + lead * shape[shape.length - 1] > 2 ** 30) throw Object.assign(new TensorError(''), { pythonType: 'MemoryError' });
      let pos = 0;
      const build = (d) => {
        const out = new Array(shape[d]);
        for (let i = 0; i < shape[d]; i++) out[i] = d === shape.length - 1 ? flat[pos++] : build(d + 1);
        return out;
      };
      return build(0);
    } finally {
      if (c !== this) c.dispose();
    }
  }

  // ---- zero-copy interop --------------------------------------------------------------
  /** A TypedArray view of the storage (contiguous tensors only); writes are shared. */
  numpy(...a) {
    if (a.length) kwOnly('numpy', a);
    if (this.requires_grad) throw new TensorError("Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.");
    if (!this.is_contiguous()) {
      throw new TensorError('numpy() needs a contiguous tensor: a TypedArray cannot carry strides. Call .contiguous() first (it copies).');
    }
    const arr = viewOf(this);
    const storage = W.tp_tensor_storage(this._ptr);
    W.tp_storage_retain_ptr(storage);
    arrayRegistry.register(arr, storage);
    return arr;
  }

  // ---- printing -----------------------------------------------------------------------
  toString() {
    const gf = this.grad_fn;
    const name = gf ? gf.name().split('::').pop() : '';
    const text = withCString(name, (s) => cstr(check(W.tp_repr(this._ptr, s))));
    return this._is_param ? `Parameter containing:\n${text}` : text;
  }
  [inspect]() { return this.toString(); }
  get [Symbol.toStringTag]() { return 'Tensor'; }

  // ---- copies and conversions ---------------------------------------------------------
  clone(...a) {
    splitOptions('clone', a, ['memory_format']);
    return wrap(check(W.tp_clone(this._ptr)));
  }
  contiguous(...a) {
    splitOptions('contiguous', a, ['memory_format']);
    const p = check(W.tp_contiguous(this._ptr));
    if (p === this._p) { W.tp_tensor_release(p); return this; }
    return wrap(p);
  }
  detach(...a) { if (a.length) noArgs('detach', a); return wrap(check(W.tp_alias(this._ptr))); }
  detach_(...a) { if (a.length) noArgs('detach_', a); checkStatus(W.tp_tensor_detach_(this._ptr)); return this; }
  to(...a) {
    const [pos, opts] = splitOptions('to', a, ['dtype', 'device', 'copy', 'non_blocking', 'memory_format']);
    let dt = opts.dtype;
    for (const v of pos) {
      if (v instanceof Tensor) dt = v.dtype;
      else if (typeof v === 'string' || v instanceof Device) checkDevice(v);   // t.to('cpu'), t.to(t.device)
      else dt = toDtype(v, 'to');
    }
    checkDevice(opts.device);
    const target = dt === undefined ? this.dtype : toDtype(dt, 'to');
    const p = check(W.tp_to_dtype(this._ptr, target.code, opts.copy ? 1 : 0));
    if (p === this._p) { W.tp_tensor_release(p); return this; }
    return wrap(p);
  }
  type(d) {
    if (d === undefined) return `torch.${{ float32: 'Float', float64: 'Double', int32: 'Int', int64: 'Long', bool: 'Bool' }[this.dtype.name]}Tensor`;
    return this.to(d);
  }
  float(...a) { if (a.length) kwOnly('float', a, ['memory_format']); return this.to(byName.float32); }
  double(...a) { if (a.length) kwOnly('double', a, ['memory_format']); return this.to(byName.float64); }
  int(...a) { if (a.length) kwOnly('int', a, ['memory_format']); return this.to(byName.int32); }
  long(...a) { if (a.length) kwOnly('long', a, ['memory_format']); return this.to(byName.int64); }
  bool(...a) { if (a.length) kwOnly('bool', a, ['memory_format']); return this.to(byName.bool); }
  cpu() { return this; }

  // ---- views --------------------------------------------------------------------------
  view(...a) {
    if (a.length === 1 && (a[0] instanceof dtype || typeof a[0] === 'string')) {
      throw new TensorError('view(dtype) is not supported by tensorpad; use .to(dtype) (it copies)');
    }
    const s = sizesArg('view', a);
    return wrap(check(W.tp_view(this._ptr, s.length, args(s))));
  }
  reshape(...a) {
    const s = sizesArg('reshape', a, 'shape');
    return wrap(check(W.tp_reshape(this._ptr, s.length, args(s))));
  }
  view_as(other) { return this.view(asTensor(other, 'view_as', 'other').shape); }
  reshape_as(other) { return this.reshape(asTensor(other, 'reshape_as', 'other').shape); }
  get T() {
    const n = this.ndim;
    if (n !== 2 && n !== 0) warnOnce(aten(T_DEPRECATED, 'native/TensorShape.cpp:3277'));
    const dims = [];
    for (let d = n - 1; d >= 0; d--) dims.push(d);
    return this.permute(dims);
  }
  get mT() {
    if (this.ndim === 1) throw new TensorError('tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor.');
    return this.ndim ? this.transpose(-2, -1) : this;  // a 0-d tensor's mT is itself, as 1.13's
  }
  t(...a) { if (a.length) noArgs('t', a); return wrap(check(W.tp_t(this._ptr))); }
  transpose(...a) {
    const { dim0, dim1 } = bind('transpose', a, ['dim0', 'dim1']);
    return wrap(check(W.tp_transpose(this._ptr, checkInt('transpose', 'dim0', dim0), checkInt('transpose', 'dim1', dim1))));
  }
  permute(...a) {
    const dims = sizesArg('permute', a, 'dims', 'ints');
    return wrap(check(W.tp_permute(this._ptr, dims.length, args(dims))));
  }
  squeeze(...a) {
    const { dim } = bind('squeeze', a, ['dim']);
    if (dim === undefined || dim === null) return wrap(check(W.tp_squeeze(this._ptr)));
    return wrap(check(W.tp_squeeze_dim(this._ptr, checkInt('squeeze', 'dim', dim))));
  }
  unsqueeze(...a) {
    const { dim } = bind('unsqueeze', a, ['dim']);
    return wrap(check(W.tp_unsqueeze(this._ptr, checkInt('unsqueeze', 'dim', dim))));
  }
  expand(...a) {
    const s = sizesArg('expand', a);
    return wrap(check(W.tp_expand(this._ptr, s.length, args(s))));
  }
  expand_as(other) { return this.expand(asTensor(other, 'expand_as', 'other').shape); }
  narrow(...a) {
    const { dim, start, length } = bind('narrow', a, ['dim', 'start', 'length']);
    return wrap(check(W.tp_narrow(this._ptr, checkInt('narrow', 'dim', dim), checkInt('narrow', 'start', start), checkInt('narrow', 'length', length))));
  }
  select(...a) {
    const { dim, index } = bind('select', a, ['dim', 'index']);
    return wrap(check(W.tp_select(this._ptr, checkInt('select', 'dim', dim), checkInt('select', 'index', index))));
  }
  flatten(...a) {
    const { start_dim, end_dim } = bind('flatten', a, ['start_dim', 'end_dim'], { start_dim: 0, end_dim: -1 });
    const n = this.ndim;
    // PyTorch returns self itself when nothing is flattened (one dim, or start == end)
    if (n > 0 && wrapDim(checkInt('flatten', 'start_dim', start_dim), n) === wrapDim(checkInt('flatten', 'end_dim', end_dim), n)) return this;
    return wrap(check(W.tp_flatten(this._ptr, checkInt('flatten', 'start_dim', start_dim), checkInt('flatten', 'end_dim', end_dim))));
  }
  ravel() { return this.contiguous().view(-1); }  // PyTorch: contiguous().view(-1) (ViewBackward0)
  as_strided(...a) {
    const { size, stride, storage_offset } = bind('as_strided', a, ['size', 'stride', 'storage_offset']);
    const s = sizesOf('as_strided', [size]), st = sizesOf('as_strided', [stride]);
    if (s.length !== st.length) throw new TensorError(`mismatch in length of strides and shape`);
    const off = storage_offset ?? this.storage_offset();
    return wrap(check(W.tp_as_strided(this._ptr, s.length, args([...s, ...st]), checkInt('as_strided', 'storage_offset', off))));
  }

  /** Python's t[keys]: ints, slice strings ('1:3', '::2', ':'), null (new axis), '...',
   *  and integer/bool tensors or nested arrays (advanced indexing: a copy; the rest: views). */
  index(...keys) { return indexing.getitem(this, keys); }

  /** Python's t[keys] = value (accumulate: +=, as index_put_(indices, values, True)). Returns this. */
  index_put_(...a) {
    const { indices, values, accumulate } = bind('index_put_', a, ['indices', 'values', 'accumulate'], { accumulate: false });
    return indexing.setitem(this, Array.isArray(indices) ? indices : [indices], values, !!accumulate);
  }

  // ---- in-place writes ----------------------------------------------------------------
  fill_(...a) {
    const { value } = bind('fill_', a, ['value']);
    if (value instanceof Tensor) checkStatus(W.tp_fill_tensor_(this._ptr, value._ptr));  // FillBackward3
    else checkStatus(W.tp_fill_(this._ptr, scalarValue('fill_', value)));
    return this;
  }
  zero_(...a) {
    if (a.length) noArgs('zero_', a);
    checkStatus(W.tp_zero_(this._ptr));
    return this;
  }
  copy_(...a) {
    // Python's binding names the source `other` (python_variable_methods.cpp), not `src`
    const { other: src } = bind('copy_', a, ['other', 'non_blocking']);
    if (typeof src === 'number' || typeof src === 'boolean' || typeof src === 'bigint') {
      // a Python number is wrapped as a 0-d tensor (bool, int64 or float64), then copied (cast)
      const code = typeof src === 'boolean' ? byName.bool.code : typeof src === 'bigint' || Number.isInteger(src) ? byName.int64.code : byName.float64.code;
      const w = wrap(check(W.tp_full(0, 0, code, scalarValue('copy_', src))));
      try {
        checkStatus(W.tp_copy_(this._ptr, w._ptr));
      } finally {
        w.dispose();
      }
      return this;
    }
    if (!(src instanceof Tensor)) throw new TypeError(`copy_(): argument 'other' (position 1) must be Tensor, not ${describe(src)}`);
    checkStatus(W.tp_copy_(this._ptr, src._ptr));
    return this;
  }
  uniform_(...a) {
    const { from, to, generator } = bindGen('uniform_', a, UNIFORM_NAMES, UNIFORM_DEFAULTS);
    const g = generatorOf('uniform_', generator);
    checkStatus(W.tp_uniform_(this._ptr, scalarValue('uniform_', from), scalarValue('uniform_', to), g));
    return this;
  }
  normal_(...a) {
    const { mean, std, generator } = bindGen('normal_', a, NORMAL_NAMES, NORMAL_DEFAULTS);
    const g = generatorOf('normal_', generator);
    checkStatus(W.tp_normal_(this._ptr, scalarValue('normal_', mean), scalarValue('normal_', std), g));
    return this;
  }
  random_(...a) {
    const { from, to, generator } = bindGen('random_', a, RANDOM_NAMES, undefined, 2);
    if (from === undefined && (to === undefined || to === null)) {  // random_(): the dtype's whole range (src/ops/random/random.c)
      checkStatus(W.tp_random_full_(this._ptr, generatorOf('random_', generator, () => invalidCombination('random_', a, RANDOM_SIGS))));
    } else if (from === undefined || to === undefined || to === null) {  // random_(to)
      const g = generatorOf('random_', generator);
      checkStatus(W.tp_random_to_(this._ptr, checkInt('random_', 'to', from === undefined ? to : from), g));
    } else {
      const g = generatorOf('random_', generator);
      checkStatus(W.tp_random_(this._ptr, checkInt('random_', 'from', from), checkInt('random_', 'to', to), g));
    }
    return this;
  }
}
registerTensorClass(Tensor);

/** Advanced indexing lives in shape.js, which fills these in at install time. */
export const indexing = {
  getitem() { throw new TensorError('indexing is not installed'); },
  setitem() { throw new TensorError('indexing is not installed'); },
};

/** Python's Ellipsis, for t.index(torch.Ellipsis, 0). '...' works too. */
export const Ellipsis = Object.freeze(new (class ellipsis { toString() { return 'Ellipsis'; } })());  // describe(): 'ellipsis'

/** A slice object, as Python's slice(start, stop, step); null/undefined mean None. */
export class Slice {
  constructor(start = null, stop = null, step = null) {
    if (stop === null && step === null && arguments.length === 1) { stop = start; start = null; }
    Object.assign(this, { start, stop, step });
  }
}
Object.defineProperty(Slice, 'pyName', { value: 'slice' });  // describe(): Python's type name

// ---- helpers shared with the torch namespace -------------------------------------------
export function wrap(ptr) { return new Tensor(WRAP, ptr); }

// Tensors the core holds (a leaf's .grad, saved tensors, AccumulateGrad's variable) get one
// JS object per core tensor while that object lives, so that `x.grad === x.grad`.
const borrowed = new Map();
/** A handle for a tensor the core owns: retains it and reuses a live wrapper. */
export function wrapBorrowed(ptr) {
  const live = borrowed.get(ptr)?.deref();
  if (live && live._p === ptr) return live;
  W.tp_tensor_retain(ptr);
  if (live && live._p === 0 && live._serial === W.tp_tensor_serial(ptr)) {
    // the same core tensor, whose handle a scope released: take the handle up again, so
    // that x.grad stays one object across scopes (and a training step allocates less)
    live._p = ptr;
    live[MANAGE]();
    return live;
  }
  const t = new Tensor(WRAP, ptr);
  t._serial = W.tp_tensor_serial(ptr);
  borrowed.set(ptr, new WeakRef(t));
  return t;
}

// grad_fn nodes are made by js/autograd/autograd.js; it installs the factory here.
let nodeFactory = () => null;
export function setNodeFactory(fn) { nodeFactory = fn; }
function nodeOf(ptr) { return ptr ? nodeFactory(ptr) : null; }

/** Checks that an argument is a Tensor; a JS array is refused as Python refuses a list. */
export function asTensor(t, fname, name = 'input', position = 1) {
  if (t instanceof Tensor) return t;
  throw new TypeError(`${fname}(): argument '${name}' (position ${position}) must be Tensor, not ${describe(t)}`);
}

export function scalarValue(fname, v) {
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v !== 'number' && typeof v !== 'bigint') throw new TypeError(`${fname}(): expected a number but got ${describe(v)}`);
  // a BigInt beyond int64 is a Python int that does not unpack, whatever the dtype (a huge Number
  // stays a float here: full(1e19) is 1.13's checked_convert error, as torch.full((2,), 1e19))
  if (typeof v === 'bigint' && !(v >= -(2n ** 63n) && v < 2n ** 63n)) throw new TensorError('Overflow when unpacking long');
  return Number(v);
}

export function wrapDim(d, n) {
  const m = Math.max(n, 1);
  if (d < -m || d >= m) throw new TensorError(`Dimension out of range (expected to be in range of [${-m}, ${m - 1}], but got ${d})`);
  return d < 0 ? d + m : d;
}

/** A TypedArray over a contiguous tensor's elements in the heap. */
export function viewOf(t) {
  return new t.dtype.ArrayType(heapBuffer(), W.tp_tensor_data(t._ptr), t.numel());
}

// ---- scopes ------------------------------------------------------------------------------
// Note [What a scope keeps]: everything reachable from fn's result — through arrays, plain
// objects, Maps (keys and values), Sets, and the own enumerable properties of any other
// object (class instances, nn.Modules), however deep, cycles included. A function's captured
// variables cannot be seen: if a function is reachable, the scope keeps every tensor it made
// (the garbage collector releases them) and says so once. Never walked: getters, symbol keys,
// WeakMaps/WeakRefs and typed arrays (a numpy() array holds its storage by itself).
let warnedClosure = false;
function collect(root, out) {
  const seen = new Set();
  const stack = [root];
  let sawFunction = false;
  while (stack.length) {
    const v = stack.pop();
    if (v === null || (typeof v !== 'object' && typeof v !== 'function') || seen.has(v)) continue;
    seen.add(v);
    if (typeof v === 'function') { sawFunction = true; continue; }
    if (v instanceof Tensor || typeof v[ESCAPE] === 'function') { out.add(v); continue; }
    if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer || v instanceof WeakMap || v instanceof WeakSet || v instanceof Promise) continue;
    if (Array.isArray(v)) { for (let i = 0; i < v.length; i++) stack.push(v[i]); continue; }
    if (v instanceof Map) { for (const [k, x] of v) stack.push(k, x); continue; }
    if (v instanceof Set) { for (const x of v) stack.push(x); continue; }
    for (const k of Object.keys(v)) {
      const d = Object.getOwnPropertyDescriptor(v, k);
      if (d && 'value' in d) stack.push(d.value);
    }
  }
  return sawFunction;
}

/** Runs fn and disposes every tensor created inside it except those it returns or keep()s. */
export function scope(fn) {
  if (typeof fn !== 'function') throw new TypeError(`torch.scope(fn): fn must be a function, not ${describe(fn)}`);
  const created = [];
  scopeStack.push(created);
  let result, ok = false;
  try {
    result = fn();
    if (result && typeof result.then === 'function') {
      throw new TypeError('torch.scope(fn): fn must be synchronous (it returned a Promise); dispose tensors yourself across awaits');
    }
    ok = true;
  } finally {
    scopeStack.pop();
    const keepSet = new Set();
    const keepAll = ok && collect(result, keepSet) && created.some((t) => t._p && !keepSet.has(t) && !t._kept);
    if (keepAll && !warnedClosure) {
      warnedClosure = true;
      console.warn('torch.scope: the result holds a function, whose captured tensors cannot be seen; every tensor made ' +
        'in this scope was kept (the garbage collector releases them). Return the tensors themselves, or torch.keep them.');
    }
    const parent = scopeStack[scopeStack.length - 1];
    for (const t of created) {
      if (!t._p) continue;
      if (keepAll) keepSet.add(t);
      if (t._kept || (keepSet.has(t) && !parent)) t[ESCAPE]();
      else if (keepSet.has(t)) parent.push(t);
      else t.dispose();
    }
  }
  return result;
}

/** Other handles (grad_fn nodes) made inside a scope join it: they are released with it. */
export function joinScope(handle) {
  const scope = scopeStack[scopeStack.length - 1];
  if (!scope) return false;
  scope.push(handle);
  return true;
}

/** Exempts t from every enclosing torch.scope. */
export function keep(t) {
  asTensor(t, 'keep')._kept = true;
  return t;
}

export { memory };
