// Sorting, selection and the reductions and scans around them: sort, argsort, msort, topk,
// kthvalue, median, nanmedian, mode, cummax, cummin (src/ops/reduce/sort.c), and nansum, nanmean,
// count_nonzero, aminmax, logcumsumexp, cumsum_/cumprod_, quantile, nanquantile, diff,
// dist, histc, bincount, unique, unique_consecutive (src/ops/reduce/stats.c). Only argument binding
// happens here; the maths, the tie-breaking and autograd are in the core.
import { W, check, checkStatus, memory, args, TensorError } from '../core/wasm.js';
import { describe, toDtype } from '../core/dtype.js';
import { bind, missingArg, splitOptions, checkInt, isOptions, inputKeyword, invalidCombination, noArgs } from '../core/args.js';
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
  cumsum_: ['int dim, *, torch.dtype dtype', 'name dim, *, torch.dtype dtype'],
  cumprod_: ['int dim, *, torch.dtype dtype', 'name dim, *, torch.dtype dtype'],
  quantile: ['Tensor q, int dim, bool keepdim, *, str interpolation', 'float q, int dim, bool keepdim, *, str interpolation'],
  nanquantile: ['Tensor q, int dim, bool keepdim, *, str interpolation', 'float q, int dim, bool keepdim, *, str interpolation'],
};

// Python's argument types and how they are named in its messages.
const IS = {
  int: (v) => (typeof v === 'number' && Number.isInteger(v)) || typeof v === 'bigint',
  bool: (v) => typeof v === 'boolean',
  Number: (v) => typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint',
  Tensor: (v) => v instanceof Tensor,
  'tuple of ints': (v) => IS.int(v) || (Array.isArray(v) && v.every(IS.int)),
  'q': (v) => v instanceof Tensor || typeof v === 'number',
  'str': (v) => typeof v === 'string',
};

/** Binds Python's positional-or-keyword parameters and checks their types (null is None and
 *  passes). What fits no overload of an overloaded method (SIGS) gets Python's "invalid
 *  combination" message; a method with one signature names the argument and its position. */
function params(fname, a, names, types, defaults, need = []) {
  const over = fname in SIGS;
  const npos = a.length && isOptions(a[a.length - 1]) ? a.length - 1 : a.length;
  let r;
  try {
    r = bind(fname, a, names, defaults);
  } catch (e) {
    if (over && e instanceof TypeError) throw invalidCombination(fname, a, SIGS[fname]);
    throw e;
  }
  // Python names the bad argument when one overload alone fits the call's arity: kthvalue
  // without a dim (its Dimname overload needs one).
  const dimGiven = npos >= 2 || (npos < a.length && a[a.length - 1].dim !== undefined);
  const one = !over || (fname === 'kthvalue' && !dimGiven);
  names.forEach((n, i) => {
    const v = r[n], t = types[i];
    if (v === undefined || v === null || !t || IS[t](v)) return;
    if (!one) throw invalidCombination(fname, a, SIGS[fname]);
    const tail = Array.isArray(v) && t === 'Tensor' ? 'list; wrap JS arrays with torch.tensor(...)' : describe(v);
    throw new TypeError(`${fname}(): argument '${n}'${i < npos ? ` (position ${i + 1})` : ''} must be ${t}, not ${tail}`);
  });
  for (const n of need) {
    if (r[n] !== undefined) continue;
    if (over) throw invalidCombination(fname, a, SIGS[fname]);
    throw missingArg(fname, n);
  }
  return r;
}

/** sort(dim=-1, descending=False) and sort(*, bool stable, dim=-1, descending=False): with
 *  stable (which must be a bool), dim and descending are keyword-only. */
function sortArgs(fname, a) {
  const last = a.length ? a[a.length - 1] : undefined;
  if (isOptions(last) && last.stable !== undefined) {
    if (fname === 'sort' && a.length === 1 && last.stable === null) {  // 1.13's sort(stable=None), message and all
      throw new TensorError('stable.has_value() INTERNAL ASSERT FAILED at "./aten/src/ATen/native/Sorting.cpp":42, please report a bug to PyTorch. sort(): c10::optional<bool> for stable has to have value.');
    }
    if (a.length > 1 || typeof last.stable !== 'boolean') throw invalidCombination(fname, a, SIGS[fname]);
    const { stable, ...rest } = last;
    const { dim, descending } = params(fname, [rest], ['dim', 'descending'], ['int', 'bool'], { dim: -1, descending: false });
    return [Number(dim), descending ? 1 : 0, stable ? 1 : 2];  // 2: stable=false given (sort.stable, SortBackward1)
  }
  if (isOptions(last) && 'stable' in last) {  // {stable: undefined}: as if absent
    const { stable, ...rest } = last;
    a = [...a.slice(0, -1), rest];
  }
  const { dim, descending } = params(fname, a, ['dim', 'descending'], ['int', 'bool'], { dim: -1, descending: false });
  return [Number(dim), descending ? 1 : 0, 0];
}

