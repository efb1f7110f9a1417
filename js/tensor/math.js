// Elementwise math with parameters or three operands, and whole-tensor comparisons:
// nan_to_num, logit, polygamma, addcmul, addcdiv, lerp, isclose, allclose, equal, positive, float_power,
// ldexp. The ops of src/ops.def (isnan, atan2, bitwise_and, ...) are installed by ops.js;
// this file only binds arguments: the maths is in src/ops/elementwise/math.c.
import { W, check, checkStatus, TensorError } from '../core/wasm.js';
import { bind, checkBool, isOptions, inputKeyword, splitOptions, invalidCombination } from '../core/args.js';
import { describe } from '../core/dtype.js';
import { wrap } from './tensor.js';

let Tensor = null;

function tensorArg(fname, name, pos, v) {
  if (v instanceof Tensor) return v;
  const where = pos === null ? '' : ` (position ${pos})`;
  const what = Array.isArray(v) ? 'list; wrap JS arrays with torch.tensor(...)' : describe(v);
  throw new TypeError(`${fname}(): argument '${name}'${where} must be Tensor, not ${what}`);
}

/** A Python float / Number parameter (pos null: given by keyword); optional: None allowed (NaN). */
function numberArg(fname, name, pos, v, optional = false, type = 'float') {
  if (optional && (v === undefined || v === null)) return NaN;
  if (typeof v === 'number' || typeof v === 'boolean') return Number(v);
  const where = pos === null ? '' : ` (position ${pos})`;
  throw new TypeError(`${fname}(): argument '${name}'${where} must be ${type}, not ${describe(v)}`);
}

/** Python names the position of an argument only when it was given positionally. */
function posOf(a, name, pos) {
  const last = a.length ? a[a.length - 1] : undefined;
  return isOptions(last) && name in last ? null : pos;
}

/** Positional parameters then keyword-only ones (Python's `*`): names by position, kw by keyword. */
function bindKw(fname, a, names, kw, defaults) {
  const last = a.length ? a[a.length - 1] : undefined;
  let opts = {};
  if (isOptions(last)) [a, opts] = splitOptions(fname, a, [...names, ...kw]);
  if (a.length > names.length) {
    throw new TypeError(`${fname}() takes ${names.length} positional argument${names.length === 1 ? '' : 's'} but ${a.length} were given`);
  }
  return { ...bind(fname, [...a, Object.fromEntries(names.filter((n) => n in opts).map((n) => [n, opts[n]]))], names), ...defaults,
    ...Object.fromEntries(kw.filter((k) => opts[k] !== undefined).map((k) => [k, opts[k]])) };
}

