// Sorting, selection and the reductions and scans around them: sort, argsort, msort, topk,
// kthvalue, median, nanmedian, mode, cummax, cummin (src/sort.c), and nansum, nanmean,
// count_nonzero, aminmax, logcumsumexp, cumsum_/cumprod_, quantile, nanquantile, diff,
// dist, histc, bincount, unique, unique_consecutive (src/stats.c). Only argument binding
// happens here; the maths, the tie-breaking and autograd are in the core.
import { W, check, checkStatus, memory, args, TensorError } from './core.js';
import { describe, toDtype } from './dtype.js';
import { bind, splitOptions, checkInt, checkBool, isOptions, inputKeyword, invalidCombination } from './args.js';
import { wrap, Tuple } from './tensor.js';
import { returnTypes, OP } from './ops.js';

let Tensor = null;
let pairPtr = 0;

function mustBeTensor(fname, argname, pos, v) {
  if (v instanceof Tensor) return v;
  const where = pos === null ? '' : ` (position ${pos})`;
  const tail = Array.isArray(v) ? 'list; wrap JS arrays with torch.tensor(...)' : describe(v);
  throw new TypeError(`${fname}(): argument '${argname}'${where} must be Tensor, not ${tail}`);
}

/** Calls the core's fn(..., out) that writes [values, indices] and returns them as
 *  PyTorch's torch.return_types.<fname>. */
function pair(fname, call) {
  if (!pairPtr) pairPtr = check(W.tp_malloc(8));
  checkStatus(call(pairPtr));
  const p = new Uint32Array(memory.buffer, pairPtr, 2);
  return returnTypes(fname, wrap(p[0]), wrap(p[1]));
}

// Python's signatures of the overloaded methods, for "received an invalid combination".
const SIGS = {
  sort: ['*, bool stable, int dim, bool descending', 'int dim, bool descending', '*, bool stable, name dim, bool descending', 'name dim, bool descending'],
  argsort: ['*, bool stable, int dim, bool descending', 'int dim, bool descending', 'name dim, bool descending'],
  kthvalue: ['int k, int dim, bool keepdim', 'int k, name dim, bool keepdim'],
  median: ['', 'int dim, bool keepdim', 'name dim, bool keepdim'],
  nanmedian: ['', 'int dim, bool keepdim', 'name dim, bool keepdim'],
  mode: ['int dim, bool keepdim', 'name dim, bool keepdim'],
  cummax: ['int dim', 'name dim'],
  cummin: ['int dim', 'name dim'],
  count_nonzero: ['int dim', 'tuple of ints dim'],
  logcumsumexp: ['int dim', 'name dim'],
};

/** bind() for an overloaded method: what no overload takes (an unknown keyword, too many
 *  arguments, a required one missing) gets Python's "invalid combination" message. */
function bindOver(fname, a, names, defaults, need) {
  let r;
  try {
    r = bind(fname, a, names, defaults);
  } catch (e) {
    if (e instanceof TypeError) throw invalidCombination(fname, a, SIGS[fname]);
    throw e;
  }
  if (need && r[need] === undefined) throw invalidCombination(fname, a, SIGS[fname]);
  return r;
}

function required(fname, name, v) {
  if (v === undefined) throw new TypeError(`${fname}() missing 1 required positional arguments: "${name}"`);
  return v;
}

/** sort(dim=-1, descending=False) and sort(*, stable, dim=-1, descending=False). */
function sortArgs(fname, a) {
  let stable;
  if (a.length && isOptions(a[a.length - 1]) && 'stable' in a[a.length - 1]) {
    const { stable: s, ...rest } = a[a.length - 1];
    stable = s;
    a = Object.keys(rest).length ? [...a.slice(0, -1), rest] : a.slice(0, -1);
  }
  const { dim, descending } = bindOver(fname, a, ['dim', 'descending'], { dim: -1, descending: false });
  checkBool(fname, 'descending', descending);
  if (stable !== undefined && stable !== null) checkBool(fname, 'stable', stable);
  return [checkInt(fname, 'dim', dim), descending ? 1 : 0, stable ? 1 : 0];
}

/** aminmax's result: [min, max] with .min / .max, printed as torch.return_types.aminmax. */
class MinMax extends Array {
  static get [Symbol.species]() { return Array; }
  toString() { return `torch.return_types.aminmax(\nmin=${this[0]},\nmax=${this[1]})`; }
  [Symbol.for('nodejs.util.inspect.custom')]() { return this.toString(); }
}

let triplePtr = 0;
/** unique / unique_consecutive: the values, then inverse and counts when asked (a Tuple). */
function unique(t, consecutive, returnInverse, returnCounts) {
  if (!triplePtr) triplePtr = check(W.tp_malloc(12));
  checkStatus(W.tp_unique(t._ptr, consecutive ? 1 : 0, triplePtr));
  const [v, inv, cnt] = Array.from(new Uint32Array(memory.buffer, triplePtr, 3), (p) => wrap(p));
  if (!returnInverse && !returnCounts) { inv.dispose(); cnt.dispose(); return v; }
  const out = [v];
  if (returnInverse) out.push(inv); else inv.dispose();
  if (returnCounts) out.push(cnt); else cnt.dispose();
  return Tuple.from(out);
}

