// Argument validation as one layer: every public torch.* function, Tensor method,
// torch.nn.functional, torch.nn.init and torch.linalg function is checked against PyTorch
// 1.13's own signature (js/core/arg_table.js, generated from libtorch_python and inspect) before
// its body runs, so nothing unchecked reaches the core and the errors are Python's:
//   zeros() missing 1 required positional arguments: "size"
//   sum(): argument 'dim' (position 1) must be tuple of ints, not str
//   celu() takes from 1 to 2 positional arguments but 3 were given
//   Overflow when unpacking long
// Built-ins follow python_arg_parser.cpp (FunctionSignature::parse, then the unpack checks
// of the signature that matched: int64 range, list elements); Python-level functions follow
// CPython's binding of def parameters. A JS call's trailing plain object is Python's keywords;
// `undefined` is an argument not given. The layer only checks: each function still converts
// its arguments itself (options objects, JS conveniences such as dtype names).
//
// Note [Checked before the body]: a call that fails here has touched no tensor. The check is
// one pass over a few precompiled closures, so tiny ops (x.mul(1.0001)) stay as fast.
import { TensorError } from './wasm.js';
import { dtype, describe, toDtype, pyRepr } from './dtype.js';
import { indexTensor, isOptions, noArgs, PyFloat, warn, warnOnce } from './args.js';
import table from './arg_table.js';

let Tensor = null, Generator = null;
const F_SLOW = 0, F_TENSOR = 1, F_TENSOR_OR_NUMBER = 2, F_NUMBER = 3, F_BOOL = 4, F_INT = 5;

// ---- what each C++ type accepts (FunctionParameter::check) ---------------------------------
const TYPE_NAMES = {
  Tensor: 'Tensor', Scalar: 'Number', int64_t: 'int', SymInt: 'SymInt', double: 'float', bool: 'bool',
  TensorList: 'tuple of Tensors', 'c10::List<c10::optional<Tensor>>': 'tuple of Tensors', IntArrayRef: 'tuple of ints',
  SymIntArrayRef: 'tuple of SymInts', Generator: 'torch.Generator', Storage: 'torch.Storage', 'PyObject*': 'object',
  ScalarType: 'torch.dtype', Layout: 'torch.layout', MemoryFormat: 'torch.memory_format', QScheme: 'torch.qscheme',
  Device: 'torch.device', Stream: 'torch.Stream', 'c10::string_view': 'str', 'std::string': 'str', Dimname: 'name',
  DimnameList: 'tuple of names', 'ArrayRef<double>': 'tuple of floats', ScalarList: 'tuple of Scalars',
};
const INT64 = 2 ** 63;
// a Python float with an integral value (Python mode: js/core/args.js PyFloat) is a number
const isNum = (v) => typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean' || v instanceof PyFloat;
const isIntLike = (v) => (typeof v === 'number' && Number.isInteger(v)) || typeof v === 'bigint';
/** THPUtils_checkIndex: what starts a varargs size list (x.view(2, 3), x.view(torch.tensor(2), 3)). */
const isIndex = (v) => isIntLike(v) || indexTensor(v);
const isList = (v) => Array.isArray(v) || (ArrayBuffer.isView(v) && !(v instanceof DataView));
/** THPUtils_checkIndex of a list's first element: an int, or a tensor whose __index__ works. */
const firstInt = (v) => v.length === 0 || isIndex(v[0]);
const firstName = (v) => v.length === 0 || typeof v[0] === 'string' || v[0] === null;
const zeroDim = (v) => v instanceof Tensor && !v.is_disposed && v.ndim === 0 && !v.requires_grad;

// python_arg_parser's should_allow_numbers_as_tensors: these take a number where a Tensor is declared
const NUMBERS_AS_TENSORS = new Set(['add', 'add_', 'div', 'div_', 'divide', 'divide_', 'mul', 'mul_', 'multiply', 'multiply_',
  'sub', 'sub_', 'subtract', 'subtract_', 'true_divide', 'true_divide_', 'to', 'copy_', 'floor_divide', 'floor_divide_']);

function checker(type, size, fname) {
  switch (type) {
    case 'Tensor': return NUMBERS_AS_TENSORS.has(fname) ? (v) => v instanceof Tensor || isNum(v) : (v) => v instanceof Tensor;
    case 'Scalar': case 'double': return (v) => isNum(v) || zeroDim(v);
    case 'int64_t': case 'SymInt':
      return (v) => isIntLike(v) || (zeroDim(v) && !v.dtype.is_floating_point && v.dtype.name !== 'bool');
    case 'bool': return (v) => typeof v === 'boolean';
    // is_int_list looks at the first element only (the rest fail on unpack, with their position)
    case 'IntArrayRef': case 'SymIntArrayRef': return size ? (v) => (isList(v) && firstInt(v)) || isIntLike(v) : (v) => isList(v) && firstInt(v);
    case 'TensorList': case 'c10::List<c10::optional<Tensor>>': case 'ArrayRef<double>': case 'ScalarList': return Array.isArray;
    case 'Generator': return (v) => v instanceof Generator;
    case 'ScalarType': return (v) => v instanceof dtype || (typeof v === 'string' && dtypeName(v));
    case 'Layout': case 'MemoryFormat': return (v) => typeof v === 'string' || (typeof v === 'object' && !Array.isArray(v) && !(v instanceof Tensor));
    case 'Device': return (v) => typeof v === 'string' || typeof v === 'number' || (typeof v === 'object' && typeof v.type === 'string');
    case 'c10::string_view': case 'std::string': return (v) => typeof v === 'string';
    case 'Dimname': return (v) => typeof v === 'string' || v === null;  // None parses, then fails on unpack
    case 'Storage': return (v) => typeof v === 'object' && /Storage$/.test(v?.constructor?.name ?? '');
    // THPUtils_checkDimnameList: the first element is a str or None
    case 'DimnameList': return size ? (v) => typeof v === 'string' || (Array.isArray(v) && firstName(v)) : (v) => Array.isArray(v) && firstName(v);
    case 'PyObject*': return () => true;
    default: return () => false;  // Storage, Stream, QScheme: tensorpad has none
  }
}
function dtypeName(s) {
  try { toDtype(s); return true; } catch { return false; }
}

