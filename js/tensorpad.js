// tensorpad — PyTorch 1.13's tensor API for JavaScript, backed by a C core in WebAssembly.
//
//   import torch from 'tensorpad';      // or './js/tensorpad.js'; ready on import
//   const x = torch.tensor([[1, 2], [3, 4]], {dtype: torch.float32});
//   console.log(String(x.T));            // PyTorch's repr text
//
// This file builds the `torch` namespace: creation functions, the memory-sharing helpers,
// printing options, the RNG seed and the function forms of tensor methods. See
// docs/API.md for what exists and where JS and Python differ.
import { W, check, checkStatus, args, heapBuffer, heapBuffers, memory, sharedMemory, TensorError } from './core/wasm.js';
import { dtypes, byName, dtypeOfArray, toDtype, describe, promoteTypes, dtype, defaultFloat, checkDevice, toDevice, Device } from './core/dtype.js';
import { bind, missingArg, splitOptions, checkInt, sizesOf, invalidCombination, isOptions, resetWarnings, setWarnAlways, isWarnAlways } from './core/args.js';
import { Tensor, Size, device, wrap, asTensor, scalarValue, scope, keep, viewOf, Ellipsis, Slice, copyConstructWarning, gradOf } from './tensor/tensor.js';
import * as ops from './tensor/ops.js';
import * as linalg from './linalg/matmul.js';
import * as shape from './tensor/shape.js';
import * as shapeMore from './tensor/diag_views_scatter.js';
import * as linalgMore from './linalg/products.js';
import * as autograd from './autograd/autograd.js';
import * as nn from './nn/nn.js';
import * as optim from './optim/optim.js';
import * as mathMethods from './tensor/math.js';
import * as sorting from './tensor/sort.js';
import * as random from './tensor/random.js';
import * as detInverse from './linalg/det_inverse.js';
import * as restMethods from './tensor/compat.js';
import * as resizeRenormSpecial from './tensor/resize_renorm_special.js';
import * as decomp from './linalg/decomp.js';
import * as torchFunctional from './torch/functional.js';
import * as dataUtils from './utils/data/data.js';
import * as serialization from './torch/serialization.js';
import * as special from './torch/special.js';
import { Generator, default_generator, generatorOf } from './core/generator.js';
import * as svd from './linalg/svd.js';
import * as norms from './linalg/norms.js';
import { legacyConstructor, TYPED, typedDtype } from './tensor/legacy.js';
import { applySignatures } from './core/arg_parser.js';
import { installDevtoolsFormatter } from './tensor/devtools.js';

const CREATE_KEYS = ['dtype', 'device', 'requires_grad', 'layout', 'pin_memory', 'memory_format', 'out'];
const RANDOM_KEYS = [...CREATE_KEYS, 'generator'];

// ---- option handling shared by the creation functions ------------------------------------
function checkOptions(opts) {
  checkDevice(opts.device);
  if (opts.out !== undefined) throw new TypeError("tensorpad does not support the 'out' argument");
}

/** Applies requires_grad; on failure the new tensor is released and nothing leaks. */
function finish(t, opts) {
  if (opts.requires_grad) {
    if (!t.dtype.is_floating_point) {
      t.dispose();
      throw new TensorError('Only Tensors of floating point and complex dtype can require gradients');
    }
    try {
      t.requires_grad = true;
    } catch (e) {
      t.dispose();
      throw e;
    }
  }
  return t;
}

/** Runs an in-place initialiser on a fresh tensor; releases it if the initialiser throws. */
function initialised(t, init) {
  try {
    init(t);
  } catch (e) {
    t.dispose();
    throw e;
  }
  W.tp_tensor_created(t._ptr);  // a factory's result starts at version 0, as in PyTorch
  return t;
}

function dtypeOpt(opts, fallback, fname) {
  return opts.dtype === undefined || opts.dtype === null ? fallback : toDtype(opts.dtype, fname);
}

/** Note [Integral data that requires grad]: JS cannot tell 2.0 from 2, so data inferred as
 * int64 becomes float32 when requires_grad is asked for and no dtype is given — only
 * floating tensors can require gradients, and `torch.tensor(2.0, {requires_grad: true})`
 * must mean what it means in Python. An explicit integer dtype still raises PyTorch's error. */
function gradDtype(opts, inferred) {
  return opts.requires_grad && inferred === byName.int64 && (opts.dtype === undefined || opts.dtype === null) ? defaultFloat() : inferred;
}

function sizesFromCall(fname, a, keys, kind = 'SymInts') {
  const [pos, opts] = splitOptions(fname, a, [...keys, 'size']);
  if (!pos.length && opts.size === undefined) {  // torch.zeros(): a size is required (torch.zeros([]) is 0-d)
    if (fname.startsWith('new_')) throw missingArg(fname, 'size');
    throw invalidCombination(fname, a);
  }
  checkOptions(opts);
  const sizes = pos.length ? sizesOf(fname, pos, 'size', kind) : opts.size !== undefined ? sizesOf(fname, [opts.size], 'size', kind) : [];
  return [sizes, opts];
}

