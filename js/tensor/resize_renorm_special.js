// More of PyTorch 1.13's Tensor methods: resize_/resize_as_/set_ and the deprecated
// resize/resize_as (src/ops/tensor_methods.c, storage growth in src/core/storage.c), renorm, histogram, and the
// special functions i0, igamma, igammac. This file only binds arguments; install(torch,
// Tensor) runs once, from tensorpad.js.
import { W, check, checkStatus, args, memory } from '../core/wasm.js';
import { describe } from '../core/dtype.js';
import { bind, missingArg, splitOptions, sizesOf, checkInt, invalidCombination, noArgs, warn } from '../core/args.js';
import { Tensor, asTensor, wrap } from './tensor.js';
import { TypedStorage } from './compat.js';

/** histogram's (hist, bin_edges): an array with .hist / .bin_edges, printed as PyTorch's. */
class HistogramResult extends Array {
  static get [Symbol.species]() { return Array; }
  get hist() { return this[0]; }
  get bin_edges() { return this[1]; }
  toString() { return `torch.return_types.histogram(\nhist=${this[0]},\nbin_edges=${this[1]})`; }
  [Symbol.for('nodejs.util.inspect.custom')]() { return this.toString(); }
}
let pairPtr = 0;

const SET_SIGNATURES = ['', 'torch.Storage source', 'torch.Storage source, int storage_offset, tuple of ints size, tuple of ints stride',
  'Tensor source', 'Tensor source, SymInt storage_offset, tuple of SymInts size, tuple of SymInts stride'];

/** resize_'s sizes: varargs, one array, or {size}; plus the memory_format keyword. */
function resizeSizes(fname, a) {
  const [pos, opts] = splitOptions(fname, a, ['size', 'memory_format']);
  if (opts.size !== undefined) {
    if (pos.length) throw new TypeError(`${fname}() got multiple values for argument 'size'`);
    return sizesOf(fname, [opts.size]);
  }
  if (!pos.length) throw missingArg(fname, 'size');
  return sizesOf(fname, pos);
}