// ---- signatures --------------------------------------------------------------------------------
/** "sum(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None)" parsed. */
function parseSignature(text, fname) {
  const [body, ...flags] = text.split('|');
  const inner = body.slice(body.indexOf('(') + 1, body.lastIndexOf(')'));
  const params = [];
  let kwOnly = false;
  for (const raw of inner ? inner.split(', ') : []) {
    if (raw === '*') { kwOnly = true; continue; }
    const eq = raw.indexOf('=');
    const decl = eq < 0 ? raw : raw.slice(0, eq);
    const sp = decl.lastIndexOf(' ');
    let type = decl.slice(0, sp);
    const name = decl.slice(sp + 1);
    const allowNone = type.endsWith('?') || (eq >= 0 && raw.slice(eq + 1) === 'None');
    type = type.replace(/\?$/, '');
    const m = /^(.*)\[(\d+)\]$/.exec(type);
    const size = m ? Number(m[2]) : 0;
    if (m) type = m[1];
    params.push({ name, type, size, allowNone, required: eq < 0, kwOnly, typeName: TYPE_NAMES[type] ?? type, check: checker(type, size, fname) });
  }
  const positional = params.filter((p) => !p.kwOnly);
  const sig = {
    // deprecated forms still parse, but are neither listed nor counted as plausible
    params, hidden: flags.includes('hidden') || flags.includes('deprecated'), deprecated: flags.includes('deprecated'),
    maxPos: positional.length, minArgs: params.filter((p) => p.required).length, maxArgs: params.length,
    varargsIntlist: positional.length === 1 && (params[0].type === 'IntArrayRef' || params[0].type === 'SymIntArrayRef'),
    names: new Set(params.map((p) => p.name)),
  };
  // the fast path (no keywords, no None or undefined, no value that needs an unpack-time check)
  // (type codes, not closures: the checks stay inline in fits)
  const code = (p) => (p.type === 'Tensor' ? (NUMBERS_AS_TENSORS.has(fname) ? F_TENSOR_OR_NUMBER : F_TENSOR)
    : p.type === 'Scalar' || p.type === 'double' ? F_NUMBER : p.type === 'bool' ? F_BOOL : p.type === 'int64_t' || p.type === 'SymInt' ? F_INT : F_SLOW);
  sig.fastMin = params.some((p) => p.kwOnly && p.required) || sig.varargsIntlist ? Infinity : positional.filter((p) => p.required).length;
  sig.fastCodes = Uint8Array.from(positional, code);
  let star = false;
  sig.printed = `(${params.map((p) => `${p.kwOnly && !star && (star = true) ? '*, ' : ''}${p.typeName} ${p.name}`).join(', ')})`;
  return sig;
}

const typeOf = (v) => (v instanceof Tensor ? 'Tensor' : v instanceof PyFloat ? 'float' : describe(v));

/** FunctionSignature::parse: null when the arguments fit, else the error it would raise. */
function parse(fname, sig, pos, kw) {
  const n = pos.length;
  if (n > sig.maxPos && sig.varargsIntlist && !isIndex(pos[0]) && !(pos[0] === null ? sig.params[0].allowNone : sig.params[0].check(pos[0]))) {
    // permute(0.5, 1): the size list's own check fails before the count is looked at
    const p = sig.params[0];
    return () => new TypeError(`${fname}(): argument '${p.name}' (position 1) must be ${p.typeName}, not ${typeOf(pos[0])}`);
  }
  if (n > sig.maxPos && !(sig.varargsIntlist && n >= 1 && isIndex(pos[0]))) {
    const lo = sig.params.filter((p) => !p.kwOnly && p.required).length;
    const range = lo === sig.maxPos ? `${sig.maxPos}` : `from ${lo} to ${sig.maxPos}`;
    return () => new TypeError(`${fname}() takes ${range} positional argument${sig.maxPos === 1 && lo === sig.maxPos ? '' : 's'} but ${n} ${n === 1 ? 'was' : 'were'} given`);
  }
  let used = 0;
  for (let i = 0; i < sig.params.length; i++) {
    const p = sig.params[i];
    let v, given = false, position = 0;
    if (i === 0 && sig.varargsIntlist && n >= 1 && isIndex(pos[0])) {
      v = pos; given = true; position = 1;
    } else if (!p.kwOnly && i < n && pos[i] !== undefined) {
      v = pos[i]; given = true; position = i + 1;
      if (kw && kw[p.name] !== undefined) return () => new TypeError(`${fname}() got multiple values for argument '${p.name}'`);
    } else if (kw && kw[p.name] !== undefined) {
      v = kw[p.name]; given = true; used++;
    }
    if (!given) {
      if (p.required) {
        return () => {
          const missing = sig.params.slice(i).filter((q) => q.required && !q.kwOnly && !(kw && kw[q.name] !== undefined)).map((q) => `"${q.name}"`);
          if (!missing.length) return new TypeError(`${fname}() missing required keyword argument '${p.name}'`);
          // 1.13's plural is the wrong way round: "missing 1 ... arguments", "missing 2 ... argument"
          return new TypeError(`${fname}() missing ${missing.length} required positional argument${missing.length === 1 ? 's' : ''}: ${missing.join(', ')}`);
        };
      }
      continue;
    }
    if (v === null) {
      if (p.allowNone || p.type === 'Dimname') continue;
    } else if (p.check(v)) {
      continue;
    }
    return () => new TypeError(`${fname}(): argument '${p.name}'${position ? ` (position ${position})` : ''} must be ${p.typeName}, not ${typeOf(v)}`);
  }
  if (kw && used < countGiven(kw)) {
    for (const k of Object.keys(kw)) {
      if (kw[k] !== undefined && !sig.names.has(k)) return () => new TypeError(`${fname}() got an unexpected keyword argument '${k}'`);
    }
  }
  return null;
}
function countGiven(kw) {
  let c = 0;
  for (const k in kw) if (kw[k] !== undefined) c++;
  return c;
}

