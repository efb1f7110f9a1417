// Argument conventions shared by every public function: a trailing options object holds
// Python's keyword arguments; sizes may be varargs or one array; unknown keys throw.
import { dtype, describe } from './dtype.js';

let TensorClass = null;
export function registerTensorClass(T) { TensorClass = T; }

export function isOptions(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !ArrayBuffer.isView(v) &&
    !(v instanceof dtype) && !(TensorClass && v instanceof TensorClass) && Object.getPrototypeOf(v) === Object.prototype;
}

/** Splits a trailing options object off args and checks its keys against `allowed`. */
export function splitOptions(fname, args, allowed) {
  let opts = {};
  if (args.length && isOptions(args[args.length - 1])) {
    opts = args[args.length - 1];
    args = args.slice(0, -1);
  }
  for (const k of Object.keys(opts)) {
    if (!allowed.includes(k)) throw new TypeError(`${fname}() got an unexpected keyword argument '${k}'`);
  }
  return [args, opts];
}

const NO_DEFAULTS = Object.freeze({});

/** A method without parameters (Python's METH_NOARGS): anything but an empty options object
 *  throws, with PyTorch's text ("_TensorBase.exp() takes no arguments (1 given)"). */
export function noArgs(fname, a) {
  let n = a.filter((v) => v !== undefined).length;
  const last = a[a.length - 1];
  if (isOptions(last)) {   // keywords are refused first, with positionals or without (METH_NOARGS)
    if (Object.keys(last).length) throw new TypeError(`_TensorBase.${fname}() takes no keyword arguments`);
    n--;
  }
  if (n) throw new TypeError(`_TensorBase.${fname}() takes no arguments (${n} given)`);
}

/** A Python-level function or method with only keyword parameters besides `self` (float(),
 *  numpy()): positional arguments throw, unknown keywords throw. */
export function kwOnly(fname, a, allowed = []) {
  const [pos] = splitOptions(fname, a, allowed);
  if (pos.length) throw new TypeError(`${fname}() takes 0 positional arguments but ${pos.length} ${pos.length === 1 ? 'was' : 'were'} given`);
}

/** Positional-or-keyword parameters: names[i] is filled from args[i] or opts[names[i]]. */
export function bind(fname, args, names, defaults = NO_DEFAULTS) {
  const last = args.length ? args[args.length - 1] : undefined;
  if (last === undefined || last === null || typeof last !== 'object' || !isOptions(last)) {
    // the hot path: positional arguments only (no options object to split or check)
    if (args.length > names.length) throw new TypeError(`${fname}() takes ${names.length} positional argument${names.length === 1 ? '' : 's'} but ${args.length} were given`);
    const out = { ...defaults };
    for (let i = 0; i < args.length; i++) if (args[i] !== undefined) out[names[i]] = args[i];
    return out;
  }
  const [pos, opts] = splitOptions(fname, args, names);
  if (pos.length > names.length) throw new TypeError(`${fname}() takes ${names.length} positional argument${names.length === 1 ? '' : 's'} but ${pos.length} were given`);
  const out = { ...defaults };
  names.forEach((n, i) => {
    if (i < pos.length && pos[i] !== undefined) {
      if (n in opts) throw new TypeError(`${fname}() got multiple values for argument '${n}'`);
      out[n] = pos[i];
    } else if (n in opts) {
      out[n] = opts[n];
    }
  });
  return out;
}

/** A Python bool parameter (keepdim, unbiased): true/false (undefined: the default). */
export function checkBool(fname, name, v) {
  if (v !== undefined && typeof v !== 'boolean') throw new TypeError(`${fname}(): argument '${name}' must be bool, not ${describe(v)}`);
  return v;
}

/** PyTorch's message when no overload takes the arguments given: the types it got (keywords
 *  in the order Python lists them, last first) and, when known, the signatures it expected. */