// Each op's binding: (self, fname, args, off), off = 1 for the torch.* form (the tensor was
// argument 1, so Python's positions count from 2) and 0 for the method.
const IMPL = {
  // nan_to_num(nan=0.0, posinf=None, neginf=None)
  nan_to_num(x, fname, a, off, inplace) {
    const { nan, posinf, neginf } = bind(fname, a, ['nan', 'posinf', 'neginf'], { nan: 0 });
    const p = [numberArg(fname, 'nan', posOf(a, 'nan', 1 + off), nan), numberArg(fname, 'posinf', posOf(a, 'posinf', 2 + off), posinf, true),
      numberArg(fname, 'neginf', posOf(a, 'neginf', 3 + off), neginf, true)];
    if (inplace) { checkStatus(W.tp_nan_to_num_(x._ptr, ...p)); return x; }
    return wrap(check(W.tp_nan_to_num(x._ptr, ...p)));
  },
  // logit(eps=None)
  logit(x, fname, a, off, inplace) {
    const eps = numberArg(fname, 'eps', posOf(a, 'eps', 1 + off), bind(fname, a, ['eps']).eps, true);
    if (inplace) { checkStatus(W.tp_logit_(x._ptr, eps)); return x; }
    return wrap(check(W.tp_logit(x._ptr, eps)));
  },
  // addcmul / addcdiv(tensor1, tensor2, *, value=1)
  addcmul(x, fname, a, off, inplace, name = 'addcmul') {
    // (the deprecated overload addcmul(value, tensor1, tensor2) is rewritten by arg_parser.js)
    const { tensor1, tensor2, value } = bindKw(fname, a, ['tensor1', 'tensor2'], ['value'], { value: 1 });
    const p = [tensorArg(fname, 'tensor1', posOf(a, 'tensor1', 1 + off), tensor1)._ptr, tensorArg(fname, 'tensor2', posOf(a, 'tensor2', 2 + off), tensor2)._ptr,
      numberArg(fname, 'value', null, value, false, 'Number')];
    if (inplace) { checkStatus(W[`tp_${name}_`](x._ptr, ...p)); return x; }
    return wrap(check(W[`tp_${name}`](x._ptr, ...p)));
  },
  addcdiv(x, fname, a, off, inplace) { return IMPL.addcmul(x, fname, a, off, inplace, 'addcdiv'); },
  // lerp(end, weight): weight a tensor (Tensor overload) or a number (Scalar overload)
  lerp(x, fname, a, off, inplace) {
    const { end, weight } = bind(fname, a, ['end', 'weight']);
    const isNum = typeof weight === 'number' || typeof weight === 'boolean';
    if (!(end instanceof Tensor) || !(weight instanceof Tensor || isNum)) {
      throw invalidCombination(fname, a, ['Tensor end, Tensor weight', 'Tensor end, Number weight'], off === 1);
    }
    const p = weight instanceof Tensor ? [end._ptr, weight._ptr, 0] : [end._ptr, 0, Number(weight)];
    if (inplace) { checkStatus(W.tp_lerp_(x._ptr, ...p)); return x; }
    return wrap(check(W.tp_lerp(x._ptr, ...p)));
  },
  // isclose / allclose(other, rtol=1e-05, atol=1e-08, equal_nan=False), equal(other)
  isclose(x, fname, a, off, all = false) {
    const { other, rtol, atol, equal_nan } = bind(fname, a, ['other', 'rtol', 'atol', 'equal_nan'], { rtol: 1e-5, atol: 1e-8, equal_nan: false });
    checkBool(fname, 'equal_nan', equal_nan);
    const p = [tensorArg(fname, 'other', posOf(a, 'other', 1 + off), other)._ptr, numberArg(fname, 'rtol', posOf(a, 'rtol', 2 + off), rtol),
      numberArg(fname, 'atol', posOf(a, 'atol', 3 + off), atol), equal_nan ? 1 : 0];
    if (!all) return wrap(check(W.tp_isclose(x._ptr, ...p)));
    const r = W.tp_allclose(x._ptr, ...p);
    if (r < 0) checkStatus(r);
    return r === 1;
  },
  allclose(x, fname, a, off) { return IMPL.isclose(x, fname, a, off, true); },
  equal(x, fname, a, off) {
    const { other } = bind(fname, a, ['other']);
    return W.tp_equal(x._ptr, tensorArg(fname, 'other', posOf(a, 'other', 1 + off), other)._ptr) === 1;
  },
};
const HAS_INPLACE = new Set(['nan_to_num', 'logit', 'addcmul', 'addcdiv', 'lerp']);