/** The checks python_arg_parser makes when it unpacks the matched signature's values. */
const NYI_DIMNAME = new Set(['all', 'any', 'argsort', 'gather', 'index_add', 'index_copy', 'index_copy_', 'index_select',
  'scatter', 'scatter_add', 'sort', 'squeeze_']);

function unpack(fname, sig, pos, kw, self) {
  const n = pos.length;
  for (let i = 0; i < sig.params.length; i++) {
    const p = sig.params[i];
    let v;
    if (i === 0 && sig.varargsIntlist && n >= 1 && isIndex(pos[0])) v = pos;
    else if (!p.kwOnly && i < n && pos[i] !== undefined) v = pos[i];
    else if (kw) v = kw[p.name];
    if (v === null && p.type === 'Dimname' && !p.allowNone) throw new TensorError('Please look up dimensions by name, got: name = None.');
    if (v === undefined || v === null) continue;
    switch (p.type) {
      case 'int64_t': case 'SymInt':
        if (typeof v !== 'object' && !(Math.abs(Number(v)) < INT64 || v === -INT64 || v === -(2n ** 63n))) throw new TensorError('Overflow when unpacking long');
        break;
      case 'IntArrayRef': case 'SymIntArrayRef':
        if (!isList(v)) {
          if (!(Math.abs(Number(v)) < INT64)) throw new TensorError('Overflow when unpacking long');
          break;
        }
        for (let j = 0; j < v.length; j++) {
          const e = v[j];
          const ok = isIntLike(e) ? Math.abs(Number(e)) < INT64 || Number(e) === -INT64 : indexTensor(e);
          if (!ok) throw new TypeError(`${fname}(): argument '${p.name}' must be ${p.typeName}, but found element of type ${typeOf(e)} at pos ${j + 1}`);
        }
        break;
      case 'TensorList':
        for (let j = 0; j < v.length; j++) {
          if (!(v[j] instanceof Tensor)) throw new TypeError(`expected Tensor as element ${j} in argument ${i}, but got ${typeOf(v[j])}`);
        }
        break;
      case 'c10::List<c10::optional<Tensor>>':
        for (let j = 0; j < v.length; j++) {
          if (v[j] !== null && v[j] !== undefined && !(v[j] instanceof Tensor)) throw new TypeError(`expected Tensor as element ${j} in argument ${i}, but got ${typeOf(v[j])}`);
        }
        break;
      case 'Scalar':   // a Python int outside int64 (a BigInt; a JS number that large takes floats' way, 1e300)
        if (typeof v === 'bigint' && !(v >= -(2n ** 63n) && v < 2n ** 63n)) throw new TensorError('Overflow when unpacking long');
        break;
      case 'ArrayRef<double>': case 'ScalarList':
        for (let j = 0; j < v.length; j++) {
          if (!isNum(v[j])) throw new TypeError(`${fname}(): argument '${p.name}' must be ${p.typeName}, but found element of type ${typeOf(v[j])} at pos ${j + 1}`);
        }
        break;
      case 'Dimname': case 'DimnameList': {  // tensorpad's tensors have no names
        const names = Array.isArray(v) ? v : [v];
        const bad = names.find((x) => typeof x !== 'string' && x !== null);
        if (bad !== undefined) throw new TypeError(`expected None or string for Dimname but got ${typeOf(bad)}`);
        // the ops whose Dimname overload is reportNYIDimnameOverload's
        const base = fname.replace(/_$/, '');
        if (NYI_DIMNAME.has(fname)) {
          throw new TensorError(`${base}: You passed a dimname (string) to this op in place of a dimension index but it does not yet support this behavior. Please pass a dimension index to work around this.`);
        }
        // (transpose looks up dim1 first)
        const name = base === 'transpose' && i === 0 && typeof (pos[1] ?? kw?.dim1) === 'string' ? (pos[1] ?? kw.dim1) : names[0];
        if (name === null) throw new TensorError('Please look up dimensions by name, got: name = None.');
        const t = self instanceof Tensor ? self : pos.find((x) => x instanceof Tensor);
        const dims = t && !t.is_disposed ? Array(t.ndim).fill('None').join(', ') : '';
        throw new TensorError(`Name '${name}' not found in Tensor[${dims}].`);
      }
      default:
    }
  }
}

/** "got (Tensor, int, dim=str)": the types of what was passed, as format_invalid_args lists them
 *  (keywords last first; with no positional argument each keyword is followed by ", "). */
function gotText(pos, kw) {
  const kws = kw ? Object.keys(kw).filter((k) => kw[k] !== undefined).reverse().map((k) => `${k}=${typeOf(kw[k])}`) : [];
  if (!pos.length) return kws.map((k) => `${k}, `).join('');
  return [...pos.map(typeOf), ...kws].join(', ');
}