// ---- tensor(data) --------------------------------------------------------------------------
/** Shape, flat values and kind ('bool' | 'int' | 'float') of nested JS data. */
function inspectData(data) {
  const shape = [];
  for (let x = data; Array.isArray(x); x = x[0]) {
    // tensor_new.cpp's MAX_DIMS: deeper data is refused before it is walked (no JS stack overflow)
    if (shape.length === 128) throw new TensorError("too many dimensions 'list'");
    shape.push(x.length);
    if (x.length === 0) break;
  }
  const flat = [];
  let kind = null, big = false;
  const note = (k) => {
    if (k === 'float' || kind === 'float') kind = 'float';
    else if (k === 'int' || kind === 'int') kind = 'int';
    else kind = 'bool';
  };
  const walk = (x, d) => {
    if (d < shape.length) {
      if (!Array.isArray(x)) {
        if (ArrayBuffer.isView(x) || x instanceof Tensor) throw new TypeError('tensorpad: nested data mixes JS arrays with TypedArrays or tensors; use torch.stack or plain arrays');
        throw new TypeError(`not a sequence`);
      }
      if (x.length !== shape[d]) throw new TensorError(`expected sequence of length ${shape[d]} at dim ${d} (got ${x.length})`);
      for (const el of x) walk(el, d + 1);
      return;
    }
    if (Array.isArray(x)) throw new TypeError('must be real number, not list');
    if (typeof x === 'boolean') { note('bool'); flat.push(x ? 1 : 0); }
    else if (typeof x === 'number') { note(Number.isInteger(x) ? 'int' : 'float'); flat.push(x); }
    else if (typeof x === 'bigint') { note('int'); big = true; flat.push(x); }
    else if (x instanceof Tensor && x.numel() === 1) {
      note(x.dtype.is_floating_point ? 'float' : x.dtype.name === 'bool' ? 'bool' : 'int');
      flat.push(x.item());
    } else {
      throw new TensorError(`Could not infer dtype of ${describe(x)}`);
    }
  };
  walk(data, 0);
  return { shape, flat, kind: kind ?? 'float', big };
}

/** torch.tensor's checked conversion of each number to an integer dtype: an int beyond int64
 *  is Python's "Overflow when unpacking long"; NaN, infinities and other values out of range
 *  throw 1.13's checked_convert text (float32 takes anything: out of range is inf, as in PyTorch). */
function checkIntegral(flat, dt) {
  const [lo, hi] = dt === byName.int32 ? [-2147483648, 2147483647] : [-9223372036854775808, 9223372036854775808];
  for (const v of flat) {
    const int = typeof v === 'bigint' || Number.isInteger(v);
    if (int && !(v >= -(2n ** 63n) && v < 2n ** 63n)) throw new TensorError('Overflow when unpacking long');
    if (!(v >= lo && v <= hi)) throw new TensorError(`value cannot be converted to type ${dt.name} without overflow`);
  }
}

const nativeArrayTypes = [Float32Array, Float64Array, Int32Array, BigInt64Array, Uint8Array];

/** torch.tensor: a new tensor with a copy of data (numbers, booleans, nested arrays,
 *  TypedArrays, tensors: those with PyTorch's advice to clone().detach() instead). */
function tensor(data, ...a) {
  if (data instanceof Tensor) copyConstructWarning('torch.tensor');
  return makeTensor(data, ...a);
}

function makeTensor(data, ...a) {
  const [, opts] = splitOptions('tensor', a, CREATE_KEYS);
  checkOptions(opts);
  if (data instanceof Tensor) {
    const want = dtypeOpt(opts, data.dtype, 'tensor');
    const d = data.detach();
    try {
      return finish(d.to({ dtype: want, copy: true }), opts);
    } finally {
      d.dispose();
    }
  }
  if (ArrayBuffer.isView(data) && !(data instanceof DataView)) return finish(fromTypedArray(data, opts.dtype, 'tensor'), opts);
  const { shape, flat, kind, big } = inspectData(data);
  const inferred = gradDtype(opts, kind === 'float' ? defaultFloat() : kind === 'int' ? byName.int64 : byName.bool);
  const dt = dtypeOpt(opts, inferred, 'tensor');
  if (dt === byName.int32 || dt === byName.int64) checkIntegral(flat, dt);
  // (float data with a Python int past 2^53 among it is float data: [inf, -2**63 - 1] as Python's)
  const src = big && !dt.is_floating_point ? BigInt64Array.from(flat, (v) => BigInt(typeof v === 'bigint' ? v : Math.trunc(v)))
    : Float64Array.from(flat, Number);
  return finish(fromHeapCopy(src, shape, dt), opts);
}