export function invalidCombination(fname, a, expected = [], isFunction = false) {
  const opts = a.length && isOptions(a[a.length - 1]) ? a[a.length - 1] : null;
  const type = (v) => (TensorClass && v instanceof TensorClass ? 'Tensor' : describe(v));
  const pos = (opts ? a.slice(0, -1) : a).map(type);
  if (isFunction) pos.unshift('Tensor');
  const kws = opts ? Object.entries(opts).filter(([, v]) => v !== undefined).reverse().map(([k, v]) => `${k}=${type(v)}`) : [];
  const got = pos.length ? [...pos, ...kws].join(', ') : kws.map((k) => `${k}, `).join('');
  return new TypeError(`${fname}() received an invalid combination of arguments - got (${got}), but expected one of:\n` +
    expected.map((e) => ` * (${isFunction ? 'Tensor input, ' : ''}${e}${isFunction ? ', *, Tensor out' : ''})\n`).join(''));
}

export function checkInt(fname, name, v) {
  if (typeof v === 'bigint') v = Number(v);
  if (typeof v !== 'number' || !Number.isInteger(v)) {
    throw new TypeError(`${fname}(): argument '${name}' must be int, not ${describe(v)}`);
  }
  return v;
}

// ---- Python's numbers: one coercion, three ways Python code takes a float ------------------------
/** The value of a Python number (an int, float or bool; Python mode's PyFloat; a BigInt), or
 *  undefined for anything else. */
export function numberOf(v) {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean' || v instanceof PyFloat) return +v;
  if (typeof v === 'bigint') return Number(v);
  return undefined;
}
const oneElement = (v) => TensorClass && v instanceof TensorClass && !v.is_disposed && v.numel() === 1;
/** THPUtils_checkIndex of a tensor: one element of an integer dtype (its __index__ works). */
export const indexTensor = (v) => oneElement(v) && !v.dtype.is_floating_point && v.dtype.name !== 'bool';

/** A float parameter that the body hands to an ATen op (cdist's p): the argument parser's
 *  message for anything but a number. */
export function checkFloat(fname, name, v, position = 0) {
  const x = numberOf(v);
  if (x !== undefined) return x;
  throw new TypeError(`${fname}(): argument '${name}'${position ? ` (position ${position})` : ''} must be float, not ${describe(v)}`);
}

/** Python's float(v) (Upsample's scale factors): a number, a numeric string or a one-element tensor. */
export function floatOf(v) {
  const x = numberOf(v);
  if (x !== undefined) return x;
  if (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))) return Number(v);
  if (oneElement(v)) return Number(v.item());
  throw new TypeError(`float() argument must be a string or a real number, not '${describe(v)}'`);
}

/** The factor of Python's `v * <a float>` (xavier_*'s gain): a number or a one-element tensor,
 *  Python's operator error otherwise. */
export function floatFactor(v) {
  const x = numberOf(v);
  if (x !== undefined) return x;
  if (oneElement(v)) return Number(v.item());
  if (typeof v === 'string' || Array.isArray(v)) throw new TypeError("can't multiply sequence by non-int of type 'float'");
  throw new TypeError(`unsupported operand type(s) for *: '${describe(v)}' and 'float'`);
}

/** Sizes given as varargs (2, 3) or as one array ([2, 3]), with Python's messages for a
 *  non-integer ('size' / 'SymInts' for sizes, 'dims' / 'ints' for permute). */
export function sizesOf(fname, args, name = 'size', kind = 'SymInts') {
  const one = args.length === 1 && (Array.isArray(args[0]) || ArrayBuffer.isView(args[0]));
  const sizes = one ? Array.from(args[0]) : args;
  return sizes.map((s, i) => {
    if (typeof s === 'bigint') return Number(s);
    if (typeof s === 'number' && Number.isInteger(s)) return s;
    if (indexTensor(s)) return Number(s.item());  // x.view(n, 3) with n = torch.tensor(2)
    if (!one && args.length === 1) throw new TypeError(`${fname}(): argument '${name}' (position 1) must be tuple of ${kind}, not ${describe(s)}`);
    throw new TypeError(`${fname}(): argument '${name}' must be tuple of ${kind}, but found element of type ${describe(s)} at pos ${i + 1}`);
  });
}

/** Python's AttributeError for `v.name` on a value that has no such attribute (a JS TypeError
 *  that Python mode raises as AttributeError). */
export const attributeError = (v, name) => Object.assign(new TypeError(`'${describe(v)}' object has no attribute '${name}'`), { pythonType: 'AttributeError' });