/** torch/csrc/utils/invalid_arguments.cpp's format_invalid_args, which re-reads each signature's
 *  printed form: an argument is a ", "-separated token ('*' included) whose type is the text
 *  before its last space; 'float' takes float and int, 'int' int, any other type only a value
 *  whose Python type name is that text ('tuple of ints' never matches). A signature whose count
 *  of tokens is the count of arguments given gets a line with the mismatches marked !type!. */
function invalidCombination(fname, sigs, pos, kw) {
  const shown = sigs.filter((s) => !s.hidden);
  const kws = kw ? Object.keys(kw).filter((k) => kw[k] !== undefined).reverse() : [];
  const head = `${fname}() received an invalid combination of arguments - `;
  if (shown.length === 1) {
    const o = optionOf(shown[0]);
    const bad = unmatchedKeywords(o, kws);
    if (bad.length) return new TypeError(`${head}got unrecognized keyword arguments: ${bad.join(', ')}`);
    const got = o.length === pos.length + kws.length ? markedTypes(o, pos, kw) : `(${gotText(pos, kw)})`;
    return new TypeError(`${head}got ${got}, but expected ${shown[0].printed}`);
  }
  let msg = `${head}got (${gotText(pos, kw)}), but expected one of:\n`;
  for (const s of shown) {
    msg += ` * ${s.printed}\n`;
    const o = optionOf(s);
    if (o.length !== pos.length + kws.length) continue;
    const bad = unmatchedKeywords(o, kws);
    msg += bad.length ? `      didn't match because some of the keywords were incorrect: ${bad.join(', ')}\n`
      : `      didn't match because some of the arguments have invalid types: ${markedTypes(o, pos, kw)}\n`;
  }
  return new TypeError(msg);
}
function optionOf(sig) {
  return sig.printed.slice(1, -1).split(', ').map((tok) => {
    const sp = tok.lastIndexOf(' ');
    return sp < 0 ? { type: tok, name: tok } : { type: tok.slice(0, sp), name: tok.slice(sp + 1) };
  });
}
/** The keywords not among the option's last arguments (_tryMatchKwargs). */
function unmatchedKeywords(o, kws) {
  const from = Math.max(0, o.length - kws.length);
  return kws.filter((k) => !o.slice(from).some((a) => a.name === k));
}
function typeMatches(type, v) {
  const t = typeOf(v);
  return type === 'float' ? t === 'float' || t === 'int' : t === type;
}
function markedTypes(o, pos, kw) {
  const parts = [];
  for (let i = 0; i < o.length; i++) {
    const isKw = i >= pos.length;
    const v = isKw ? kw[o[i].name] : pos[i];
    const mark = typeMatches(o[i].type, v) ? '' : '!';
    parts.push(`${mark}${isKw ? `${o[i].name}=` : ''}${typeOf(v)}${mark}`);
  }
  return `(${parts.join(', ')})`;
}

/** The fast path: a positional argument a signature takes as it is (x.mul(1.0001)); anything
 *  else (keywords, None, lists, 0-d tensors as numbers) goes to check(). */
function fastOk(f, v) {
  const t = typeof v;
  switch (f) {
    case F_TENSOR: return v instanceof Tensor;
    // (a BigInt goes to check(): one outside int64 overflows)
    case F_TENSOR_OR_NUMBER: return t === 'number' || v instanceof Tensor || t === 'boolean';
    case F_NUMBER: return t === 'number' || t === 'boolean';
    case F_BOOL: return t === 'boolean';
    case F_INT: return t === 'number' && Number.isInteger(v) && v < INT64 && v > -INT64;
    default: return false;
  }
}

/** PythonArgParser::raw_parse: one signature raises its own error; several try each in turn and,
 *  when none fits, the one plausible by argument count raises its error, or all are listed.
 *  Returns the index of the signature that fits. */
function check(fname, sigs, a, self) {
  let pos = a, kw = null;
  const last = a.length ? a[a.length - 1] : undefined;
  if (last !== null && typeof last === 'object' && isOptions(last)) { kw = last; pos = a.slice(0, -1); }
  let end = pos.length;
  while (end > 0 && pos[end - 1] === undefined) end--;
  if (end !== pos.length) pos = pos.slice(0, end);
  if (sigs.length === 1) {
    const err = parse(fname, sigs[0], pos, kw);
    if (err) throw err();
    unpack(fname, sigs[0], pos, kw, self);
    return 0;
  }
  for (let k = 0; k < sigs.length; k++) {
    if (!parse(fname, sigs[k], pos, kw)) {
      unpack(fname, sigs[k], pos, kw, self);
      return k;
    }
  }
  const nargs = pos.length + (kw ? countGiven(kw) : 0);
  const plausible = sigs.filter((s) => !s.hidden && nargs >= s.minArgs && nargs <= s.maxArgs);
  if (plausible.length === 1) throw parse(fname, plausible[0], pos, kw)();
  throw invalidCombination(fname, sigs, pos, kw);
}

/** Python mode: raises what 1.13's parser raises for `<kind>.<name>(...a)` (kind: a table of
 *  arg_table.js: 'torch', 'Tensor' with self, 'F', 'linalg'), without making the call. The bridge
 *  (js/python_bridge.js) hands a Python float with an integral value on as a plain number, and asks
 *  this first, so that a float where an int is declared (x.view(2.0, 3), x.sum(0.0)) is refused as
 *  PyTorch refuses it. Functions without a table entry, or with their own checks, pass. */