export function install(torch, T) {
  const P = T.prototype;

  // ---- resize_, resize_as_, set_ ------------------------------------------------------------
  P.resize_ = function (...a) {
    const s = resizeSizes('resize_', a);
    checkStatus(W.tp_resize_(this._ptr, s.length, args(s)));
    return this;
  };
  P.resize_as_ = function (...a) {
    const { the_template } = bind('resize_as_', a, ['the_template', 'memory_format']);
    if (the_template === undefined) throw missingArg('resize_as_', 'the_template');
    if (!(the_template instanceof Tensor)) throw new TypeError(`resize_as_(): argument 'the_template' (position 1) must be Tensor, not ${describe(the_template)}`);
    const s = [...the_template.shape];
    checkStatus(W.tp_resize_(this._ptr, s.length, args(s)));
    return this;
  };
  torch.resize_as_ = (x, ...a) => asTensor(x, 'resize_as_').resize_as_(...a);

  P.set_ = function (...a) {
    const [pos, opts] = splitOptions('set_', a, ['source', 'storage_offset', 'size', 'stride']);
    const names = ['source', 'storage_offset', 'size', 'stride'];
    const v = {};
    names.forEach((n, i) => { if (i < pos.length) v[n] = pos[i]; else if (opts[n] !== undefined) v[n] = opts[n]; });
    const given = names.filter((n) => v[n] !== undefined);
    const src = v.source, isT = src instanceof Tensor, isS = src instanceof TypedStorage;
    const bad = () => invalidCombination('set_', a, SET_SIGNATURES);
    if (pos.length > 4 || (src !== undefined && !isT && !isS)) throw bad();
    if (!given.length) { checkStatus(W.tp_set_(this._ptr, 0, 0, 0, 0, 0, 0)); return this; }
    if (given.length === 1 && src !== undefined) {
      checkStatus(W.tp_set_(this._ptr, isT ? src._ptr : src._t._ptr, isT ? 1 : 2, 0, 0, 0, 0));
      return this;
    }
    if (src === undefined || v.storage_offset === undefined || v.size === undefined) throw bad();
    if (typeof v.storage_offset !== 'number' || !Number.isInteger(v.storage_offset) || !Array.isArray(v.size) ||
        (v.stride !== undefined && !Array.isArray(v.stride))) throw bad();
    const size = sizesOf('set_', [v.size]), stride = v.stride === undefined ? [] : sizesOf('set_', [v.stride], 'stride');
    checkStatus(W.tp_set_(this._ptr, isT ? src._ptr : src._t._ptr, isT ? 4 : 3, v.storage_offset, size.length, stride.length,
      args([...size, ...stride])));
    return this;
  };

  // Python's deprecated Tensor.resize / resize_as: autograd's Resize (ResizeBackward), which
  // keeps the number of elements and shares memory with a contiguous input.
  P.resize = function (...a) {
    warn('non-inplace resize is deprecated');
    const s = sizesOf('resize', a.length === 1 && Array.isArray(a[0]) ? a[0] : a);
    return wrap(check(W.tp_resize(this._ptr, s.length, args(s))));
  };
  P.resize_as = function (...a) {
    const { tensor } = bind('resize_as', a, ['tensor']);
    if (tensor === undefined) throw new TypeError('resize_as() missing 1 required positional argument: \'tensor\'');
    warn('non-inplace resize_as is deprecated');
    const s = [...asTensor(tensor, 'resize_as', 'tensor').shape];
    return wrap(check(W.tp_resize(this._ptr, s.length, args(s))));
  };

  // ---- renorm ------------------------------------------------------------------------------
  P.renorm = function (...a) { return wrap(check(W.tp_renorm(this._ptr, ...renormArgs('renorm', a)))); };
  P.renorm_ = function (...a) { checkStatus(W.tp_renorm_(this._ptr, ...renormArgs('renorm_', a))); return this; };
  torch.renorm = (x, ...a) => asTensor(x, 'renorm').renorm(...a);

  // ---- histogram ---------------------------------------------------------------------------
  P.histogram = function (...a) {
    const { bins, range, weight, density } = bind('histogram', a, ['bins', 'range', 'weight', 'density'], { bins: 100, density: false });
    const isT = bins instanceof Tensor;
    if (!isT && (typeof bins !== 'number' || !Number.isInteger(bins))) {
      throw invalidCombination('histogram', a, ['Tensor bins, *, Tensor weight, bool density', 'int bins, *, tuple of floats range, Tensor weight, bool density']);
    }
    if (range !== undefined && range !== null && (!Array.isArray(range) || range.length !== 2 || range.some((v) => typeof v !== 'number'))) {
      throw new TypeError(`histogram(): argument 'range' must be tuple of floats, not ${describe(range)}`);
    }
    if (typeof density !== 'boolean') throw new TypeError(`histogram(): argument 'density' must be bool, not ${describe(density)}`);
    const hasRange = !isT && range !== undefined && range !== null;
    const w = weight === undefined || weight === null ? 0 : asTensor(weight, 'histogram', 'weight')._ptr;
    if (!pairPtr) pairPtr = check(W.tp_malloc(8));
    checkStatus(W.tp_histogram(this._ptr, isT ? bins._ptr : 0, isT ? 0 : bins, hasRange ? 1 : 0, hasRange ? range[0] : 0,
      hasRange ? range[1] : 0, w, density ? 1 : 0, pairPtr));
    const p = new Uint32Array(memory.buffer, pairPtr, 2);
    const r = new HistogramResult();
    r.push(wrap(p[0]), wrap(p[1]));
    return r;
  };
  torch.histogram = (x, ...a) => asTensor(x, 'histogram').histogram(...a);

  // ---- i0, igamma, igammac (src/ops/elementwise/special.c) ---------------------------------------------------
  P.i0 = function (...a) { noArgs('i0', a); return wrap(check(W.tp_i0(this._ptr))); };
  P.i0_ = function (...a) { noArgs('i0_', a); checkStatus(W.tp_special_(0, this._ptr, 0)); return this; };
  torch.i0 = (x, ...a) => asTensor(x, 'i0').i0(...a);
  torch.i0_ = (x, ...a) => asTensor(x, 'i0_').i0_(...a);
  const otherOf = (fname, a, pos = 1) => {
    const { other } = bind(fname, a, ['other']);
    if (other === undefined) throw missingArg(fname, 'other');
    if (!(other instanceof Tensor)) throw new TypeError(`${fname}(): argument 'other' (position ${pos}) must be Tensor, not ${describe(other)}`);
    return other._ptr;
  };
  for (const [name, which] of [['igamma', 1], ['igammac', 2]]) {
    P[name] = function (...a) { return wrap(check(W[`tp_${name}`](this._ptr, otherOf(name, a)))); };
    P[`${name}_`] = function (...a) { checkStatus(W.tp_special_(which, this._ptr, otherOf(`${name}_`, a))); return this; };
    torch[name] = (x, ...a) => {
      const t = asTensor(x, name);
      return wrap(check(W[`tp_${name}`](t._ptr, otherOf(name, a, 2))));
    };
  }
}

/** renorm's (p, dim, maxnorm), positional or by keyword, numbers as PyTorch's Scalars. */
export function renormArgs(fname, a) {
  const { p, dim, maxnorm } = bind(fname, a, ['p', 'dim', 'maxnorm']);
  for (const [k, v, i] of [['p', p, 1], ['dim', dim, 2], ['maxnorm', maxnorm, 3]]) {
    if (v === undefined) throw new TypeError(`${fname}() missing required argument '${k}' (pos ${i})`);
  }
  if (typeof p !== 'number') throw new TypeError(`${fname}(): argument 'p' (position 1) must be Number, not ${describe(p)}`);
  if (typeof maxnorm !== 'number') throw new TypeError(`${fname}(): argument 'maxnorm' (position 3) must be Number, not ${describe(maxnorm)}`);
  return [p, checkInt(fname, 'dim', dim), maxnorm];
}