/** Copies a TypedArray (any buffer) into a new tensor of dtype dt with the given shape. */
function fromHeapCopy(src, shape, dt) {
  const srcType = dtypeOfArray(src);
  const native = nativeArrayTypes.includes(src.constructor);
  if (!native) src = Float64Array.from(src, Number);
  const sdt = native ? srcType : byName.float64;
  if (heapBuffers.has(src.buffer)) {
    return wrap(check(W.tp_from_buffer(src.byteOffset, sdt.code, shape.length, args(shape), dt.code)));
  }
  const p = check(W.tp_malloc(src.byteLength));
  try {
    new Uint8Array(heapBuffer(), p, src.byteLength).set(new Uint8Array(src.buffer, src.byteOffset, src.byteLength));
    return wrap(check(W.tp_from_buffer(p, sdt.code, shape.length, args(shape), dt.code)));
  } finally {
    W.tp_free(p);
  }
}

function fromTypedArray(arr, dtOpt, fname) {
  const own = dtypeOfArray(arr);
  if (!own) throw new TypeError(`${fname}(): unsupported TypedArray ${arr.constructor.name}`);
  return fromHeapCopy(arr, [arr.length], dtOpt === undefined || dtOpt === null ? own : toDtype(dtOpt, fname));
}

// ---- creation ----------------------------------------------------------------------------------
function filled(fname, sizes, dt, value) {
  return wrap(check(W.tp_full(sizes.length, args(sizes), dt.code, value)));
}

function zeros(...a) {
  const [s, o] = sizesFromCall('zeros', a, CREATE_KEYS);
  return finish(filled('zeros', s, dtypeOpt(o, defaultFloat(), 'zeros'), 0), o);
}
function ones(...a) {
  const [s, o] = sizesFromCall('ones', a, CREATE_KEYS);
  return finish(filled('ones', s, dtypeOpt(o, defaultFloat(), 'ones'), 1), o);
}
function empty(...a) {
  const [s, o] = sizesFromCall('empty', a, CREATE_KEYS);
  return finish(wrap(check(W.tp_empty(s.length, args(s), dtypeOpt(o, defaultFloat(), 'empty').code))), o);
}

/** full's dtype follows its fill value in 1.13: bool -> bool, int -> int64, else the default dtype. */
function fillDtype(v) {
  if (typeof v === 'boolean') return byName.bool;
  if ((typeof v === 'number' && Number.isInteger(v)) || typeof v === 'bigint') return byName.int64;
  return defaultFloat();
}
function full(...a) {
  const { size, fill_value, ...o } = bind('full', a, ['size', 'fill_value', ...CREATE_KEYS]);
  checkOptions(o);
  if (typeof size === 'number' || typeof size === 'bigint') {  // 1.13 takes a tuple only, unlike zeros(2)
    const positional = a.length && !isOptions(a[0]);
    throw new TypeError(`full(): argument 'size'${positional ? ' (position 1)' : ''} must be tuple of SymInts, not int`);
  }
  const s = sizesOf('full', [size]);
  const v = scalarValue('full', fill_value instanceof Tensor ? fill_value.item() : fill_value);
  return finish(filled('full', s, dtypeOpt(o, gradDtype(o, fillDtype(fill_value)), 'full'), v), o);
}

/** The generator option of a factory, checked before anything is made; `{generator}` for
 *  the in-place draw that fills the new tensor (none for the default generator). */
const SIZE_SIGS = ['tuple of ints size, *, torch.Generator generator, tuple of names names, torch.dtype dtype, torch.layout layout, torch.device device, bool pin_memory, bool requires_grad',
  'tuple of ints size, *, torch.Generator generator, Tensor out, torch.dtype dtype, torch.layout layout, torch.device device, bool pin_memory, bool requires_grad',
  'tuple of ints size, *, Tensor out, torch.dtype dtype, torch.layout layout, torch.device device, bool pin_memory, bool requires_grad',
  'tuple of ints size, *, tuple of names names, torch.dtype dtype, torch.layout layout, torch.device device, bool pin_memory, bool requires_grad'];