const parsedByName = new Map();
export function checkArguments(kind, name, a, self) {
  const entry = table[kind]?.[name];
  if (!entry || entry === 'noargs' || OWN_CHECKS.has(`${kind}.${name}`)) return;
  const key = `${kind}.${name}`;
  let checker = parsedByName.get(key);
  if (!checker) {
    if (Array.isArray(entry)) {
      const own = ownName(entry, name), sigs = entry.map((s) => parseSignature(s, own));
      checker = (args, t) => check(own, sigs, args, t);
    } else {  // a Python-level function: its body's first use of a float (value_probes.py)
      const bind = pyBinder(entry.name, entry.params, kind === 'init', entry.checks, entry.context);
      checker = (args) => bind(args);
    }
    parsedByName.set(key, checker);
  }
  checker(a, self);
}

// ---- Python-level functions: CPython's binding of def parameters ---------------------------
const quoteList = (xs) => (xs.length === 1 ? `'${xs[0]}'` : xs.length === 2 ? `'${xs[0]}' and '${xs[1]}'`
  : `${xs.slice(0, -1).map((x) => `'${x}'`).join(', ')}, and '${xs[xs.length - 1]}'`);

// ---- value checks: what a Python-level function's body raises for a value of the wrong type -----
// PyTorch's Python-level functions (F.dropout, nn.init.kaiming_uniform_, nn.Linear.__init__) check
// nothing when they bind: the body fails at its first use of the value (mode.lower(), `p < 0.0`,
// torch.empty((out, in))). tests/fixtures/value_probes.py asks PyTorch 1.13 what each parameter's body raises for
// a value of each category below and keeps the texts that name the value's type (a text that
// depends on the value itself, "Mode x not supported", stays with the body); they are raised here,
// before the body runs, with the value's type, repr and str in place of the marks.
const TYPE_MARK = /\x01T/g, REPR_MARK = /\x01R/g, STR_MARK = /\x01S/g;
const INT64_EDGE = 2 ** 63;

/** The probe category of a JS value (tests/fixtures/value_probes.py's CATEGORIES), or '' for a
 *  tensor (the body checks those). */
function category(v) {
  switch (typeof v) {
    case 'undefined': return '';
    case 'boolean': return 'b';
    case 'string': return 's';
    case 'number':
      if (!Number.isInteger(v)) return 'f';
      return v >= INT64_EDGE || v < -INT64_EDGE ? 'h' : 'i';
    case 'bigint': return v >= 2n ** 63n || v < -(2n ** 63n) ? 'h' : 'i';
    case 'object':
      if (v === null) return 'n';
      if (v instanceof Tensor) return '';
      if (v instanceof PyFloat) return 'f';
      if (isList(v)) return 'l';
      return v instanceof Map || v instanceof Set || isPlain(v) ? 'd' : 'o';
    default: return 'o';  // functions, symbols
  }
}
// a plain object given as a value (not the trailing keywords) is a dict; Object.create(null) stands
// for Python's object() (describe() names it 'object')
const isPlain = (v) => Object.getPrototypeOf(v) === Object.prototype;
/** The name Python's type(v).__name__ gives the JS value's twin. */
function pyTypeName(v) {
  if (v instanceof PyFloat) return 'float';
  if (v instanceof Map || (v && typeof v === 'object' && isPlain(v))) return 'dict';
  if (v instanceof Set) return 'set';
  if (typeof v === 'function') return 'function';
  if (typeof v === 'symbol') return 'object';
  return typeOf(v);
}
function pyStr(v) {
  if (typeof v === 'string' || typeof v === 'bigint') return String(v);
  if (typeof v === 'number' && Number.isInteger(v) && Math.abs(v) >= 1e21) return BigInt(v).toString();
  if (v instanceof PyFloat) return Number.isInteger(v.value) ? `${v.value}.0` : pyStr(v.value);
  if (typeof v === 'symbol' || typeof v === 'function') return `<${pyTypeName(v)}>`;
  return pyRepr(v);
}
const PY_CLASSES_AS_TYPE_ERROR = new Set(['TypeError', 'AttributeError']);

/** The error a value check's text (`Class:message`) stands for, for the value v. */
function valueError(text, v) {
  const colon = text.indexOf(':');
  const cls = text.slice(0, colon);
  const msg = text.slice(colon + 1).replace(TYPE_MARK, () => pyTypeName(v))
    .replace(REPR_MARK, () => (typeof v === 'string' ? `'${v}'` : pyStr(v))).replace(STR_MARK, () => pyStr(v));
  const e = PY_CLASSES_AS_TYPE_ERROR.has(cls) ? new TypeError(msg) : new TensorError(msg);
  if (cls !== 'TypeError' && cls !== 'RuntimeError') e.pythonType = cls;
  return e;
}

/** A value's kind (tests/fixtures/value_probes.py's kind_of): whether a check's text, probed with
 *  the other arguments of these kinds, holds for this call. */
function kindOf(v) {
  if (v instanceof Tensor) return 't';
  if (v === null) return 'n';
  const t = typeof v;
  if (t === 'number' || t === 'bigint' || t === 'boolean' || v instanceof PyFloat) return '#';
  if (t === 'string') return 's';
  if (isList(v)) return 'l';
  return t === 'object' && (v instanceof Map || v instanceof Set || isPlain(v)) ? 'd' : 'o';
}

// bodies that return (with a warning) before they use any other argument when the tensor has no
// elements: `kaiming_uniform_(torch.empty(0, 3), mode=5)` only warns in 1.13
const EMPTY_NO_OP = new Set(['kaiming_uniform_', 'kaiming_normal_']);