export function install(torch, TensorClass) {
  Tensor = TensorClass;
  const methods = {};

  for (const [name, impl] of Object.entries(IMPL)) {
    methods[name] = function (...a) { return impl(this, name, a, 0, false); };
    if (HAS_INPLACE.has(name)) methods[`${name}_`] = function (...a) { return impl(this, `${name}_`, a, 0, true); };
    torch[name] = inputKeyword(name, (x, ...a) => impl(tensorArg(name, 'input', 1, x), name, a, 1, false));
  }
  torch.nan_to_num_ = inputKeyword('nan_to_num_', (x, ...a) => IMPL.nan_to_num(tensorArg('nan_to_num_', 'input', 1, x), 'nan_to_num_', a, 1, true));
  torch.logit_ = inputKeyword('logit_', (x, ...a) => IMPL.logit(tensorArg('logit_', 'input', 1, x), 'logit_', a, 1, true));

  // polygamma(n): x.polygamma(n), torch.polygamma(n, input)
  const nArg = (fname, n) => {
    if (typeof n !== 'number' || !Number.isInteger(n)) throw new TypeError(`${fname}(): argument 'n' (position 1) must be int, not ${describe(n)}`);
    return n;
  };
  methods.polygamma = function (...a) { return wrap(check(W.tp_polygamma(nArg('polygamma', bind('polygamma', a, ['n']).n), this._ptr))); };
  methods.polygamma_ = function (...a) { checkStatus(W.tp_polygamma_(this._ptr, nArg('polygamma_', bind('polygamma_', a, ['n']).n))); return this; };
  torch.polygamma = (...a) => {
    const { n, input } = bind('polygamma', a, ['n', 'input']);
    return wrap(check(W.tp_polygamma(nArg('polygamma', n), tensorArg('polygamma', 'input', 2, input)._ptr)));
  };

  // positive(): self itself (PyTorch returns the same tensor), refused for bool
  methods.positive = function (...a) {
    if (a.length) bind('positive', a, []);
    if (this.dtype.name === 'bool') throw new TensorError('The `+` operator, on a bool tensor is not supported.');
    return this;
  };
  torch.positive = inputKeyword('positive', (x, ...a) => tensorArg('positive', 'input', 1, x).positive(...a));

  // float_power(exponent) and ldexp(other): PyTorch's composites of pow and mul, so that the
  // graph is PyTorch's (PowBackward* after ToCopyBackward0; MulBackward0 with PowBackward2).
  const asDouble = (t) => (t instanceof Tensor ? t.double() : t);
  const exponentArg = (fname, a, off) => {
    const { exponent } = bind(fname, a, ['exponent']);
    if (!(exponent instanceof Tensor) && typeof exponent !== 'number' && typeof exponent !== 'boolean') {
      throw invalidCombination(fname, a, ['Tensor exponent', 'Number exponent'], off === 1);
    }
    return exponent;
  };
  methods.float_power = function (...a) { return this.double().pow(asDouble(exponentArg('float_power', a, 0))); };
  methods.float_power_ = function (...a) {
    const exponent = exponentArg('float_power_', a, 0);
    if (this.dtype.name !== 'float64') {
      throw new TensorError(`the base given to float_power_ has dtype ${TITLE[this.dtype.name]} but the operation's result requires dtype Double`);
    }
    return this.pow_(asDouble(exponent));
  };
  // float_power(2, x): a number base (PowBackward2)
  torch.float_power = inputKeyword('float_power', (x, ...a) => {
    if ((typeof x === 'number' || typeof x === 'boolean') && a[0] instanceof Tensor && a.length === 1) return torch.pow(x, a[0].double());
    return tensorArg('float_power', 'input', 1, x).double().pow(asDouble(exponentArg('float_power', a, 1)));
  });
  const ldexp = (x, fname, a, off, inplace) => {
    const o = tensorArg(fname, 'other', 1 + off, bind(fname, a, ['other']).other);
    const p = torch.pow(2, o.is_floating_point() ? o : o.float());
    return inplace ? x.mul_(p) : x.mul(p);
  };
  methods.ldexp = function (...a) { return ldexp(this, 'ldexp', a, 0, false); };
  methods.ldexp_ = function (...a) { return ldexp(this, 'ldexp_', a, 0, true); };
  torch.ldexp = inputKeyword('ldexp', (x, ...a) => ldexp(tensorArg('ldexp', 'input', 1, x), 'ldexp', a, 1, false));

  Object.assign(Tensor.prototype, methods);
}

const TITLE = { float32: 'Float', float64: 'Double', int32: 'Int', int64: 'Long', bool: 'Bool' };