function genOpt(fname, a, o, sigs = SIZE_SIGS) {
  if (o.generator === undefined || o.generator === null) return [];
  generatorOf(fname, o.generator, () => invalidCombination(fname, a, sigs));
  return [{ generator: o.generator }];
}
function rand(...a) {
  const [s, o] = sizesFromCall('rand', a, RANDOM_KEYS, 'ints');
  const g = genOpt('rand', a, o);
  const t = wrap(check(W.tp_empty(s.length, args(s), dtypeOpt(o, defaultFloat(), 'rand').code)));
  return finish(initialised(t, (x) => x.uniform_(...g)), o);
}
function randn(...a) {
  const [s, o] = sizesFromCall('randn', a, RANDOM_KEYS, 'ints');
  const g = genOpt('randn', a, o);
  const t = wrap(check(W.tp_empty(s.length, args(s), dtypeOpt(o, defaultFloat(), 'randn').code)));
  return finish(initialised(t, (x) => x.normal_(...g)), o);
}
const RANDINT_SIGS = ['int high, tuple of ints size, *, torch.Generator generator, Tensor out, torch.dtype dtype, torch.layout layout, torch.device device, bool pin_memory, bool requires_grad',
  'int high, tuple of ints size, *, Tensor out, torch.dtype dtype, torch.layout layout, torch.device device, bool pin_memory, bool requires_grad',
  'int low, int high, tuple of ints size, *, torch.Generator generator, Tensor out, torch.dtype dtype, torch.layout layout, torch.device device, bool pin_memory, bool requires_grad',
  'int low, int high, tuple of ints size, *, Tensor out, torch.dtype dtype, torch.layout layout, torch.device device, bool pin_memory, bool requires_grad'];
/** randint(high, size) or randint(low, high, size). */
function randint(...a) {
  const [pos, o] = splitOptions('randint', a, [...RANDOM_KEYS, 'low', 'high', 'size']);
  checkOptions(o);
  let low = o.low ?? 0, high = o.high, size = o.size;
  const nums = pos.filter((x) => typeof x === 'number' || typeof x === 'bigint');
  const rest = pos.filter((x) => !(typeof x === 'number' || typeof x === 'bigint'));
  if (nums.length === 2) [low, high] = nums;
  else if (nums.length === 1 && high === undefined) high = nums[0];
  else if (nums.length === 1) low = nums[0];
  if (rest.length > 1) throw invalidCombination('randint', a, RANDINT_SIGS);  // e.g. a positional generator
  if (rest.length) size = rest[0];
  if (high === undefined || size === undefined) throw new TypeError('randint() missing required arguments: expected (high, size) or (low, high, size)');
  const s = sizesOf('randint', [size]);
  const g = genOpt('randint', a, o, RANDINT_SIGS);
  const t = wrap(check(W.tp_empty(s.length, args(s), dtypeOpt(o, byName.int64, 'randint').code)));
  return finish(initialised(t, (x) => x.random_(checkInt('randint', 'low', low), checkInt('randint', 'high', high), ...g)), o);
}

function arange(...a) {
  const [pos, o] = splitOptions('arange', a, [...CREATE_KEYS, 'start', 'end', 'step']);
  checkOptions(o);
  let start = o.start ?? 0, end = o.end, step = o.step ?? 1;
  if (pos.length === 1) end = pos[0];
  else if (pos.length === 2) [start, end] = pos;
  else if (pos.length === 3) [start, end, step] = pos;
  else if (pos.length > 3) throw new TypeError(`arange() takes at most 3 positional arguments (${pos.length} given)`);
  if (end === undefined) throw new TypeError("arange() missing required argument 'end'");
  [start, end, step] = [start, end, step].map((v) => scalarValue('arange', v instanceof Tensor ? v.item() : v));
  const allInt = [start, end, step].every(Number.isInteger);
  const dt = dtypeOpt(o, gradDtype(o, allInt ? byName.int64 : defaultFloat()), 'arange');
  if (dt === byName.bool) throw new TensorError('"arange_cpu" not implemented for \'Bool\'');
  return finish(wrap(check(W.tp_arange(start, end, step, dt.code))), o);
}

function linspace(...a) {
  const { start, end, steps, ...o } = bind('linspace', a, ['start', 'end', 'steps', ...CREATE_KEYS]);
  checkOptions(o);
  const n = checkInt('linspace', 'steps', steps);
  return finish(wrap(check(W.tp_linspace(scalarValue('linspace', start), scalarValue('linspace', end), n, dtypeOpt(o, defaultFloat(), 'linspace').code))), o);
}

function logspace(...a) {
  const { start, end, steps, base, ...o } = bind('logspace', a, ['start', 'end', 'steps', 'base', ...CREATE_KEYS], { base: 10 });
  checkOptions(o);
  const n = checkInt('logspace', 'steps', steps);
  return finish(wrap(check(W.tp_logspace(scalarValue('logspace', start), scalarValue('logspace', end), n, scalarValue('logspace', base), dtypeOpt(o, defaultFloat(), 'logspace').code))), o);
}

function eye(...a) {
  const { n, m, ...o } = bind('eye', a, ['n', 'm', ...CREATE_KEYS]);
  checkOptions(o);
  const rows = checkInt('eye', 'n', n);
  const cols = m === undefined || m === null ? rows : checkInt('eye', 'm', m);
  return finish(wrap(check(W.tp_eye(rows, cols, dtypeOpt(o, defaultFloat(), 'eye').code))), o);
}