/** aminmax's result: [min, max] with .min / .max, printed as torch.return_types.aminmax. */
class MinMax extends Array {
  static get [Symbol.species]() { return Array; }
  get fname() { return 'aminmax'; }  // a named tuple for Python mode (js/python_bridge.js encode)
  toString() { return `torch.return_types.aminmax(\nmin=${this[0]},\nmax=${this[1]})`; }
  [Symbol.for('nodejs.util.inspect.custom')]() { return this.toString(); }
}

let triplePtr = 0;
/** unique / unique_consecutive: the values, then inverse and counts when asked (a Tuple). */
function unique(t, sorted, consecutive, returnInverse, returnCounts, dim) {
  if (!triplePtr) triplePtr = check(W.tp_malloc(12));
  if (dim === undefined || dim === null) checkStatus(W.tp_unique(t._ptr, sorted ? 1 : 0, consecutive ? 1 : 0, triplePtr));
  else checkStatus(W.tp_unique_dim(t._ptr, Number(dim), consecutive ? 1 : 0, triplePtr));
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
    const r = pair('argsort', (out) => W.tp_sort(this._ptr, dim, desc, stable, out));
    r.values.dispose();
    return r.indices;
  };
  methods.msort = function (...a) {
    if (a.length) noArgs('msort', a);
    const r = this.sort(0);
    r.indices.dispose();
    return r.values;
  };
  methods.topk = function (...a) {
    const { k, dim, largest, sorted } = params('topk', a, ['k', 'dim', 'largest', 'sorted'], ['int', 'int', 'bool', 'bool'],
      { dim: -1, largest: true, sorted: true }, ['k']);
    return pair('topk', (out) => W.tp_topk(this._ptr, Number(k), Number(dim), largest ? 1 : 0, sorted ? 1 : 0, out));
  };
  methods.kthvalue = function (...a) {
    const { k, dim, keepdim } = params('kthvalue', a, ['k', 'dim', 'keepdim'], ['int', 'int', 'bool'], { dim: -1, keepdim: false }, ['k']);
    return pair('kthvalue', (out) => W.tp_kthvalue(this._ptr, Number(k), Number(dim), keepdim ? 1 : 0, out));
  };
  for (const name of ['median', 'nanmedian']) {
    methods[name] = function (...a) {
      const { dim, keepdim } = params(name, a, ['dim', 'keepdim'], ['int', 'bool'], { keepdim: false });
      if (dim === undefined || dim === null) return wrap(check(W.tp_median(this._ptr, SELECT[name])));
      return pair(name, (out) => W.tp_select_dim(SELECT[name], this._ptr, Number(dim), keepdim ? 1 : 0, out));
    };
  }
  methods.mode = function (...a) {
    const { dim, keepdim } = params('mode', a, ['dim', 'keepdim'], ['int', 'bool'], { dim: -1, keepdim: false });
    return pair('mode', (out) => W.tp_select_dim(SELECT.mode, this._ptr, Number(dim), keepdim ? 1 : 0, out));
  };
  for (const name of ['cummax', 'cummin']) {
    methods[name] = function (...a) {
      const { dim } = params(name, a, ['dim'], ['int'], undefined, ['dim']);
      return pair(name, (out) => W.tp_select_dim(SELECT[name], this._ptr, Number(dim), 0, out));
    };
  }

  // ---- src/ops/reduce/stats.c ----
  for (const name of ['nansum', 'nanmean']) {
    methods[name] = function (...a) {
      const npos = a.length && isOptions(a[a.length - 1]) ? a.length - 1 : a.length;  // dtype is keyword-only
      if (npos > 2) throw new TypeError(`${name}() takes from 0 to 2 positional arguments but ${npos} were given`);
      const { dim, keepdim, dtype } = params(name, a, ['dim', 'keepdim', 'dtype'], ['tuple of ints', 'bool', null], { keepdim: false });
      const [n, p] = dimList(name, dim);
      return wrap(check(W[`tp_${name}`](this._ptr, n, p, keepdim ? 1 : 0, dtypeCode(name, dtype))));
    };
  }
  methods.count_nonzero = function (...a) {
    const { dim } = params('count_nonzero', a, ['dim'], ['tuple of ints']);
    const [n, p] = dimList('count_nonzero', dim);
    return wrap(check(W.tp_count_nonzero(this._ptr, n, p)));
  };
  methods.aminmax = function (...a) {
    const [pos, { dim, keepdim }] = splitOptions('aminmax', a, ['dim', 'keepdim']);
    if (pos.length) throw new TypeError(`aminmax() takes 0 positional arguments but ${pos.length} ${pos.length === 1 ? 'was' : 'were'} given`);
    params('aminmax', [{ dim, keepdim }], ['dim', 'keepdim'], ['int', 'bool']);
    const has = dim !== undefined && dim !== null;
    if (!pairPtr) pairPtr = check(W.tp_malloc(8));
    checkStatus(W.tp_aminmax(this._ptr, has ? 1 : 0, has ? Number(dim) : 0, keepdim ? 1 : 0, pairPtr));
    const p = new Uint32Array(memory.buffer, pairPtr, 2);
    const r = new MinMax();
    r.push(wrap(p[0]), wrap(p[1]));
    r.min = r[0];
    r.max = r[1];
    return r;
  };
  methods.logcumsumexp = function (...a) {
    const { dim } = params('logcumsumexp', a, ['dim'], ['int'], undefined, ['dim']);
    return wrap(check(W.tp_logcumsumexp(this._ptr, Number(dim))));
  };
  for (const name of ['cumsum', 'cumprod']) {
    methods[`${name}_`] = function (...a) {
      if ((a.length && isOptions(a[a.length - 1]) ? a.length - 1 : a.length) > 1) throw invalidCombination(`${name}_`, a, SIGS[`${name}_`]);  // dtype is keyword-only
      const { dim, dtype } = params(`${name}_`, a, ['dim', 'dtype'], ['int', null], undefined, ['dim']);
      checkStatus(W.tp_cumop_(OP[name], this._ptr, Number(dim), dtypeCode(`${name}_`, dtype)));
      return this;
    };
  }
  for (const [name, ignoreNan] of [['quantile', 0], ['nanquantile', 1]]) {
    methods[name] = function (...a) {
      const { q, dim, keepdim, interpolation } = params(name, a, ['q', 'dim', 'keepdim', 'interpolation'], ['q', 'int', 'bool', 'str'],
        { keepdim: false, interpolation: 'linear' }, ['q']);
      const mode = INTERPOLATION.indexOf(interpolation);
      if (mode < 0) throw new TensorError(`${name}() interpolation must be one of linear, lower, higher, midpoint or nearest, but got ${interpolation}`);
      const has = dim !== undefined && dim !== null, qt = q instanceof Tensor ? q : null;
      return wrap(check(W.tp_quantile(this._ptr, qt ? qt._ptr : 0, qt ? 0 : q, has ? 1 : 0, has ? Number(dim) : 0,
        keepdim ? 1 : 0, mode, ignoreNan)));
    };
  }
  methods.diff = function (...a) {
    const { n, dim, prepend, append } = params('diff', a, ['n', 'dim', 'prepend', 'append'], ['int', 'int', 'Tensor', 'Tensor'], { n: 1, dim: -1 });
    if (n < 0) return this;  // 1.13 runs zero differences for a negative n
    return wrap(check(W.tp_diff(this._ptr, Number(n), Number(dim), prepend ? prepend._ptr : 0, append ? append._ptr : 0)));
  };
  methods.dist = function (...a) {
    const { other, p } = params('dist', a, ['other', 'p'], ['Tensor', 'Number'], { p: 2 }, ['other']);
    return wrap(check(W.tp_dist(this._ptr, other._ptr, Number(p))));
  };
  methods.histc = function (...a) {
    const { bins, min, max } = params('histc', a, ['bins', 'min', 'max'], ['int', 'Number', 'Number'], { bins: 100, min: 0, max: 0 });
    return wrap(check(W.tp_histc(this._ptr, Number(bins), Number(min), Number(max))));
  };
  methods.bincount = function (...a) {
    const { weights, minlength } = params('bincount', a, ['weights', 'minlength'], ['Tensor', 'int'], { minlength: 0 });
    return wrap(check(W.tp_bincount(this._ptr, weights ? weights._ptr : 0, Number(minlength))));
  };
  methods.unique = function (...a) {
    const o = bind('unique', a, ['sorted', 'return_inverse', 'return_counts', 'dim'], { sorted: true, return_inverse: false, return_counts: false });
    const dimmed = o.dim !== undefined && o.dim !== null;
    params(dimmed ? 'unique_dim' : '_unique2', [{ sorted: o.sorted, return_inverse: o.return_inverse, return_counts: o.return_counts, dim: o.dim }],
      ['sorted', 'return_inverse', 'return_counts', 'dim'], ['bool', 'bool', 'bool', 'int']);
    return unique(this, o.sorted, false, o.return_inverse, o.return_counts, o.dim);
  };
  methods.unique_consecutive = function (...a) {
    const o = params('unique_consecutive', a, ['return_inverse', 'return_counts', 'dim'], ['bool', 'bool', 'int'],
      { return_inverse: false, return_counts: false });
    return unique(this, true, true, o.return_inverse, o.return_counts, o.dim);
  };

  Object.assign(Tensor.prototype, methods);
  for (const name of Object.keys(methods)) {
    if (name.endsWith('_')) continue;  // in-place methods have no torch.* function
    torch[name] = inputKeyword(name, (x, ...a) => {
      try {
        return mustBeTensor(name, 'input', 1, x)[name](...a);
      } catch (e) {  // the function form lists the input among the types it got
        if (name in SIGS && e instanceof TypeError && e.message.startsWith(`${name}() received an invalid combination`)) {
          throw invalidCombination(name, a, SIGS[name], true);
        }
        const m = e instanceof TypeError && /^(\w+\(\) takes from )(\d+) to (\d+)( positional arguments but )(\d+)( were given)$/.exec(e.message);
        if (m) throw new TypeError(`${m[1]}${+m[2] + 1} to ${+m[3] + 1}${m[4]}${+m[5] + 1}${m[6]}`);  // ... and counts it
        throw e;
      }
    });
  }
}
