// Elementwise and reduction operators: Tensor methods and torch.* functions over the core's
// op table (src/ops.def). The op list is read from the module at load time: each unary and
// binary op becomes a method, a torch.* function and (where PyTorch has one) an in-place
// method, with nothing mirrored by hand.
//
// The hot path (x.mul(y), x.add(2)) is one type test and one wasm call: no options parsing
// and no allocation besides the result's wrapper. JS numbers go to the core as scalars with
// their kind (bool / int / float) so PyTorch's wrapped-number promotion applies there.
import { W, check, checkStatus, args, memory, cstr, TensorError } from '../core/wasm.js';
import { toDtype, describe, dtype, dtypes } from '../core/dtype.js';
import { bind, splitOptions, checkInt, checkBool, isOptions, inputKeyword, noArgs, invalidCombination, PyFloat } from '../core/args.js';
import { wrap } from './tensor.js';

// ---- the op table ------------------------------------------------------------------------
const KIND = { UNARY: 0, BINARY: 1, WHERE: 2, CLAMP: 3, REDUCE: 4, DIMOP: 5 };
const NONE = -1;
export const OP = {};
const kindOf = {};
for (let i = 0, n = W.tp_op_count(); i < n; i++) {
  const name = cstr(W.tp_op_name(i));
  OP[name] = i;
  kindOf[name] = W.tp_op_kind(i);
}

/** grad_fn name PyTorch records for op (alt: its scalar / dim overload), for autograd. */
export function gradFnName(name, alt = false) { return cstr(W.tp_op_grad_fn(OP[name], alt ? 1 : 0)); }

