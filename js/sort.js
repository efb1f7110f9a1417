// Sorting, selection and the reductions and scans around them: sort, argsort, msort, topk,
// kthvalue, median, nanmedian, mode, cummax, cummin (src/sort.c) and the composites built
// on them. Only argument binding happens here; the maths, the tie-breaking and autograd
// are in the core.
import { W, check, checkStatus, memory } from './core.js';
import { describe } from './dtype.js';
import { bind, splitOptions, checkInt, checkBool, isOptions, inputKeyword, invalidCombination } from './args.js';
import { wrap } from './tensor.js';
import { returnTypes } from './ops.js';

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

  Object.assign(Tensor.prototype, methods);
  for (const name of Object.keys(methods)) {
    torch[name] = inputKeyword(name, (x, ...a) => mustBeTensor(name, 'input', 1, x)[name](...a));
  }
}