// ---- *_like and new_* ------------------------------------------------------------------------
function likeOpts(fname, t, a, extra = []) {  // 1.13's *_like take no generator
  const [pos, o] = splitOptions(fname, a, [...CREATE_KEYS, ...extra]);
  checkOptions(o);
  const src = asTensor(t, fname);
  return [src, pos, o, dtypeOpt(o, src.dtype, fname)];
}
/** A tensor laid out as src (PyTorch's empty_like with preserve_format), zero-filled. */
const likeOf = (s, dt) => wrap(check(W.tp_empty_like(s._ptr, dt.code)));
const zeros_like = (t, ...a) => { const [s, , o, dt] = likeOpts('zeros_like', t, a); return finish(likeOf(s, dt), o); };
const ones_like = (t, ...a) => { const [s, , o, dt] = likeOpts('ones_like', t, a); return finish(initialised(likeOf(s, dt), (x) => x.fill_(1)), o); };
const empty_like = (t, ...a) => { const [s, , o, dt] = likeOpts('empty_like', t, a); return finish(likeOf(s, dt), o); };
function full_like(t, ...a) {
  const [s, pos, o, dt] = likeOpts('full_like', t, a, ['fill_value']);
  const v = pos.length ? pos[0] : o.fill_value;
  return finish(initialised(likeOf(s, dt), (x) => x.fill_(scalarValue('full_like', v))), o);
}
function rand_like(t, ...a) {
  const [s, , o, dt] = likeOpts('rand_like', t, a);
  return finish(initialised(likeOf(s, dt), (x) => x.uniform_()), o);
}
function randn_like(t, ...a) {
  const [s, , o, dt] = likeOpts('randn_like', t, a);
  return finish(initialised(likeOf(s, dt), (x) => x.normal_()), o);
}
function randint_like(t, ...a) {
  const [s, pos, o, dt] = likeOpts('randint_like', t, a, ['low', 'high', 'generator']);
  if (o.generator !== undefined) {
    throw invalidCombination('randint_like', a, ['Tensor input, int high, *, torch.memory_format memory_format, torch.dtype dtype, torch.layout layout, torch.device device, bool pin_memory, bool requires_grad',
      'Tensor input, int low, int high, *, torch.memory_format memory_format, torch.dtype dtype, torch.layout layout, torch.device device, bool pin_memory, bool requires_grad'], true);
  }
  let low = o.low ?? 0, high = o.high;
  if (pos.length === 2) [low, high] = pos;
  else if (pos.length === 1) high = pos[0];
  return finish(initialised(likeOf(s, dt), (x) => x.random_(low, high)), o);
}

Object.assign(Tensor.prototype, {
  new_tensor(data, ...a) {
    const [, o] = splitOptions('new_tensor', a, CREATE_KEYS);
    if (data instanceof Tensor) copyConstructWarning('tensor.new_tensor');
    return makeTensor(data, { ...o, dtype: dtypeOpt(o, this.dtype, 'new_tensor') });
  },
  new_zeros(...a) { const [s, o] = sizesFromCall('new_zeros', a, CREATE_KEYS); return zeros(s, { ...o, dtype: dtypeOpt(o, this.dtype, 'new_zeros') }); },
  new_ones(...a) { const [s, o] = sizesFromCall('new_ones', a, CREATE_KEYS); return ones(s, { ...o, dtype: dtypeOpt(o, this.dtype, 'new_ones') }); },
  new_empty(...a) { const [s, o] = sizesFromCall('new_empty', a, CREATE_KEYS); return empty(s, { ...o, dtype: dtypeOpt(o, this.dtype, 'new_empty') }); },
  new_full(...a) {
    const { size, fill_value, ...o } = bind('new_full', a, ['size', 'fill_value', ...CREATE_KEYS]);
    const missing = [['size', size], ['fill_value', fill_value]].filter(([, v]) => v === undefined).map(([k]) => `"${k}"`);
    if (missing.length) throw new TypeError(`new_full() missing ${missing.length} required positional argument${missing.length === 1 ? 's' : ''}: ${missing.join(', ')}`);
    return full(size, fill_value, { ...o, dtype: dtypeOpt(o, this.dtype, 'new_full') });
  },
});