function pyBinder(fname, params, checkTensors = false, checks = null, context = '') {
  const pos = params.filter(([, k]) => k === 'p');
  const kwOnly = params.filter(([, k]) => k === 'k');
  const varargs = params.some(([, k]) => k === 'v'), varkw = params.some(([, k]) => k === 'w');
  const names = new Set([...pos, ...kwOnly].map(([n]) => n));
  const required = pos.filter(([, , d]) => !d).length;
  const tensorParams = checkTensors ? params.filter((p) => p[3]) : [];
  const emptyNoOp = EMPTY_NO_OP.has(fname);
  // [name, its position, its checks by category], in the order of the parameters
  const checked = checks ? params.filter(([n]) => checks[n]).map(([n]) => [n, pos.findIndex(([x]) => x === n), checks[n]]) : [];
  const valueOf = (args, n, kw, name, at) => (at >= 0 && at < n && args[at] !== undefined ? args[at] : kw ? kw[name] : undefined);
  /** Each parameter a check depends on is not given, or given a value of the kind it had when
   *  PyTorch was asked (else the body decides, as Python's would). */
  const inContext = (args, n, kw, depends) => depends.every((j) => {
    const name = params[j][0];
    const v = valueOf(args, n, kw, name, pos.findIndex(([x]) => x === name));
    return v === undefined || kindOf(v) === context[j];
  });
  return (a) => {
    let args = a, kw = null;
    const last = a.length ? a[a.length - 1] : undefined;
    if (last !== null && typeof last === 'object' && isOptions(last)) { kw = last; args = a.slice(0, -1); }
    let n = args.length;
    while (n > 0 && args[n - 1] === undefined) n--;
    if (kw) {
      for (const k of Object.keys(kw)) {
        if (kw[k] === undefined) continue;
        if (!names.has(k)) {
          if (!varkw) throw new TypeError(`${fname}() got an unexpected keyword argument '${k}'`);
        } else if (pos.findIndex(([x]) => x === k) >= 0 && pos.findIndex(([x]) => x === k) < n && args[pos.findIndex(([x]) => x === k)] !== undefined) {
          throw new TypeError(`${fname}() got multiple values for argument '${k}'`);
        }
      }
    }
    if (!varargs && n > pos.length) {
      const range = required === pos.length ? `${pos.length}` : `from ${required} to ${pos.length}`;
      throw new TypeError(`${fname}() takes ${range} positional argument${pos.length === 1 && required === 1 ? '' : 's'} but ${n} ${n === 1 ? 'was' : 'were'} given`);
    }
    const missing = pos.filter(([name, , d], i) => !d && !(i < n && args[i] !== undefined) && !(kw && kw[name] !== undefined)).map(([x]) => x);
    if (missing.length) throw new TypeError(`${fname}() missing ${missing.length} required positional argument${missing.length === 1 ? '' : 's'}: ${quoteList(missing)}`);
    const missingKw = kwOnly.filter(([name, , d]) => !d && !(kw && kw[name] !== undefined)).map(([x]) => x);
    if (missingKw.length) throw new TypeError(`${fname}() missing ${missingKw.length} required keyword-only argument${missingKw.length === 1 ? '' : 's'}: ${quoteList(missingKw)}`);
    // the body's checks (Python binds every argument before its body runs)
    if (checks && !(emptyNoOp && args[0] instanceof Tensor && args[0].shape.includes(0))) {
      for (let i = 0; i < checked.length; i++) {
        const [name, at, byCat] = checked[i];
        const v = valueOf(args, n, kw, name, at);
        let c = category(v);
        // a JS number that large is a float to a parameter that takes floats (1e300), an int
        // (Python's 2**64) to one that refuses them
        if (c === 'h' && typeof v === 'number' && byCat.f === undefined) c = 'f';
        const text = byCat[c];
        if (text !== undefined && inContext(args, n, kw, byCat.depends)) throw valueError(text, v);
      }
    }
    for (let i = 0; i < tensorParams.length; i++) {  // annotated Tensor: Python fails on its first use
      const [name, , , kind] = tensorParams[i];
      const at = pos.findIndex(([x]) => x === name);
      const v = at >= 0 && at < n && args[at] !== undefined ? args[at] : kw ? kw[name] : undefined;
      if (v === undefined || v instanceof Tensor || (v === null && kind === 'T?')) continue;
      throw new TypeError(`${fname}(): argument '${name}'${at >= 0 && at < n ? ` (position ${at + 1})` : ''} must be Tensor, not ${typeOf(v)}`);
    }
  };
}

// ---- applying the table ---------------------------------------------------------------------------

/** A checking wrapper around fn for the table entry `entry` (see arg_table.js). */
export function guarded(fname, entry, fn, isMethod = false, unary = false, checkTensors = false) {
  if (entry === 'noargs') {  // METH_NOARGS
    return function (...a) {
      if (a.length) noArgs(fname, a);
      return fn.apply(this, a);
    };
  }
  if (!Array.isArray(entry)) {  // a Python-level function: {name, params}
    // (Tensor annotations are checked for torch.nn.init only: the F.* bodies name the ATen op
    // that Python's first use of the tensor reaches, e.g. cross_entropy_loss())
    const bindCheck = pyBinder(entry.name, entry.params, checkTensors, entry.checks, entry.context);
    return function (...a) { bindCheck(a); return fn.apply(this, a); };
  }
  let sigs = null;  // parsed on first use
  if (unary) {  // docs/API.md: a unary function form takes Array.map's (element, index, array)
    return function (...a) {
      const mapped = a.length === 3 && Number.isInteger(a[1]) && Array.isArray(a[2]) && a[2][a[1]] === a[0];
      check(fname, sigs ?? (sigs = entry.map((s) => parseSignature(s, fname))), mapped ? [a[0]] : a, null);
      return fn.apply(this, mapped ? [a[0]] : a);
    };
  }
  // `arguments`, read here only by index and handed to apply, is never materialised: the fast
  // path allocates nothing (x.mul(1.0001) is as fast as without this layer; bench/README.md)
  return function () {
    if (sigs === null) sigs = entry.map((s) => parseSignature(s, fname));
    const n = arguments.length;
    let hit = -1;
    for (let k = 0; k < sigs.length && hit < 0; k++) {
      const s = sigs[k];
      if (n < s.fastMin || n > s.maxPos) continue;
      hit = k;
      for (let i = 0; i < n; i++) {
        if (!fastOk(s.fastCodes[i], arguments[i])) { hit = -1; break; }
      }
    }
    if (hit < 0) hit = check(fname, sigs, Array.from(arguments), isMethod ? this : null);
    if (sigs[hit].deprecated) return deprecatedCall(fname, sigs, hit, this, Array.from(arguments), fn);
    return fn.apply(this, arguments);
  };
}