// ---- argument helpers --------------------------------------------------------------------
/** The TP_SCALAR_* kind of a JS scalar: JS cannot tell 1.0 from 1, so integers are ints. */
function scalarKind(v) { return typeof v === 'boolean' ? 0 : v instanceof PyFloat ? 2 : Number.isInteger(v) ? 1 : 2; }
function isScalar(v) { return typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint' || v instanceof PyFloat; }
function num(v) { return typeof v === 'boolean' ? (v ? 1 : 0) : Number(v); }
/** Also PyTorch's argument check: an int scalar must fit int64 ("Overflow when unpacking
 * long"); 1e20 is an int to JS, as 10**20 is to Python. */
function kindOfScalar(v) {
  const k = typeof v === 'bigint' ? 1 : scalarKind(v);
  if (k === 1 && (v >= 9223372036854775808 || v < -9223372036854775808)) throw new TensorError('Overflow when unpacking long');
  return k;
}

let Tensor = null;

/** torch.result_type(a, b): PyTorch's promotion by category (dimensioned tensors, 0-d tensors,
 * Python numbers), as the binary ops apply it. */
export function result_type(a, b) {
  const ta = a instanceof Tensor, tb = b instanceof Tensor;
  return dtypes[W.tp_result_type2(ta ? a._ptr : 0, ta ? -1 : kindOfScalar(a), tb ? b._ptr : 0, tb ? -1 : kindOfScalar(b))];
}

/** torch.f({input: x, ...}): Python's keyword form of the first operand -> [x, rest or undefined]. */
function splitInput(fname, opts) {
  const [, o] = splitOptions(fname, [opts], [...Object.keys(opts)]);
  const { input, ...rest } = o;
  return [input === undefined ? opts : input, Object.keys(rest).length ? rest : undefined];
}
function inputOf(fname, x) {
  if (isOptions(x)) {
    const [input, rest] = splitInput(fname, x);
    if (rest) throw new TypeError(`${fname}() got an unexpected keyword argument '${Object.keys(rest)[0]}'`);
    return mustBeTensor(fname, 'input', 1, input);
  }
  return mustBeTensor(fname, 'input', 1, x);
}

/** Python's check; an argument given by keyword (pos null) has no position in the message. */
function mustBeTensor(fname, argname, pos, v) {
  if (v instanceof Tensor) return v;
  const where = pos === null ? '' : ` (position ${pos})`;
  if (Array.isArray(v)) {
    throw new TypeError(`${fname}(): argument '${argname}'${where} must be Tensor, not list; wrap JS arrays with torch.tensor(...)`);
  }
  throw new TypeError(`${fname}(): argument '${argname}'${where} must be Tensor, not ${describe(v)}`);
}

function dtypeCode(d, fname) { return d === undefined || d === null ? -1 : toDtype(d, fname).code; }

/** dims as (ndims, pointer): null/undefined = all (-1); an int or an array of ints. */
function dimArgs(fname, dim) {
  if (dim === undefined || dim === null) return [-1, 0];
  // an element of a dim list may be a one-element integer (or bool) tensor, as python_arg_parser's is_int_list allows
  const index = (d) => (d instanceof Tensor && d.numel() === 1 && !d.dtype.is_floating_point ? Number(d.item()) : d);
  const list = Array.isArray(dim) ? dim.map(index) : [dim];
  return [list.length, args(list.map((d) => checkInt(fname, 'dim', d)))];
}

/** [values, indices] that also has .values / .indices, printed as PyTorch's return_types. */
class ReturnTypes extends Array {
  static get [Symbol.species]() { return Array; }
  toString() { return `torch.return_types.${this.fname}(\nvalues=${this[0]},\nindices=${this[1]})`; }
  [Symbol.for('nodejs.util.inspect.custom')]() { return this.toString(); }
}
export function returnTypes(fname, values, indices) {
  const r = new ReturnTypes();
  r.push(values, indices);
  Object.defineProperty(r, 'fname', { value: fname });
  r.values = values;
  r.indices = indices;
  return r;
}

let pairPtr = 0;
function indexed(fname, t, dim, keepdim) {
  checkBool(fname, 'keepdim', keepdim);
  if (!pairPtr) pairPtr = check(W.tp_malloc(8));
  checkStatus(W.tp_reduce_indexed(OP[fname], t._ptr, checkInt(fname, 'dim', dim), keepdim ? 1 : 0, pairPtr));
  const p = new Uint32Array(memory.buffer, pairPtr, 2);
  return returnTypes(fname, wrap(p[0]), wrap(p[1]));
}

// ---- binary -----------------------------------------------------------------------------
// Which binary ops take a Python scalar as `other` (maximum/minimum/logical_* do not in 1.13).
const TENSOR_ONLY = new Set(['maximum', 'minimum', 'logical_and', 'logical_or', 'logical_xor',
  'atan2', 'hypot', 'logaddexp', 'logaddexp2', 'fmax', 'fmin', 'heaviside', 'gcd', 'lcm', 'nextafter']);
export const TITLE = { float32: 'Float', float64: 'Double', int32: 'Int', int64: 'Long', bool: 'Bool' };
const ALPHA = new Set(['add', 'sub']);
const REVERSIBLE = new Set(['add', 'sub', 'mul', 'div', 'pow', 'remainder',
  'xlogy', 'bitwise_and', 'bitwise_or', 'bitwise_xor', 'bitwise_left_shift', 'bitwise_right_shift']);
/** The name of a binary op's second operand (Python's keyword). */
const otherName = (name) => (name === 'pow' ? 'exponent' : name === 'heaviside' ? 'values' : 'other');

/** Python's keyword arguments of a binary op: the operand (`other`; pow's is `exponent`),
 *  alpha (add/sub), rounding_mode (div). Returns [op id, alpha, other]. */
function binaryArgs(name, fname, other, opts, inplace) {
  let op = OP[name] ?? OP[`_${name}`], alpha = 1;   // floor_divide: ops.def's _floor_divide
  if (opts === undefined && isOptions(other)) { opts = other; other = undefined; }  // x.add({other: y})
  if (opts === undefined) return [op, alpha, other];
  const kw = otherName(name);
  const keys = [kw, ...(ALPHA.has(name) ? ['alpha'] : name === 'div' ? ['rounding_mode'] : []), ...(inplace ? [] : ['out'])];
  const [pos, o] = splitOptions(fname, [opts], keys);
  if (pos.length) throw new TypeError(`${fname}() takes 1 positional argument but 2 were given`);
  let byKw = false;
  if (o[kw] !== undefined) {
    if (other !== undefined) throw new TypeError(`${fname}() got multiple values for argument '${kw}'`);
    other = o[kw];
    byKw = true;
  }
  if (o.out !== undefined) throw new TypeError("tensorpad does not support the 'out' argument");
  if (o.alpha !== undefined) alpha = alphaValue(fname, o.alpha);
  if (o.rounding_mode === 'trunc') op = OP._div_trunc;
  else if (o.rounding_mode === 'floor') op = OP._div_floor;
  else if (o.rounding_mode === null) op = OP._div_none;   // div.Tensor_mode: DivBackward2
  else if (o.rounding_mode !== undefined) {
    throw new TensorError(`div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '${o.rounding_mode}'`);
  }
  return [op, alpha, other, byKw];
}

/** alpha is a Python Number (a bool only where the result is bool, checked by boolAlpha). */
function alphaValue(fname, v) {
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint' || v instanceof PyFloat) return v;
  throw new TypeError(`${fname}(): argument 'alpha' must be Number, not ${describe(v)}`);
}
function boolAlpha(alpha, self, other) {
  if (alpha instanceof PyFloat) {  // Python mode's 1.0: a float alpha even when integral
    const floatOther = other instanceof Tensor ? other.dtype.is_floating_point : other instanceof PyFloat || !Number.isInteger(Number(other));
    if (!self.dtype.is_floating_point && !floatOther) throw new TensorError('For integral input tensors, argument alpha must not be a floating point number.');
    return alpha.value;
  }
  if (typeof alpha !== 'boolean') return num(alpha);
  const isBool = self.dtype.name === 'bool' && (other instanceof Tensor ? other.dtype.name === 'bool' : typeof other === 'boolean');
  if (!isBool) throw new TensorError('Boolean alpha only supported for Boolean results.');
  return num(alpha);
}

function binary(name, self, other, opts, pos = 1) {
  const [op, rawAlpha, b, byKw] = binaryArgs(name, name, other, opts, false);
  const alpha = boolAlpha(rawAlpha, self, b);
  if (b instanceof Tensor) return wrap(check(W.tp_binary(op, self._ptr, b._ptr, alpha)));
  if (isScalar(b) && !TENSOR_ONLY.has(name)) {
    return wrap(check(W.tp_binary_scalar(op, self._ptr, num(b), kindOfScalar(b), 0, alpha)));
  }
  return mustBeTensor(name, otherName(name), byKw ? null : pos, b);
}

const OVERLAP_TEXT = 'unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.';
function binaryInplace(name, self, other, opts) {
  const [op, rawAlpha, b, byKw] = binaryArgs(name, `${name}_`, other, opts, true);
  let alpha;
  try {
    alpha = boolAlpha(rawAlpha, self, b);
  } catch (e) {  // TensorIterator's overlap check comes before alpha's
    const st = self.stride();
    if (self.numel() > 0 && self.shape.some((n, d) => n > 1 && st[d] === 0)) throw new TensorError(OVERLAP_TEXT);
    throw e;
  }
  if (b instanceof Tensor) checkStatus(W.tp_binary_(op, self._ptr, b._ptr, alpha));
  else if (isScalar(b) && !TENSOR_ONLY.has(name)) checkStatus(W.tp_binary_scalar_(op, self._ptr, num(b), kindOfScalar(b), alpha));
  else mustBeTensor(`${name}_`, otherName(name), byKw ? null : 1, b);
  return self;
}

/** s op x for a scalar s on the left (torch.pow(2, x), torch.remainder(2, x), rsub). */
function reversed(name, s, x, alpha = 1, rsub = false) {
  // 2 tells autograd this is rsub (RsubBackward1), not torch.sub(2, x) (SubBackward0)
  return wrap(check(W.tp_binary_scalar(OP[name], x._ptr, num(s), kindOfScalar(s), rsub ? 2 : 1, alpha)));
}

// ---- where and clamp ----------------------------------------------------------------------
/** torch.where(condition, input, other); as a method (self = input) `other` is position 2. */
function where(condition, input, other, method = false) {
  const c = mustBeTensor('where', 'condition', 1, condition);
  if (input === undefined && other === undefined) return c.nonzero({ as_tuple: true });   // torch.where(condition)
  const a = input instanceof Tensor ? input : isScalar(input) ? null : mustBeTensor('where', 'input', 2, input);
  const b = other instanceof Tensor ? other : isScalar(other) ? null : mustBeTensor('where', 'other', method ? 2 : 3, other);
  return wrap(check(W.tp_where(c._ptr, a ? a._ptr : 0, b ? b._ptr : 0,
    a ? 0 : num(input), a ? NONE : kindOfScalar(input), b ? 0 : num(other), b ? NONE : kindOfScalar(other))));
}


const SCALAR_KIND = { bool: 0, int32: 1, int64: 1, float32: 2, float64: 2 };

/** clamp's bounds as the core takes them: [lo, hi, slo, klo, shi, khi]. PyTorch has
 * clamp(Tensor? min, Tensor? max) and clamp(Scalar? min, Scalar? max): a tensor with a number
 * fits neither, unless the tensor is 0-d without grad (Python then takes it as a Number). */
function clampArgs(fname, a, isFunction = false) {
  let { min, max } = bind(fname, a, ['min', 'max']);
  const mixed = (min instanceof Tensor && isScalar(max)) || (isScalar(min) && max instanceof Tensor);
  if (mixed) {
    const t = min instanceof Tensor ? min : max;
    if (t.dim() !== 0 || t.requires_grad) {
      throw invalidCombination(fname, a, ['Tensor min, Tensor max', 'Number min, Number max'], isFunction);
    }
  }
  const bound = (v, n) => {
    if (v === undefined || v === null) return [0, 0, NONE];
    if (v instanceof Tensor) return mixed ? [0, v.item(), SCALAR_KIND[v.dtype.name]] : [v._ptr, 0, NONE];
    if (isScalar(v)) return [0, num(v), kindOfScalar(v)];
    return mustBeTensor(fname, n, n === 'min' ? 1 : 2, v);
  };
  const [lo, slo, klo] = bound(min, 'min'), [hi, shi, khi] = bound(max, 'max');
  return [lo, hi, slo, klo, shi, khi];
}

// ---- reductions ---------------------------------------------------------------------------
function reduce(name, t, dim, keepdim, param = 0, dtype = -1) {
  checkBool(name, 'keepdim', keepdim);
  const [n, p] = dimArgs(name, dim);
  return wrap(check(W.tp_reduce(OP[name], t._ptr, n, p, keepdim ? 1 : 0, param, dtype)));
}

/** std/var(dim, unbiased, keepdim), std/var(dim, *, correction, keepdim) and the bool-first
 *  overload std(unbiased). As in 1.13, `correction` is keyword-only and needs `dim` (null
 *  for all dims): other mixes match none of PyTorch's overloads. */
const VAR_SIGS = ['tuple of ints dim, *, int correction, bool keepdim', 'tuple of ints dim, bool unbiased, bool keepdim', 'bool unbiased',
  'tuple of names dim, *, int correction, bool keepdim', 'tuple of names dim, bool unbiased, bool keepdim'];
function varLike(name, t, a, isFunction = false) {
  const { dim, keepdim, corr } = varArgs(name, a, isFunction);
  return reduce(name, t, dim, keepdim, corr);
}
/** std_mean / var_mean: [std (var), mean] from one pass, with std's (var's) arguments. */
export function varMean(name, t, a) {
  const { dim, keepdim, corr } = varArgs(name, a, false);
  checkBool(name, 'keepdim', keepdim);
  const [n, p] = dimArgs(name, dim);
  if (!pairPtr) pairPtr = check(W.tp_malloc(8));
  checkStatus(W.tp_var_mean(OP[name], t._ptr, n, p, keepdim ? 1 : 0, corr, pairPtr));
  const q = new Uint32Array(memory.buffer, pairPtr, 2);
  return [wrap(q[0]), wrap(q[1])];
}
function varArgs(name, a, isFunction) {
  const [pos, opts] = a.length && isOptions(a[a.length - 1]) ? [a.slice(0, -1), a[a.length - 1]] : [a, {}];
  const hasCorrection = 'correction' in opts;
  const hasDim = 'dim' in opts || (pos.length > 0 && typeof pos[0] !== 'boolean');
  if (pos.length > 3 || (hasCorrection && (!hasDim || 'unbiased' in opts || pos.length > 1)) || ('keepdim' in opts && !hasDim)) {
    throw invalidCombination(name, a, VAR_SIGS, isFunction);
  }
  if (a.length && typeof a[0] === 'boolean') a = [null, ...a];
  const { dim, unbiased, keepdim, correction } = bind(name, a, ['dim', 'unbiased', 'keepdim', 'correction']);
  checkBool(name, 'unbiased', unbiased);
  const corr = correction !== undefined && correction !== null ? num(correction) : unbiased === false ? 0 : 1;
  return { dim, keepdim, corr };
}

function normP(p) {
  if (p === undefined || p === null || p === 'fro') return 2;
  // 1.13's torch.norm sends any other string to linalg.matrix_norm, which knows 'nuc' only
  if (typeof p === 'string') throw new TensorError(`only valid string values are 'fro' and 'nuc', found ${p}`);
  if (typeof p === 'boolean') throw new TensorError('norm_kernel_tensor_iterator_impl expects norm to be integer or float');
  if (typeof p === 'bigint') return Number(p);
  if (typeof p !== 'number') throw new TensorError(`norm(): p=${describe(p)} is not supported by tensorpad (numbers, 'fro', Infinity)`);
  return p;
}
/** The nuclear norm of a matrix (1.13's matrix_norm(A, 'nuc'): svdvals(A).sum(-1)), over both dims of a 2-D tensor. */
function nuclearNorm(t, dim, keepdim) {
  const dims = dim === undefined || dim === null ? [0, 1] : Array.isArray(dim) ? dim.map((d) => (d < 0 ? d + t.ndim : d)) : [dim];
  if (t.ndim !== 2 || dims.length !== 2 || dims[0] === dims[1] || !dims.every((d) => d === 0 || d === 1)) {
    throw new TensorError("tensorpad: norm(p='nuc') is supported over both dims of a 2-D tensor");
  }
  const r = torchRef.linalg.svdvals(dims[0] === 1 ? t.t() : t).sum(-1);
  return keepdim ? r.reshape(1, 1) : r;
}

// ---- install --------------------------------------------------------------------------------
const ALIASES = {
  absolute: 'abs', negative: 'neg', multiply: 'mul', divide: 'div', subtract: 'sub', true_divide: 'div',
  greater: 'gt', greater_equal: 'ge', less: 'lt', less_equal: 'le', not_equal: 'ne',
  arcsin: 'asin', arccos: 'acos', arctan: 'atan',
  arctan2: 'atan2', arccosh: 'acosh', arcsinh: 'asinh', arctanh: 'atanh', fix: 'trunc',
};
// Unary ops PyTorch has no in-place method for (relu_ and friends exist; these do not).
const NO_INPLACE = new Set(['gelu', 'silu', 'isnan', 'isinf', 'isfinite', 'isposinf', 'isneginf', 'isreal', 'signbit',
  'logaddexp', 'logaddexp2', 'fmax', 'fmin']);

let torchRef = null;   // torch.linalg for norm(p='nuc'), set by install
export function install(torch, TensorClass) {
  torchRef = torch;
  Tensor = TensorClass;
  const methods = {};

  for (const [name, k] of Object.entries(kindOf)) {
    if (name.startsWith('_')) continue;
    if (k === KIND.UNARY) {
      const op = OP[name];
      methods[name] = function (...a) {
        if (a.length) noArgs(name, a);
        return wrap(check(W.tp_unary(op, this._ptr)));
      };
      if (!NO_INPLACE.has(name)) {
        methods[`${name}_`] = function (...a) {
          if (a.length) noArgs(`${name}_`, a);
          checkStatus(W.tp_unary_(op, this._ptr));
          return this;
        };
      }
      // An unknown keyword throws; extra positional arguments are ignored, so that
      // tensors.map(torch.exp) works as Python's map(torch.exp, tensors) does.
      torch[name] = (x, ...a) => {
        if (a.length && isOptions(a[a.length - 1])) splitOptions(name, [a[a.length - 1]], []);
        return wrap(check(W.tp_unary(op, (x instanceof Tensor ? x : inputOf(name, x))._ptr)));
      };
    } else if (k === KIND.BINARY) {
      const op = OP[name], scalarOK = !TENSOR_ONLY.has(name);
      // The common calls (tensor or plain number, no options) go straight to the core.
      methods[name] = function (other, opts) {
        if (opts === undefined) {
          if (other instanceof Tensor) return wrap(check(W.tp_binary(op, this._ptr, other._ptr, 1)));
          if (typeof other === 'number' && scalarOK) {
            return wrap(check(W.tp_binary_scalar(op, this._ptr, other, kindOfScalar(other), 0, 1)));
          }
        }
        return binary(name, this, other, opts);
      };
      if (!NO_INPLACE.has(name)) methods[`${name}_`] = function (other, opts) { return binaryInplace(name, this, other, opts); };
      torch[name] = (x, y, opts) => {
        if (opts === undefined && x instanceof Tensor && y instanceof Tensor) return wrap(check(W.tp_binary(op, x._ptr, y._ptr, 1)));
        if (y === undefined && isOptions(x)) [x, y] = splitInput(name, x);  // torch.add({input, other})
        // PyTorch wraps a number given as `input` for the arithmetic ops: torch.sub(2, x) is 2 - x.
        if (isScalar(x) && y instanceof Tensor && REVERSIBLE.has(name)) {
          if (opts === undefined) return reversed(name, x, y);
          // with keywords (torch.div(2, x, rounding_mode='floor'), torch.add(2, x, alpha=3)): the
          // wrapped number is still the input
          const [op, alpha] = binaryArgs(name, name, y, opts, false);
          return wrap(check(W.tp_binary_scalar(op, y._ptr, num(x), kindOfScalar(x), 1, boolAlpha(alpha, y, x))));
        }
        // a number first fits neither of the Tensor-other and Number-other overloads
        if (isScalar(x) && y instanceof Tensor && scalarOK && opts === undefined) {
          throw invalidCombination(name, [x, y], ['Tensor input, Tensor other, *, Tensor out', 'Tensor input, Number other, *, Tensor out']);
        }
        return binary(name, mustBeTensor(name, 'input', 1, x), y, opts, 2);
      };
    }
  }

  // round(decimals=d): ATen's round_decimals (RoundBackward1, even for d == 0), in the core.
  const roundPlain = methods.round, roundPlain_ = methods.round_;
  for (const name of ['round', 'round_']) {
    methods[name] = function (...a) {
      const { decimals } = a.length ? bind(name, a, ['decimals']) : {};
      if (decimals === undefined) return (name === 'round' ? roundPlain : roundPlain_).call(this);
      const d = checkInt(name, 'decimals', decimals);
      if (name === 'round') return wrap(check(W.tp_round_decimals(this._ptr, d)));
      checkStatus(W.tp_round_decimals_(this._ptr, d));
      return this;
    };
  }
  torch.round = inputKeyword('round', (x, ...a) => mustBeTensor('round', 'input', 1, x).round(...a));

  // gelu's approximate option and the selection ops.
  methods.gelu = function (...a) {
    const { approximate } = bind('gelu', a, ['approximate'], { approximate: 'none' });
    if (approximate !== 'none' && approximate !== 'tanh') throw new TensorError(`approximate argument must be either none or tanh.`);
    return wrap(check(W.tp_unary(approximate === 'tanh' ? OP._gelu_tanh : OP.gelu, this._ptr)));
  };
  torch.gelu = inputKeyword('gelu', (x, ...a) => mustBeTensor('gelu', 'input', 1, x).gelu(...a));
  methods.where = function (...a) {  // 1.13's Tensor.where takes a Tensor other only (torch.where takes numbers too)
    const { condition, other } = bind('where', a, ['condition', 'other']);
    if (!(other instanceof Tensor) && other !== undefined) {
      const positional = a.length >= 2 && !isOptions(a[1]);
      throw new TypeError(`where(): argument 'other'${positional ? ' (position 2)' : ''} must be Tensor, not ${describe(other)}`);
    }
    return where(condition, this, other, true);
  };
  torch.where = (...a) => {
    if (a.length && isOptions(a[a.length - 1])) {
      const { condition, input, other } = bind('where', a, ['condition', 'input', 'other']);
      return where(condition, input, other);
    }
    return where(...a);
  };
  for (const name of ['clamp', 'clip']) {  // clip is clamp, with its own name in messages
    methods[name] = function (...a) { return wrap(check(W.tp_clamp(OP.clamp, this._ptr, ...clampArgs(name, a)))); };
    methods[`${name}_`] = function (...a) { checkStatus(W.tp_clamp_(OP.clamp, this._ptr, ...clampArgs(`${name}_`, a))); return this; };
    torch[name] = inputKeyword(name, (x, ...a) => wrap(check(W.tp_clamp(OP.clamp, mustBeTensor(name, 'input', 1, x)._ptr, ...clampArgs(name, a, true)))));
  }
  // clamp_min / clamp_max are ops of their own in PyTorch (ClampMinBackward0, not ClampBackward1)
  for (const [name, key] of [['clamp_min', 'min'], ['clamp_max', 'max']]) {
    const op = OP[name];
    const boundArgs = (fname, a, isFunction = false) => {
      const v = bind(fname, a, [key])[key];
      if (v === undefined || v === null) throw invalidCombination(fname, a, [`Tensor ${key}`, `Number ${key}`], isFunction);
      return clampArgs(fname, key === 'min' ? [v, null] : [null, v]);
    };
    methods[name] = function (...a) { return wrap(check(W.tp_clamp(op, this._ptr, ...boundArgs(name, a)))); };
    methods[`${name}_`] = function (...a) { checkStatus(W.tp_clamp_(op, this._ptr, ...boundArgs(`${name}_`, a))); return this; };
    torch[name] = inputKeyword(name, (x, ...a) => wrap(check(W.tp_clamp(op, mustBeTensor(name, 'input', 1, x)._ptr, ...boundArgs(name, a, true)))));
  }

  methods.rsub = function (other, opts) {
    const alpha = opts ? boolAlpha(alphaValue('rsub', splitOptions('rsub', [opts], ['alpha'])[1].alpha ?? 1), this, other) : 1;
    if (other instanceof Tensor) return wrap(check(W.tp_binary(OP._rsub, this._ptr, other._ptr, alpha)));
    if (!isScalar(other)) {
      throw new TypeError(`rsub() received an invalid combination of arguments - got (Tensor, ${describe(other)}), but expected one of:\n` +
        ' * (Tensor input, Tensor other, *, Number alpha)\n * (Tensor input, Number other, Number alpha)\n');
    }
    return reversed('sub', other, this, alpha, true);
  };
  torch.rsub = inputKeyword('rsub', (x, ...a) => mustBeTensor('rsub', 'input', 1, x).rsub(...a));
  // div(rounding_mode='floor') with 1.13's grad_fn: NotImplemented (no derivative)
  methods.floor_divide = function (other, opts) { return binary('floor_divide', this, other, opts); };
  methods.floor_divide_ = function (other, opts) { return binaryInplace('floor_divide', this, other, opts); };
  // a number as input is wrapped, as python_arg_parser's should_allow_numbers_as_tensors does
  torch.floor_divide = inputKeyword('floor_divide', (x, y) => (isScalar(x) && y instanceof Tensor ? reversed('_floor_divide', x, y)
    : mustBeTensor('floor_divide', 'input', 1, x).floor_divide(y)));

  // ---- reductions ----
  // sum/mean/prod(dim, keepdim, *, dtype) and cumsum/cumprod(dim, *, dtype): the function forms
  // (torch.sum(x, ...)) come here too, so that a positional dtype names the Tensor argument
  // in PyTorch's "invalid combination" message.
  keywordDtype.sum = function (a, isFunction = false) {
    if (a.length === 0) return wrap(check(W.tp_reduce(OP.sum, this._ptr, -1, 0, 0, 0, -1)));
    positionalDtype('sum', a, 2, REDUCE_SIGS, isFunction);
    const { dim, keepdim, dtype } = bind('sum', a, ['dim', 'keepdim', 'dtype']);
    return reduce('sum', this, dim, keepdim, 0, dtypeCode(dtype, 'sum'));
  };
  keywordDtype.mean = function (a, isFunction = false) {
    positionalDtype('mean', a, 2, REDUCE_SIGS, isFunction);
    const { dim, keepdim, dtype } = bind('mean', a, ['dim', 'keepdim', 'dtype']);
    return reduce('mean', this, dim, keepdim, 0, dtypeCode(dtype, 'mean'));
  };
  keywordDtype.prod = function (a, isFunction = false) {
    positionalDtype('prod', a, 2, PROD_SIGS, isFunction);
    const { dim, keepdim, dtype } = bind('prod', a, ['dim', 'keepdim', 'dtype']);
    if (Array.isArray(dim)) throw new TypeError("prod(): argument 'dim' must be int, not list");
    return reduce('prod', this, dim, keepdim, 0, dtypeCode(dtype, 'prod'));
  };
  for (const name of ['sum', 'mean', 'prod']) methods[name] = function (...a) { return keywordDtype[name].call(this, a); };
  for (const name of ['amax', 'amin', 'logsumexp']) {
    keywordDtype[name] = function (a, isFunction = false) {
      const n = a.length && isOptions(a[a.length - 1]) ? a.length - 1 : a.length;
      if (n > 2 && name === 'logsumexp') throw invalidCombination(name, a, ['tuple of ints dim, bool keepdim', 'tuple of names dim, bool keepdim'], isFunction);
      if (n > 2) throw new TypeError(`${name}() takes from ${+isFunction} to ${2 + isFunction} positional arguments but ${n + isFunction} were given`);
      const { dim, keepdim } = bind(name, a, ['dim', 'keepdim']);
      if (name === 'logsumexp' && (dim === undefined || dim === null)) throw new TypeError("logsumexp() missing required argument 'dim'");
      return reduce(name, this, Array.isArray(dim) && dim.length === 0 ? null : dim, keepdim);
    };
    methods[name] = function (...a) { return keywordDtype[name].call(this, a); };
  }
  for (const name of ['all', 'any']) {
    methods[name] = function (...a) {
      const { dim, keepdim } = bind(name, a, ['dim', 'keepdim']);
      if (Array.isArray(dim)) throw new TypeError(`${name}(): argument 'dim' must be int, not list`);
      return reduce(name, this, dim, keepdim);
    };
  }
  for (const name of ['argmax', 'argmin']) {
    methods[name] = function (...a) {
      const { dim, keepdim } = bind(name, a, ['dim', 'keepdim']);
      return reduce(name, this, dim === null || dim === undefined ? null : checkInt(name, 'dim', dim), keepdim);
    };
  }
  for (const [name, pairwise] of [['max', 'maximum'], ['min', 'minimum']]) {
    keywordDtype[name] = function (a, isFunction = false) {
      if (a.length === 0) return wrap(check(W.tp_reduce(OP[name], this._ptr, -1, 0, 0, 0, -1)));
      if ((a.length && isOptions(a[a.length - 1]) ? a.length - 1 : a.length) > 2) throw invalidCombination(name, a, MAX_SIGS, isFunction);
      if (a[0] instanceof Tensor) {  // the pairwise overload max(other) takes nothing else
        if (a.length > 1) throw invalidCombination(name, a, ['Tensor other', 'int dim, bool keepdim', 'name dim, bool keepdim']);
        return this[pairwise](a[0]);
      }
      if (a.length === 1 && isOptions(a[0]) && 'other' in a[0]) {  // x.max({other: y}): the pairwise overload
        const { other } = bind(name, a, ['other']);
        return this[pairwise](mustBeTensor(name, 'other', 1, other));
      }
      const { dim, keepdim } = bind(name, a, ['dim', 'keepdim']);
      if (dim === undefined) return reduce(name, this, null, false);
      if (dim === null) throw new TensorError('Please look up dimensions by name, got: name = None.');  // the named-dim overload
      return indexed(name, this, dim, keepdim);
    };
    methods[name] = function (...a) { return keywordDtype[name].call(this, a); };
  }
  methods.var = function (...a) { return varLike('var', this, a); };
  methods.std = function (...a) { return varLike('std', this, a); };
  keywordDtype.var = function (a, isFunction) { return varLike('var', this, a, isFunction); };
  keywordDtype.std = function (a, isFunction) { return varLike('std', this, a, isFunction); };
  methods.norm = function (...a) {
    const { p, dim, keepdim, dtype } = bind('norm', a, ['p', 'dim', 'keepdim', 'dtype']);
    if (p === 'nuc') return nuclearNorm(dtype === undefined || dtype === null ? this : this.to(dtype), dim, keepdim);
    if (dtype === undefined || dtype === null) return reduce('norm', this, dim, keepdim, normP(p));
    if (p === undefined || p === null || p === 'fro') throw new TensorError('dtype argument is not supported in frobenius norm');
    const t = this.to(dtype);
    try {
      return reduce('norm', t, dim, keepdim, normP(p));
    } finally {
      if (t !== this) t.dispose();
    }
  };
  for (const name of ['softmax', 'log_softmax', 'cumsum', 'cumprod']) {
    // softmax(dtype) converts first, as 1.13's at::softmax does (ToCopyBackward0 under the node);
    // cumsum/cumprod take the dtype inside their own node
    const convertFirst = name === 'softmax' || name === 'log_softmax';
    keywordDtype[name] = function (a, isFunction = false) {
      if (!convertFirst) positionalDtype(name, a, 1, CUM_SIGS, isFunction);
      const { dim, dtype } = bind(name, a, ['dim', 'dtype']);
      if (dim === undefined || dim === null) throw new TypeError(`${name}() missing required argument 'dim'`);
      const d = checkInt(name, 'dim', dim), code = dtypeCode(dtype, name);
      if (!convertFirst || code < 0) return wrap(check(W.tp_dimop(OP[name], this._ptr, d, code)));
      const t = this.to(dtype);
      try {
        return wrap(check(W.tp_dimop(OP[name], t._ptr, d, -1)));
      } finally {
        if (t !== this) t.dispose();
      }
    };
    methods[name] = function (...a) { return keywordDtype[name].call(this, a); };
  }

  for (const [alias, target] of Object.entries(ALIASES)) {
    if (methods[target]) methods[alias] = methods[target];
    if (methods[`${target}_`]) methods[`${alias}_`] = methods[`${target}_`];
    if (torch[target]) torch[alias] = torch[target];
  }

  Object.assign(Tensor.prototype, methods);
  // torch.sum(x, ...) etc.: the function form of every reduction and selection method.
  for (const name of ['sum', 'mean', 'prod', 'amax', 'amin', 'logsumexp', 'all', 'any', 'argmax', 'argmin', 'max', 'min',
    'var', 'std', 'norm', 'softmax', 'log_softmax', 'cumsum', 'cumprod']) {
    torch[name] = keywordDtype[name]
      ? inputKeyword(name, (x, ...a) => keywordDtype[name].call(mustBeTensor(name, 'input', 1, x), a, true))
      : inputKeyword(name, (x, ...a) => mustBeTensor(name, 'input', 1, x)[name](...a));
  }
}

/** Methods whose function form names the Tensor in PyTorch's "invalid combination" message:
 *  name -> function (this = the tensor, args, isFunction). */
const keywordDtype = {};
const REDUCE_SIGS = ['*, torch.dtype dtype', 'tuple of ints dim, bool keepdim, *, torch.dtype dtype', 'tuple of names dim, bool keepdim, *, torch.dtype dtype'];
const PROD_SIGS = ['*, torch.dtype dtype', 'int dim, bool keepdim, *, torch.dtype dtype', 'name dim, bool keepdim, *, torch.dtype dtype'];
const MAX_SIGS = ['', 'Tensor other', 'int dim, bool keepdim', 'name dim, bool keepdim'];
const CUM_SIGS = ['int dim, *, torch.dtype dtype', 'name dim, *, torch.dtype dtype'];
/** dtype is keyword-only in 1.13's reductions: a dtype among the positional arguments, or more
 *  than `max` of them, matches none of the overloads. */
function positionalDtype(name, a, max, sigs, isFunction) {
  const n = a.length && isOptions(a[a.length - 1]) ? a.length - 1 : a.length;
  let bad = n > max;
  for (let i = 0; i < n && !bad; i++) bad = a[i] instanceof dtype;
  if (bad) throw invalidCombination(name, a, sigs, isFunction);
}