// ---- memory sharing ------------------------------------------------------------------------------
/** A tensor sharing arr's memory when arr lies on the tensorpad heap; otherwise a copy. */
function from_numpy(arr) {
  if (!ArrayBuffer.isView(arr) || arr instanceof DataView) {
    throw new TypeError(`expected np.ndarray (got ${describe(arr)}); tensorpad's from_numpy takes a TypedArray`);
  }
  const dt = dtypeOfArray(arr);
  if (!dt || !nativeArrayTypes.includes(arr.constructor)) {
    throw new TypeError(`can't convert ${arr.constructor.name}: the supported types are Float32Array, Float64Array, Int32Array, BigInt64Array and Uint8Array`);
  }
  if (heapBuffers.has(arr.buffer)) {
    const storage = W.tp_storage_find(arr.byteOffset, arr.byteLength);
    if (storage) {
      return wrap(check(W.tp_from_storage(storage, arr.byteOffset - W.tp_storage_data(storage), arr.length, dt.code)));
    }
  }
  // a copy, but like all from_numpy memory not resizable (PyTorch's external memory)
  const t = fromTypedArray(arr, undefined, 'from_numpy');
  try {
    return wrap(check(W.tp_from_storage(W.tp_tensor_storage(t._ptr), 0, arr.length, dt.code)));
  } finally {
    t.dispose();
  }
}

/** A TypedArray of n zeroed elements on the tensorpad heap, for from_numpy to share. */
function heap_array(ArrayType, n) {
  const dt = nativeArrayTypes.includes(ArrayType) ? dtypeOfArray(new ArrayType(0)) : null;
  if (!dt) throw new TypeError('heap_array(): expected Float32Array, Float64Array, Int32Array, BigInt64Array or Uint8Array');
  const t = zeros([checkInt('heap_array', 'n', n)], { dtype: dt });
  try {
    return t.numpy();
  } finally {
    t.dispose();
  }
}

function byteRange(x) {
  if (x instanceof Tensor) {
    const shape = x.shape, stride = x.stride(), item = x.dtype.itemsize;
    if (shape.some((s) => s === 0)) return null;
    let lo = 0, hi = 0;
    shape.forEach((s, d) => { const span = (s - 1) * stride[d]; if (span < 0) lo += span; else hi += span; });
    const base = W.tp_tensor_data(x._ptr);
    return [base + lo * item, base + (hi + 1) * item];
  }
  if (ArrayBuffer.isView(x)) return heapBuffers.has(x.buffer) && x.byteLength ? [x.byteOffset, x.byteOffset + x.byteLength] : null;
  throw new TypeError(`shares_memory(): expected tensors or TypedArrays, got ${describe(x)}`);
}

/** Whether two tensors (or heap TypedArrays) can touch the same bytes. */
function shares_memory(a, b) {
  if (a instanceof Tensor && b instanceof Tensor) return !!W.tp_shares_memory(a._ptr, b._ptr);
  const ra = byteRange(a), rb = byteRange(b);
  return !!ra && !!rb && ra[0] < rb[1] && rb[0] < ra[1];
}

/** copy.deepcopy: a new leaf with the same data, requires_grad and .grad (a Parameter stays
 *  a Parameter and, as in PyTorch, leaves .grad behind); arrays, plain objects, Maps and nn.Modules are copied member by member, each
 *  object once (a memo, as Python's), so shared parameters stay shared in the copy. */
function deepcopy(x, memo = new Map(), depth = 0) {
  if (x === null || typeof x !== 'object') return x;
  if (memo.has(x)) return memo.get(x);
  // Python's recursion limit (RecursionError, a RuntimeError), not the JS stack's RangeError
  if (depth > 1000) throw new TensorError('maximum recursion depth exceeded while calling a Python object');
  if (x instanceof Tensor) {
    if (!x.is_leaf) {
      throw new TensorError('Only Tensors created explicitly by the user (graph leaves) support the deepcopy protocol at the moment');
    }
    const c = x.detach();
    const out = c.clone();
    c.dispose();
    if (x.requires_grad) out.requires_grad = true;
    memo.set(x, out);
    if (x._is_param) {  // Parameter.__deepcopy__: a Parameter again, without the .grad
      out._is_param = true;
      keep(out);
      return out;
    }
    const g = gradOf(x);
    if (g) out.grad = deepcopy(g, memo);
    return out;
  }
  if (Array.isArray(x)) {
    const out = [];
    memo.set(x, out);
    for (const v of x) out.push(deepcopy(v, memo, depth + 1));
    return out;
  }
  if (x instanceof Map) {
    const out = new Map();
    memo.set(x, out);
    for (const [k, v] of x) out.set(deepcopy(k, memo, depth + 1), deepcopy(v, memo, depth + 1));
    return out;
  }
  if (x instanceof torch.nn.Module || Object.getPrototypeOf(x) === Object.prototype) {
    const out = Object.create(Object.getPrototypeOf(x));
    memo.set(x, out);
    for (const k of Reflect.ownKeys(x)) {
      const d = Object.getOwnPropertyDescriptor(x, k);
      if ('value' in d) d.value = deepcopy(d.value, memo, depth + 1);
      Object.defineProperty(out, k, d);
    }
    // a module's buffers (BatchNorm's running stats) outlive torch.scope, as its parameters do
    if (out._buffers) for (const name of out._buffers.keys()) if (out[name] instanceof Tensor) keep(out[name]);
    return out;
  }
  return x;  // dtypes, functions and other objects are shared, as Python shares immutables
}