/** A call that fits only one of 1.13's deprecated overloads (deprecated.yaml: `x.add(2, y)`,
 *  `torch.addmm(beta, M, alpha, a, b)`): PyTorch warns once per process and calls the current
 *  form with the same arguments by name, which is what fn is given. */
function deprecatedCall(fname, sigs, at, self, a, fn) {
  const dep = sigs[at];
  let pos = a, kw = null;
  const last = a.length ? a[a.length - 1] : undefined;
  if (last !== null && typeof last === 'object' && isOptions(last)) { kw = last; pos = a.slice(0, -1); }
  const named = {};
  dep.params.filter((p) => !p.kwOnly).forEach((p, i) => { if (i < pos.length && pos[i] !== undefined) named[p.name] = pos[i]; });
  if (kw) for (const k of Object.keys(kw)) if (kw[k] !== undefined) named[k] = kw[k];
  const current = sigs.filter((s) => !s.deprecated);
  const target = current.find((s) => Object.keys(named).every((k) => s.names.has(k)));
  if (!target) return fn.apply(self, a);  // (torch.div's legacy addcdiv form: not taken)
  const shown = current.filter((s) => !s.hidden);
  // (one TORCH_WARN_ONCE for every deprecated overload: only the first one a process meets warns)
  warnOnce(`This overload of ${fname} is deprecated:\n\t${fname}${dep.printed}`
    + (shown.length ? `\nConsider using one of the following signatures instead:${shown.map((s) => `\n\t${fname}${s.printed}`).join('')}` : '')
    + ' (Triggered internally at  ./torch/csrc/utils/python_arg_parser.cpp:1420.)', 'UserWarning', 'python_arg_parser.cpp:1420');
  const args = [];
  for (const p of target.params) {
    if (p.kwOnly || !(p.name in named)) break;
    args.push(named[p.name]);
    delete named[p.name];
  }
  if (Object.keys(named).length) args.push(named);
  return fn.apply(self, args);
}

// ---- out=: a torch.* function that has it in 1.13 computes its result, then writes it into
// `out` with 1.13's rules (structured kernels' set_output): a result dtype that cannot be cast
// to out's is refused (the matrix products and a reduction given dtype= want it exactly), an
// out of another shape is resized (with PyTorch's deprecation warning unless it was empty),
// and inputs that require grad are refused. Factories take out's dtype when none is given.
const FACTORIES = new Set(['zeros', 'ones', 'full', 'empty', 'arange', 'range', 'linspace', 'logspace', 'eye', 'rand', 'randn',
  'randint', 'randperm', 'normal', 'tril_indices', 'triu_indices']);
const EXACT_DTYPE = new Set(['mm', 'bmm', 'mv', 'addmm', 'addmv', 'addbmm', 'baddbmm', 'addr', 'matmul', 'outer', 'ger', 'inner']);
const kind = (d) => (d.name === 'bool' ? 0 : d.is_floating_point ? 2 : 1);
const cname = (d) => ({ float32: 'Float', float64: 'Double', int32: 'Int', int64: 'Long', bool: 'Bool' }[d.name]);
const lname = (d) => ({ float32: 'float', float64: 'double', int32: 'int', int64: 'long', bool: 'bool' }[d.name]);

function writeOut(fname, r, out, exact) {
  if (Array.isArray(out)) {
    if (!Array.isArray(r) || r.length !== out.length) throw new TypeError(`${fname}(): argument 'out' must be tuple of Tensors of length ${Array.isArray(r) ? r.length : 1}`);
    out.forEach((o, i) => writeOut(fname, r[i], o, exact));
    return out;
  }
  if (!(out instanceof Tensor)) throw new TypeError(`${fname}(): argument 'out' must be Tensor, not ${describe(out)}`);
  if (exact && r.dtype !== out.dtype) throw new TensorError(`Expected out tensor to have dtype ${lname(r.dtype)}, but got ${lname(out.dtype)} instead`);
  if (kind(r.dtype) > kind(out.dtype)) {
    throw new TensorError(fname === 'cat' ? `torch.cat(): input types can't be cast to the desired output type ${cname(out.dtype)}`
      : `result type ${cname(r.dtype)} can't be cast to the desired output type ${cname(out.dtype)}`);
  }
  const same = r.ndim === out.ndim && r.shape.every((d, i) => d === out.shape[i]);
  if (!same) {
    if (out.numel() !== 0) {
      warn(`An output with one or more elements was resized since it had shape [${[...out.shape].join(', ')}], which does not match the required output shape [${[...r.shape].join(', ')}]. This behavior is deprecated, and in a future PyTorch release outputs will not be resized unless they have zero elements. You can explicitly reuse an out tensor t by resizing it, inplace, to zero elements with t.resize_(0). (Triggered internally at  ./aten/src/ATen/native/Resize.cpp:17.)`);
    }
    out.resize_(r.shape);
  }
  out.copy_(r);
  return out;
}