/** dims for the core: [ndims, pointer] (null/undefined: all). */
function dimList(fname, dim) {
  if (dim === undefined || dim === null) return [-1, 0];
  const list = Array.isArray(dim) ? dim : [dim];
  return [list.length === 0 ? -1 : list.length, args(list.map((d) => checkInt(fname, 'dim', d)))];
}
const dtypeCode = (fname, d) => (d === undefined || d === null ? -1 : toDtype(d, fname).code);
const INTERPOLATION = ['linear', 'lower', 'higher', 'midpoint', 'nearest'];

const SELECT = { median: 0, nanmedian: 1, mode: 2, cummax: 3, cummin: 4 };

export function install(torch, TensorClass) {
  Tensor = TensorClass;
  const methods = {};

  methods.sort = function (...a) {
    const [dim, desc, stable] = sortArgs('sort', a);
    return pair('sort', (out) => W.tp_sort(this._ptr, dim, desc, stable, out));
  };
  methods.argsort = function (...a) {
    const [dim, desc, stable] = sortArgs('argsort', a);
    const r = this.sort({ dim, descending: !!desc, stable: !!stable });
    r.values.dispose();
    return r.indices;
  };
  methods.msort = function (...a) {
    if (a.length) splitOptions('msort', a, []);
    const r = this.sort(0);
    r.indices.dispose();
    return r.values;
  };
  methods.topk = function (...a) {
    const { k, dim, largest, sorted } = bind('topk', a, ['k', 'dim', 'largest', 'sorted'], { dim: -1, largest: true, sorted: true });
    checkBool('topk', 'largest', largest);
    checkBool('topk', 'sorted', sorted);
    const kk = checkInt('topk', 'k', required('topk', 'k', k)), d = checkInt('topk', 'dim', dim);
    return pair('topk', (out) => W.tp_topk(this._ptr, kk, d, largest ? 1 : 0, sorted ? 1 : 0, out));
  };
  methods.kthvalue = function (...a) {
    const { k, dim, keepdim } = bindOver('kthvalue', a, ['k', 'dim', 'keepdim'], { dim: -1, keepdim: false }, 'k');
    checkBool('kthvalue', 'keepdim', keepdim);
    const kk = checkInt('kthvalue', 'k', k), d = checkInt('kthvalue', 'dim', dim);
    return pair('kthvalue', (out) => W.tp_kthvalue(this._ptr, kk, d, keepdim ? 1 : 0, out));
  };
  for (const name of ['median', 'nanmedian']) {
    methods[name] = function (...a) {
      const { dim, keepdim } = bindOver(name, a, ['dim', 'keepdim'], { keepdim: false });
      checkBool(name, 'keepdim', keepdim);
      if (dim === undefined || dim === null) return wrap(check(W.tp_median(this._ptr, SELECT[name])));
      const d = checkInt(name, 'dim', dim);
      return pair(name, (out) => W.tp_select_dim(SELECT[name], this._ptr, d, keepdim ? 1 : 0, out));
    };
  }
  methods.mode = function (...a) {
    const { dim, keepdim } = bindOver('mode', a, ['dim', 'keepdim'], { dim: -1, keepdim: false });
    checkBool('mode', 'keepdim', keepdim);
    const d = checkInt('mode', 'dim', dim);
    return pair('mode', (out) => W.tp_select_dim(SELECT.mode, this._ptr, d, keepdim ? 1 : 0, out));
  };
  for (const name of ['cummax', 'cummin']) {
    methods[name] = function (...a) {
      const d = checkInt(name, 'dim', bindOver(name, a, ['dim'], undefined, 'dim').dim);
      return pair(name, (out) => W.tp_select_dim(SELECT[name], this._ptr, d, 0, out));
    };
  }

  // ---- src/stats.c ----
  for (const name of ['nansum', 'nanmean']) {
    methods[name] = function (...a) {
      const { dim, keepdim, dtype } = bind(name, a, ['dim', 'keepdim', 'dtype'], { keepdim: false });
      checkBool(name, 'keepdim', keepdim);
      const [n, p] = dimList(name, dim);
      return wrap(check(W[`tp_${name}`](this._ptr, n, p, keepdim ? 1 : 0, dtypeCode(name, dtype))));
    };
  }
  methods.count_nonzero = function (...a) {
    const { dim } = bindOver('count_nonzero', a, ['dim']);
    const [n, p] = dimList('count_nonzero', dim);
    return wrap(check(W.tp_count_nonzero(this._ptr, n, p)));
  };
  methods.aminmax = function (...a) {
    const [pos, { dim, keepdim }] = splitOptions('aminmax', a, ['dim', 'keepdim']);
    if (pos.length) throw new TypeError(`aminmax() takes 0 positional arguments but ${pos.length} ${pos.length === 1 ? 'was' : 'were'} given`);
    checkBool('aminmax', 'keepdim', keepdim);
    const has = dim !== undefined && dim !== null;
    if (!pairPtr) pairPtr = check(W.tp_malloc(8));
    checkStatus(W.tp_aminmax(this._ptr, has ? 1 : 0, has ? checkInt('aminmax', 'dim', dim) : 0, keepdim ? 1 : 0, pairPtr));
    const p = new Uint32Array(memory.buffer, pairPtr, 2);
    const r = new MinMax();
    r.push(wrap(p[0]), wrap(p[1]));
    r.min = r[0];
    r.max = r[1];
    return r;
  };
  methods.logcumsumexp = function (...a) {
    const { dim } = bindOver('logcumsumexp', a, ['dim'], undefined, 'dim');
    return wrap(check(W.tp_logcumsumexp(this._ptr, checkInt('logcumsumexp', 'dim', dim))));
  };
  for (const name of ['cumsum', 'cumprod']) {
    methods[`${name}_`] = function (...a) {
      const { dim, dtype } = bind(`${name}_`, a, ['dim', 'dtype']);
      const d = checkInt(`${name}_`, 'dim', required(`${name}_`, 'dim', dim));
      checkStatus(W.tp_cumop_(OP[name], this._ptr, d, dtypeCode(`${name}_`, dtype)));
      return this;
    };
  }
  for (const [name, ignoreNan] of [['quantile', 0], ['nanquantile', 1]]) {
    methods[name] = function (...a) {
      const { q, dim, keepdim, interpolation = 'linear' } = bind(name, a, ['q', 'dim', 'keepdim', 'interpolation'], { keepdim: false });
      checkBool(name, 'keepdim', keepdim);
      required(name, 'q', q);
      const mode = INTERPOLATION.indexOf(interpolation);
      if (mode < 0) throw new TensorError(`${name}() interpolation must be one of linear, lower, higher, midpoint or nearest, but got ${interpolation}`);
      const has = dim !== undefined && dim !== null;
      const qt = q instanceof Tensor ? q : null;
      if (!qt && typeof q !== 'number') throw new TypeError(`${name}(): argument 'q' (position 1) must be Tensor, not ${describe(q)}`);
      return wrap(check(W.tp_quantile(this._ptr, qt ? qt._ptr : 0, qt ? 0 : q, has ? 1 : 0, has ? checkInt(name, 'dim', dim) : 0,
        keepdim ? 1 : 0, mode, ignoreNan)));
    };
  }
  methods.diff = function (...a) {
    const { n, dim, prepend, append } = bind('diff', a, ['n', 'dim', 'prepend', 'append'], { n: 1, dim: -1 });
    const nn = checkInt('diff', 'n', n), d = checkInt('diff', 'dim', dim);
    const opt = (v, k, i) => (v === undefined || v === null ? 0 : mustBeTensor('diff', k, i, v)._ptr);
    const pp = opt(prepend, 'prepend', 3), ap = opt(append, 'append', 4);
    if (nn < 0) return this;  // 1.13 runs zero differences for a negative n
    return wrap(check(W.tp_diff(this._ptr, nn, d, pp, ap)));
  };
  methods.dist = function (...a) {
    const { other, p } = bind('dist', a, ['other', 'p'], { p: 2 });
    const o = mustBeTensor('dist', 'other', 1, required('dist', 'other', other));
    if (typeof p !== 'number') throw new TypeError(`dist(): argument 'p' (position 2) must be Number, not ${describe(p)}`);
    return wrap(check(W.tp_dist(this._ptr, o._ptr, p)));
  };
  methods.histc = function (...a) {
    const { bins, min, max } = bind('histc', a, ['bins', 'min', 'max'], { bins: 100, min: 0, max: 0 });
    return wrap(check(W.tp_histc(this._ptr, checkInt('histc', 'bins', bins), Number(min), Number(max))));
  };
  methods.bincount = function (...a) {
    const { weights, minlength } = bind('bincount', a, ['weights', 'minlength'], { minlength: 0 });
    const w = weights === undefined || weights === null ? null : mustBeTensor('bincount', 'weights', 1, weights);
    return wrap(check(W.tp_bincount(this._ptr, w ? w._ptr : 0, checkInt('bincount', 'minlength', minlength))));
  };
  methods.unique = function (...a) {
    const o = bind('unique', a, ['sorted', 'return_inverse', 'return_counts', 'dim']);
    if (o.dim !== undefined && o.dim !== null) throw new TensorError('tensorpad: unique(dim=...) is not supported; flatten first');
    return unique(this, false, o.return_inverse, o.return_counts);
  };
  methods.unique_consecutive = function (...a) {
    const o = bind('unique_consecutive', a, ['return_inverse', 'return_counts', 'dim']);
    if (o.dim !== undefined && o.dim !== null) throw new TensorError('tensorpad: unique_consecutive(dim=...) is not supported; flatten first');
    return unique(this, true, o.return_inverse, o.return_counts);
  };

  Object.assign(Tensor.prototype, methods);
  for (const name of Object.keys(methods)) {
    if (name.endsWith('_')) continue;  // in-place methods have no torch.* function
    torch[name] = inputKeyword(name, (x, ...a) => mustBeTensor(name, 'input', 1, x)[name](...a));
  }
}