// ---- printing and RNG --------------------------------------------------------------------------
const printDefaults = { precision: 4, threshold: 1000, edgeitems: 3, linewidth: 80, sci_mode: null };
const printOptions = { ...printDefaults };
function applyPrintOptions() {
  const o = printOptions;
  W.tp_set_printoptions(o.precision, o.threshold, o.edgeitems, o.linewidth, o.sci_mode === null ? -1 : o.sci_mode ? 1 : 0);
}
/** torch.set_printoptions: like Python, sci_mode is reset to null unless given. */
function set_printoptions(opts = {}) {
  const [, o] = splitOptions('set_printoptions', [opts], ['precision', 'threshold', 'edgeitems', 'linewidth', 'profile', 'sci_mode']);
  if (o.profile === 'default') Object.assign(printOptions, printDefaults);
  else if (o.profile === 'short') Object.assign(printOptions, { precision: 2, threshold: 1000, edgeitems: 2, linewidth: 80 });
  else if (o.profile === 'full') Object.assign(printOptions, { precision: 4, threshold: Infinity, edgeitems: 3, linewidth: 80 });
  else if (o.profile !== undefined && o.profile !== null) throw new TypeError(`set_printoptions(): unknown profile '${o.profile}'`);
  for (const k of ['precision', 'edgeitems', 'linewidth']) if (o[k] !== undefined && o[k] !== null) printOptions[k] = checkInt('set_printoptions', k, o[k]);
  if (o.threshold !== undefined && o.threshold !== null) printOptions.threshold = scalarValue('set_printoptions', o.threshold);
  printOptions.sci_mode = o.sci_mode === undefined ? null : o.sci_mode;
  applyPrintOptions();
}
function get_printoptions() { return { ...printOptions }; }

/** torch.manual_seed: Python's int(seed) (numbers truncate, numeric strings parse), then
 *  default_generator.manual_seed. */
function manual_seed(seed, ...rest) {
  if (rest.length) bind('manual_seed', [seed, ...rest], ['seed']);
  return default_generator.manual_seed(pyInt(seed));
}
function pyInt(v) {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'boolean') return v ? 1n : 0n;
  if (typeof v === 'number') {
    if (Number.isNaN(v)) throw new TensorError('cannot convert float NaN to integer');
    if (!Number.isFinite(v)) throw new TensorError('cannot convert float infinity to integer');
    return BigInt(Math.trunc(v));
  }
  if (typeof v === 'string' && /^\s*[+-]?\d+(_\d+)*\s*$/.test(v)) return BigInt(v.trim().replace(/_/g, ''));
  if (typeof v === 'string') throw new TensorError(`invalid literal for int() with base 10: '${v}'`);
  if (v instanceof Tensor) return pyInt(v.item());
  throw new TypeError(`int() argument must be a string, a bytes-like object or a real number, not '${describe(v)}'`);
}

/** torch.random.fork_rng as a function of a callback (JS has no `with`): the default
 *  generator's state is saved, fn runs, and the state is restored however fn ends. */
function fork_rng(fn, ...a) {
  const { enabled } = bind('fork_rng', a, ['devices', 'enabled'], { enabled: true });
  if (typeof fn !== 'function') throw new TypeError('fork_rng(fn): fn must be a function (the body of Python\'s `with` block)');
  if (!enabled) return fn();
  const state = default_generator.get_state();
  try {
    return fn();
  } finally {
    default_generator.set_state(state);
    state.dispose();
  }
}

function memory_stats() {
  return {
    live_tensors: W.tp_live_tensors(),
    live_bytes: W.tp_live_bytes(),
    peak_bytes: W.tp_peak_bytes(),
    heap_bytes: memory.buffer.byteLength,
  };
}

// torch.cuda in a CPU-only build: nothing is available, and using it says so (as PyTorch's).
const noCuda = () => { throw new TensorError('Torch not compiled with CUDA enabled'); };
const CUDA = {
  is_available: () => false, device_count: () => 0, is_initialized: () => false,
  current_device: noCuda, set_device: noCuda, synchronize: noCuda, get_device_name: noCuda, init: noCuda,
  manual_seed: () => {}, manual_seed_all: () => {}, seed: () => {}, seed_all: () => {}, empty_cache: () => {},
};