function withOut(fname, entry, g) {
  if (!Array.isArray(entry) || !entry.some((s) => /\bout\b/.test(s))) return g;
  let sigs = null;
  return function withOut(...a) {  // named: a warning's call site skips library frames by file (args.js callSite)
    const last = a[a.length - 1];
    if (!a.length || !isOptions(last) || last.out === undefined || last.out === null) return g.apply(this, a);
    check(fname, sigs ?? (sigs = entry.map((s) => parseSignature(s, fname))), a, null);
    const { out, ...kw } = last;
    const outs = Array.isArray(out) ? out : [out];
    if (FACTORIES.has(fname) && kw.dtype === undefined && outs[0] instanceof Tensor) kw.dtype = outs[0].dtype;
    const args = [...a.slice(0, -1), ...(Object.keys(kw).length ? [kw] : [])];
    if (args.some((x) => x instanceof Tensor && x.requires_grad) && gradEnabled()) {
      throw new TensorError(`${fname}(): functions with out=... arguments don't support automatic differentiation, but one of the arguments requires grad.`);
    }
    const r = g.apply(this, args);
    return writeOut(fname, r, out, EXACT_DTYPE.has(fname) || (kw.dtype !== undefined && !FACTORIES.has(fname)));
  };
}
let gradEnabled = () => true;

/** A torch.* function whose every visible form takes one positional tensor (torch.exp). */
function isUnary(entry) {
  if (!Array.isArray(entry)) return false;
  const visible = entry.filter((s) => !s.includes('|'));
  return visible.length > 0 && visible.every((s) => /^\w+\(Tensor input(, \*.*)?\)$/.test(s));
}

/** Names this layer leaves to the function's own checks: tensorpad's JS forms that PyTorch's
 *  signature would refuse (documented in docs/API.md), or Python-level behaviour the table cannot
 *  express. Each is listed with why. */
const OWN_CHECKS = new Set([
  'Tensor.index', 'Tensor.index_put_',  // Python's t[keys] / t[keys] = v: keys are JS values (slice strings, null)
  'Tensor.to', 'Tensor.type',  // dtype names and 'cpu' strings in any position
  'torch.tensor', 'torch.as_tensor', 'Tensor.new_tensor',  // data: any nested JS data
  'Tensor.register_hook', 'Tensor.backward',  // JS functions / tensors, checked by the autograd layer
  'nn.ModuleDict', 'nn.ParameterDict', 'torch.save',  // a plain object is their dict (or saved object), not keywords
]);

/** The name 1.13's parser puts in its texts: its signatures' own (torch.linalg.vector_norm's is
 *  linalg_vector_norm), else the key. */
function ownName(entry, key) {
  return Array.isArray(entry) && entry.length && /^\w+\(/.test(entry[0]) ? entry[0].slice(0, entry[0].indexOf('(')) : key;
}

const SELF = Object.freeze(Object.create(null));  // stands for self: Python counts it among __init__'s positionals

/** Wraps every function and method of the table that tensorpad has; returns how many. */
export function applySignatures(torch, TensorClass, GeneratorClass) {
  Tensor = TensorClass;
  Generator = GeneratorClass;
  gradEnabled = () => torch.is_grad_enabled();
  let count = 0;
  const wrapAll = (obj, entries, prefix, isMethod) => {
    const out = {};
    for (const name of Object.keys(entries)) {
      const fn = obj[name];
      if (typeof fn !== 'function' || fn.unavailable || OWN_CHECKS.has(`${prefix}.${name}`)) continue;
      const g = guarded(ownName(entries[name], name), entries[name], fn, isMethod, prefix === 'torch' && isUnary(entries[name]), prefix === 'init');
      out[name] = isMethod || prefix === 'F' || prefix === 'init' ? g : withOut(name, entries[name], g);
      count++;
    }
    return out;
  };
  const methods = wrapAll(TensorClass.prototype, table.Tensor, 'Tensor', true);
  for (const [k, f] of Object.entries(methods)) Object.defineProperty(TensorClass.prototype, k, { value: f, writable: true, configurable: true, enumerable: false });
  Object.assign(torch, wrapAll(torch, table.torch, 'torch', false));
  if (torch.linalg) Object.assign(torch.linalg, wrapAll(torch.linalg, table.linalg, 'linalg', false));
  if (torch.nn) {
    // a module class is checked by a construct trap: `instanceof`, `extends` and statics pass
    // through to the class itself (a subclass's super(...) call is checked against its base)
    const classes = {};
    for (const [name, entry] of Object.entries(table.nn ?? {})) {
      const C = torch.nn[name];
      if (typeof C !== 'function' || Array.isArray(entry) || OWN_CHECKS.has(`nn.${name}`)) continue;
      const bindCheck = pyBinder(entry.name, entry.params, false, entry.checks, entry.context);
      classes[name] = new Proxy(C, { construct(target, a, newTarget) { if (newTarget === classes[name]) bindCheck([SELF, ...a]); return Reflect.construct(target, a, newTarget === classes[name] ? target : newTarget); } });
      count++;
    }
    const functional = Object.freeze({ ...torch.nn.functional, ...wrapAll(torch.nn.functional, table.F, 'F', false) });
    const init = Object.freeze({ ...torch.nn.init, ...wrapAll(torch.nn.init, table.init, 'init', false) });
    torch.nn = Object.freeze({ ...torch.nn, ...classes, functional, init });
  }
  return count;
}
