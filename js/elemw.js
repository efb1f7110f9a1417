// Elementwise math with parameters or three operands, and whole-tensor comparisons:
// nan_to_num, logit, polygamma, addcmul, addcdiv, lerp, isclose, allclose, equal, positive, float_power,
// ldexp. The ops of src/ops.def (isnan, atan2, bitwise_and, ...) are installed by ops.js;
// this file only binds arguments: the maths is in src/elemw.c.
import { W, check, checkStatus, TensorError } from './core.js';
import { bind, checkBool, isOptions, inputKeyword, splitOptions } from './args.js';
import { describe } from './dtype.js';
import { wrap } from './tensor.js';

let Tensor = null;

function tensorArg(fname, name, pos, v) {
  if (v instanceof Tensor) return v;
  const where = pos === null ? '' : ` (position ${pos})`;
  const what = Array.isArray(v) ? 'list; wrap JS arrays with torch.tensor(...)' : describe(v);
  throw new TypeError(`${fname}(): argument '${name}'${where} must be Tensor, not ${what}`);
}

function numberArg(fname, name, v, optional = false) {
  if (optional && (v === undefined || v === null)) return NaN;
  if (typeof v === 'number' || typeof v === 'boolean') return Number(v);
  throw new TypeError(`${fname}(): argument '${name}' must be ${optional ? 'float' : 'Number'}, not ${describe(v)}`);
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

export function install(torch, TensorClass) {
  Tensor = TensorClass;
  const methods = {};

  // nan_to_num(nan=0.0, posinf=None, neginf=None)
  const nanArgs = (fname, a) => {
    const { nan, posinf, neginf } = bind(fname, a, ['nan', 'posinf', 'neginf'], { nan: 0 });
    return [numberArg(fname, 'nan', nan), numberArg(fname, 'posinf', posinf, true), numberArg(fname, 'neginf', neginf, true)];
  };
  methods.nan_to_num = function (...a) { return wrap(check(W.tp_nan_to_num(this._ptr, ...nanArgs('nan_to_num', a)))); };
  methods.nan_to_num_ = function (...a) { checkStatus(W.tp_nan_to_num_(this._ptr, ...nanArgs('nan_to_num_', a))); return this; };

  // logit(eps=None)
  const epsArg = (fname, a) => numberArg(fname, 'eps', bind(fname, a, ['eps']).eps, true);
  methods.logit = function (...a) { return wrap(check(W.tp_logit(this._ptr, epsArg('logit', a)))); };
  methods.logit_ = function (...a) { checkStatus(W.tp_logit_(this._ptr, epsArg('logit_', a))); return this; };

  // polygamma(n): x.polygamma(n), torch.polygamma(n, input)
  const nArg = (fname, a) => {
    const { n } = bind(fname, a, ['n']);
    if (typeof n !== 'number' || !Number.isInteger(n)) throw new TypeError(`${fname}(): argument 'n' (position 1) must be int, not ${describe(n)}`);
    return n;
  };
  methods.polygamma = function (...a) { return wrap(check(W.tp_polygamma(nArg('polygamma', a), this._ptr))); };
  methods.polygamma_ = function (...a) { checkStatus(W.tp_polygamma_(this._ptr, nArg('polygamma_', a))); return this; };

  // addcmul / addcdiv(tensor1, tensor2, *, value=1)
  for (const name of ['addcmul', 'addcdiv']) {
    const args = (fname, a) => {
      const { tensor1, tensor2, value } = bindKw(fname, a, ['tensor1', 'tensor2'], ['value'], { value: 1 });
      return [tensorArg(fname, 'tensor1', 1, tensor1)._ptr, tensorArg(fname, 'tensor2', 2, tensor2)._ptr, numberArg(fname, 'value', value)];
    };
    methods[name] = function (...a) { return wrap(check(W[`tp_${name}`](this._ptr, ...args(name, a)))); };
    methods[`${name}_`] = function (...a) { checkStatus(W[`tp_${name}_`](this._ptr, ...args(`${name}_`, a))); return this; };
  }

  // lerp(end, weight): weight a tensor or a number
  const lerpArgs = (fname, a) => {
    const { end, weight } = bind(fname, a, ['end', 'weight']);
    const e = tensorArg(fname, 'end', 1, end);
    if (weight instanceof Tensor) return [e._ptr, weight._ptr, 0];
    return [e._ptr, 0, numberArg(fname, 'weight', weight)];
  };
  methods.lerp = function (...a) { return wrap(check(W.tp_lerp(this._ptr, ...lerpArgs('lerp', a)))); };
  methods.lerp_ = function (...a) { checkStatus(W.tp_lerp_(this._ptr, ...lerpArgs('lerp_', a))); return this; };

  // isclose / allclose(other, rtol=1e-05, atol=1e-08, equal_nan=False), equal(other)
  const closeArgs = (fname, a) => {
    const { other, rtol, atol, equal_nan } = bind(fname, a, ['other', 'rtol', 'atol', 'equal_nan'], { rtol: 1e-5, atol: 1e-8, equal_nan: false });
    checkBool(fname, 'equal_nan', equal_nan);
    return [tensorArg(fname, 'other', 1, other)._ptr, numberArg(fname, 'rtol', rtol), numberArg(fname, 'atol', atol), equal_nan ? 1 : 0];
  };
  methods.isclose = function (...a) { return wrap(check(W.tp_isclose(this._ptr, ...closeArgs('isclose', a)))); };
  methods.allclose = function (...a) {
    const r = W.tp_allclose(this._ptr, ...closeArgs('allclose', a));
    if (r < 0) checkStatus(r);
    return r === 1;
  };
  methods.equal = function (...a) {
    const { other } = bind('equal', a, ['other']);
    return W.tp_equal(this._ptr, tensorArg('equal', 'other', 1, other)._ptr) === 1;
  };

  // positive(): self itself (PyTorch returns the same tensor), refused for bool
  methods.positive = function (...a) {
    if (a.length) bind('positive', a, []);
    if (this.dtype.name === 'bool') throw new TensorError('The `+` operator, on a bool tensor is not supported.');
    return this;
  };

  // float_power(exponent) and ldexp(other): PyTorch's composites of pow and mul, so that the
  // graph is PyTorch's (PowBackward* after ToCopyBackward0; MulBackward0 with PowBackward2).
  const asDouble = (t) => (t instanceof Tensor ? t.double() : t);
  methods.float_power = function (...a) {
    const { exponent } = bind('float_power', a, ['exponent']);
    if (!(exponent instanceof Tensor) && typeof exponent !== 'number' && typeof exponent !== 'boolean') tensorArg('float_power', 'exponent', 1, exponent);
    return this.double().pow(asDouble(exponent));
  };
  methods.float_power_ = function (...a) {
    const { exponent } = bind('float_power_', a, ['exponent']);
    if (this.dtype.name !== 'float64') {
      throw new TensorError(`the base given to float_power_ has dtype ${TITLE[this.dtype.name]} but the operation's result requires dtype Double`);
    }
    return this.pow_(asDouble(exponent));
  };
  methods.ldexp = function (...a) {
    const { other } = bind('ldexp', a, ['other']);
    const o = tensorArg('ldexp', 'other', 1, other);
    return this.mul(torch.pow(2, o.is_floating_point() ? o : o.float()));
  };
  methods.ldexp_ = function (...a) {
    const { other } = bind('ldexp_', a, ['other']);
    const o = tensorArg('ldexp_', 'other', 1, other);
    return this.mul_(torch.pow(2, o.is_floating_point() ? o : o.float()));
  };

  Object.assign(Tensor.prototype, methods);
  for (const name of ['nan_to_num', 'nan_to_num_', 'logit', 'logit_', 'addcmul', 'addcdiv', 'lerp', 'isclose', 'allclose',
    'equal', 'positive', 'ldexp']) {
    torch[name] = inputKeyword(name, (x, ...a) => tensorArg(name, 'input', 1, x)[name](...a));
  }
  torch.polygamma = (...a) => {
    const { n, input } = bind('polygamma', a, ['n', 'input']);
    return tensorArg('polygamma', 'input', 2, input).polygamma(n);
  };
  // float_power(2, x): a number base (PowBackward2)
  torch.float_power = inputKeyword('float_power', (x, ...a) => {
    if ((typeof x === 'number' || typeof x === 'boolean') && a[0] instanceof Tensor && a.length === 1) return torch.pow(x, a[0].double());
    return tensorArg('float_power', 'input', 1, x).float_power(...a);
  });
}

const TITLE = { float32: 'Float', float64: 'Double', int32: 'Int', int64: 'Long', bool: 'Bool' };