// ---- the namespace --------------------------------------------------------------------------
const legacyDeps = { makeTensor, empty: (s, o) => empty(s, o), defaultDtype: defaultFloat };
const torch = {
  Tensor: legacyConstructor('Tensor', null, legacyDeps),
  ...Object.fromEntries(Object.keys(TYPED).map((n) => [n, legacyConstructor(n, typedDtype(n), legacyDeps)])),
  Size, TensorError, dtype, device: (d, index) => (d instanceof Tensor ? toDevice(d.device) : toDevice(d, index)),
  cuda: CUDA, backends: { mps: { is_available: () => false, is_built: () => false }, cudnn: { enabled: false, deterministic: false, benchmark: false, is_available: () => false } },
  Ellipsis, Slice,
  float32: byName.float32, float64: byName.float64, int32: byName.int32, int64: byName.int64, bool: byName.bool,
  float: byName.float32, double: byName.float64, int: byName.int32, long: byName.int64,
  tensor, as_tensor: (d, ...a) => (d instanceof Tensor && a.length === 0 ? d : makeTensor(d, ...a)),
  zeros, ones, empty, full, rand, randn, randint, arange, linspace, logspace, eye,
  zeros_like, ones_like, empty_like, full_like, rand_like, randn_like, randint_like,
  from_numpy, heap_array, shares_memory, deepcopy: (x) => deepcopy(x),
  is_tensor: (x) => x instanceof Tensor,
  is_floating_point: (x) => asTensor(x, 'is_floating_point').is_floating_point(),
  numel: (x) => asTensor(x, 'numel').numel(),
  result_type: ops.result_type,
  promote_types: (a, b) => promoteTypes(toDtype(a), toDtype(b)),
  get_default_dtype: () => defaultFloat(),
  set_default_dtype: (d) => {
    if (!(d instanceof dtype)) throw new TypeError('invalid dtype object: only floating-point types are supported as the default type');
    if (d !== byName.float32 && d !== byName.float64) throw new TypeError('only floating-point types are supported as the default type');
    W.tp_set_default_dtype(d.code);
  },
  set_warn_always: (b) => setWarnAlways(b), is_warn_always_enabled: () => isWarnAlways(),
  set_printoptions, get_printoptions,
  manual_seed, initial_seed: () => default_generator.initial_seed(), default_generator, Generator,
  seed: () => default_generator.seed(),
  get_rng_state: () => default_generator.get_state(),
  set_rng_state: (s, ...rest) => { bind('set_rng_state', [s, ...rest], ['new_state']); default_generator.set_state(s); },
  random: null,  // filled below: torch.random, the same functions under their module
  memory_stats, scope, keep,
  shared_memory: sharedMemory,
};

torch.random = Object.freeze({
  Generator, default_generator, manual_seed, fork_rng, seed: torch.seed, initial_seed: torch.initial_seed,
  get_rng_state: torch.get_rng_state, set_rng_state: torch.set_rng_state,
});

// Function forms of tensor methods: torch.transpose(x, 0, 1) === x.transpose(0, 1).
for (const name of ['reshape', 'view_copy', 't', 'transpose', 'swapaxes', 'permute', 'squeeze', 'unsqueeze', 'flatten', 'ravel',
  'narrow', 'select', 'clone', 'detach', 'as_strided', 'expand_copy']) {
  if (typeof Tensor.prototype[name] === 'function') torch[name] = (x, ...a) => asTensor(x, name)[name](...a);
}

// Each operator module adds its tensor methods and torch.* functions.
for (const m of [ops, linalg, shape, autograd, nn, optim, mathMethods, sorting, random, detInverse]) m.install(torch, Tensor);
shapeMore.install(torch, Tensor);
linalgMore.install(torch, Tensor);
restMethods.install(torch, Tensor);
resizeRenormSpecial.install(torch, Tensor);
decomp.install(torch, Tensor);
svd.install(torch, Tensor);
norms.install(torch);
torchFunctional.install(torch, Tensor);
dataUtils.install(torch);  // torch.utils.data
serialization.install(torch);  // torch.save / torch.load
special.install(torch);  // torch.special

applySignatures(torch, Tensor, Generator);  // last: every function above is checked against PyTorch's signature
applyPrintOptions();
installDevtoolsFormatter();
// torch.functional: the module torch.* re-exports these from in 1.13 (the same functions)
torch.functional = Object.freeze(Object.fromEntries(['atleast_1d', 'atleast_2d', 'atleast_3d', 'broadcast_shapes', 'broadcast_tensors',
  'cartesian_prod', 'block_diag', 'cdist', 'chain_matmul', 'einsum', 'lu', 'norm', 'meshgrid', 'split', 'tensordot', 'unique',
  'unique_consecutive'].map((k) => [k, torch[k]])));
Object.freeze(torch);
export default torch;
export { Tensor, Size, TensorError, tensor, Generator, resetWarnings };