/** The TypeError of Python's arg parser for a missing required argument (one message for all). */
export const missingArg = (fname, name) => new TypeError(`${fname}() missing 1 required positional arguments: "${name}"`);

/** A size list given positionally (varargs or one array) or by its keyword (x.view({size})). */
export function sizesArg(fname, args, name = 'size', kind = 'SymInts') {
  if (args.length === 0) {  // Python: view() has overloads, the others one signature
    if (fname === 'view') throw invalidCombination(fname, args);
    throw missingArg(fname, name);
  }
  const last = args[args.length - 1];
  if (!isOptions(last)) return sizesOf(fname, args, name, kind);
  const [pos, opts] = splitOptions(fname, args, [name]);
  if (opts[name] === undefined) return sizesOf(fname, pos, name, kind);
  if (pos.length) throw new TypeError(`${fname}() got multiple values for argument '${name}'`);
  return sizesOf(fname, [opts[name]], name, kind);
}

/** Python's keyword form of a torch.* function's first argument: torch.sum({input: x, dim: 1})
 *  is torch.sum(x, {dim: 1}). Wraps fn(input, ...rest). */
export function inputKeyword(fname, fn) {
  return (...a) => {
    const last = a.length ? a[a.length - 1] : undefined;
    if (!isOptions(last) || !('input' in last)) return fn(...a);
    if (a.length > 1) throw new TypeError(`${fname}() got multiple values for argument 'input'`);
    const { input, ...rest } = last;
    return Object.keys(rest).length ? fn(input, rest) : fn(input);
  };
}

// ---- warnings -------------------------------------------------------------------------------
// Python prints a warning once per (message, place in the user's code) under its default
// filter; TORCH_WARN_ONCE warnings print once per process unless torch.set_warn_always(true).
// Both go to console.warn as "UserWarning: message". resetWarnings() forgets what was shown,
// as a fresh process would (the playground calls it before every run).
const shown = new Set();
let warnAlways = false;
// The library's frames: all of js/ (this file is js/core/args.js), or the bundle's directory.
const SELF = import.meta.url;
const LIB = SELF.endsWith('/core/args.js') ? new URL('../', SELF).href : SELF.slice(0, SELF.lastIndexOf('/') + 1);

/** The first stack frame outside the library: where Python's warnings module would point. */
function callSite() {
  const frames = (new Error().stack ?? '').split('\n').slice(2);
  // user code: outside the library, or code made by new Function / eval ("<anonymous>:1:2";
  // not a library function without a name, "Object.<anonymous> (file:...)")
  for (const f of frames) if (/<anonymous>:\d/.test(f) || !f.includes(LIB)) return f.trim().replace(/:\d+(\)?)$/, '$1');  // file:line, as Python keys it
  return '';
}

// Python mode routes warnings to Python's warnings module, which keeps its own registry.
let warningSink = null;
export function setWarningSink(fn) { warningSink = fn; }

/** Python mode's float with an integral value (2.0): a scalar operand of float kind. */
export class PyFloat {
  constructor(value) { this.value = value; }
  valueOf() { return this.value; }
}

/** warnings.warn(msg) under Python's default filter: once per message and call site. */
export function warn(msg, category = 'UserWarning') {
  if (warningSink) return warningSink(category, msg, false);
  const key = `${msg}\0${callSite()}`;
  if (shown.has(key)) return;
  shown.add(key);
  console.warn(`${category}: ${msg}`);
}

/** TORCH_WARN_ONCE: once per process (per call site with torch.set_warn_always(true)); `site`
 *  names the TORCH_WARN_ONCE when one site raises several texts (the message by default). */
export function warnOnce(msg, category = 'UserWarning', site = msg) {
  if (warnAlways) return warn(msg, category);
  if (shown.has(site)) return;
  shown.add(site);
  if (warningSink) return warningSink(category, msg, true);
  console.warn(`${category}: ${msg}`);
}

export function resetWarnings() { shown.clear(); }
export function setWarnAlways(b) { warnAlways = !!b; }
export function isWarnAlways() { return warnAlways; }

/** ATen's TORCH_WARN text ends with where in ATen it was raised, as PyTorch 1.13 prints it. */
export const aten = (msg, where) => `${msg} (Triggered internally at  ./aten/src/ATen/${where}.)`;
