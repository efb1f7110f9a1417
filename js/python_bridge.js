// What Python mode needs from the JS layer, in one file (so that a change to tensor.js's
// internals has one place to follow). The Python `torch` package (python/torch/) calls the
// core's exports `W` itself on its hot path, with plain numbers; everything else goes
// through `call` below, which turns handle numbers into JS Tensors for the duration of one
// call of the public JS API and turns what it returns back into handles and plain data.
//
// Result encoding (read by python/torch/_bridge.py): primitives pass as they are; anything
// else is an Array [kind, ...]: 1 tensor (a retained handle), 2 torch.Size, 3 tuple,
// 4 named tuple (fname, items), 5 dtype (code), 6 device, 7 grad_fn node (a retained node
// pointer), 8 an opaque JS object (kept in `objects` until Python takes it), 9 list.
import torch from './tensorpad.js';
import { W, cstr, memory, check, checkStatus, TensorError, setHookHandler } from './core/wasm.js';
import { Tensor, Size, Tuple, wrap, scope, Slice, Ellipsis, device, viewOf } from './tensor/tensor.js';
import { dtype, dtypes, PY_TUPLE } from './core/dtype.js';
import { PyFloat, setWarningSink, resetWarnings } from './core/args.js';
import { checkArguments } from './core/arg_parser.js';
import { OP } from './tensor/ops.js';
import { Node } from './autograd/autograd.js';
import { Generator } from './core/generator.js';
import { save as saveArchive, readArchive, PickleDict, PickleParameter, UnpicklingError, WEIGHTS_ONLY } from './torch/serialization.js';

export { W, torch, OP };

/** The Tensor methods and torch.* functions Python forwards, discovered at load time. */
export function tensorMethods() { return members().filter(([, getter]) => !getter).map(([k]) => k); }
/** The Tensor properties that are getters in JS (T, mT, H, real, ...): properties in Python too. */
export function tensorGetters() { return members().filter(([, getter]) => getter).map(([k]) => k); }
function members() {
  const seen = new Map();
  for (let p = Tensor.prototype; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    for (const k of Object.getOwnPropertyNames(p)) {
      if (k === 'constructor' || k.startsWith('_') || seen.has(k)) continue;
      const d = Object.getOwnPropertyDescriptor(p, k);
      seen.set(k, !!d.get);
    }
  }
  return [...seen];
}
export function namespaceNames(path) {
  const ns = resolve(path);
  return Object.keys(ns).filter((k) => typeof ns[k] === 'function' && !k.startsWith('_'));
}
function resolve(path) {
  let o = torch;
  for (const part of path ? path.split('.') : []) o = o?.[part];
  if (o === undefined) throw new TensorError(`torch.${path} does not exist in tensorpad`);
  return o;
}

// ---- arguments -------------------------------------------------------------------------
// Python sends JS Arrays and Objects made by pyodide's to_js. Markers: {$t: handle} a tensor,
// {$f: x} a float with an integral value, {$s: [start, stop, step]} a slice, {$e: 1} Ellipsis,
// {$d: code} a dtype, {$o: id} an object Python got from us earlier, {$u: items} a tuple.
const objects = new Map();
let nextObject = 1;

function decodeArg(v) {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(decodeArg);
  if (v instanceof Tensor || v instanceof dtype || v instanceof Generator) return v;
  if ('$t' in v) {
    W.tp_tensor_retain(v.$t);
    return wrap(v.$t);  // joins the enclosing scope: released when the call ends
  }
  if ('$f' in v) return new PyFloat(v.$f);
  if ('$u' in v) return asTuple(v.$u.map(decodeArg));
  if ('$d' in v) return dtypes[v.$d];
  if ('$s' in v) return new Slice(v.$s[0], v.$s[1], v.$s[2]);
  if ('$e' in v) return Ellipsis;
  if ('$o' in v) return objects.get(v.$o);
  if (Object.getPrototypeOf(v) !== Object.prototype) return v;
  const o = {};
  for (const k of Object.keys(v)) o[k] = decodeArg(v[k]);
  return o;
}

// A PyFloat reaches only the calls that tell int from float by a scalar's type (the op
// table's binaries, where, clamp); elsewhere an integral float is the plain number.
const FLOAT_AWARE = new Set(['result_type', 'where', 'clamp', 'clip', 'clamp_', 'clip_', 'clamp_min', 'clamp_max', 'add', 'sub', 'mul', 'div', 'true_divide', 'floor_divide', 'remainder', 'fmod', 'pow',
  'float_power', 'xlogy', 'rsub', 'subtract', 'multiply', 'divide', 'eq', 'ne', 'lt', 'le', 'gt', 'ge',
  'add_', 'sub_', 'mul_', 'div_', 'pow_', 'remainder_', 'fmod_']);
/** a, marked as made from a Python tuple (describe() calls it 'tuple', as PyTorch's texts do). */
function asTuple(a) {
  Object.defineProperty(a, PY_TUPLE, { value: true });
  return a;
}
function plainFloats(v) {
  if (v instanceof PyFloat) return v.value;
  if (Array.isArray(v)) return v[PY_TUPLE] ? asTuple(v.map(plainFloats)) : v.map(plainFloats);
  if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype && !Object.isFrozen(v)) {  // not Ellipsis
    const o = {};
    for (const k of Object.keys(v)) o[k] = plainFloats(v[k]);
    return o;
  }
  return v;
}

// ---- results ---------------------------------------------------------------------------
function encode(r) {
  if (r === undefined || r === null) return null;
  const t = typeof r;
  if (t === 'number' || t === 'boolean' || t === 'string') return r;
  if (t === 'bigint') return Number(r);
  if (r instanceof Tensor) {
    W.tp_tensor_retain(r._ptr);
    return [1, r._ptr];
  }
  if (r instanceof Size) return [2, Array.from(r)];
  if (r instanceof dtype) return [5, r.code];
  if (r === device) return [6];
  if (r instanceof Node) {
    W.tp_node_retain_ptr(r._ptr);
    return [7, r._ptr];
  }
  if (Array.isArray(r)) {
    const items = Array.from(r, encode);
    if (typeof r.fname === 'string') return [4, r.fname, items];
    return [r instanceof Tuple || r.constructor === Array ? 3 : 9, items];
  }
  const id = nextObject++;
  objects.set(id, r);
  return [8, id];
}

/** Hands Python the JS object behind an [8, id] result (and forgets it here). */
export function takeObject(id) {
  const o = objects.get(id);
  objects.delete(id);
  return o;
}
/** Keeps a JS object Python holds, so it can be passed back as {$o: id}. */
export function keepObject(o) {
  const id = nextObject++;
  objects.set(id, o);
  return id;
}
export function dropObject(id) { objects.delete(id); }
/** After a start-up snapshot's restore (js/python.js): the objects Python kept when the
 * snapshot was made, [[id, object]], under the same ids. */
export function restoreObjects(entries) {
  for (const [id, o] of entries) {
    objects.set(id, o);
    nextObject = Math.max(nextObject, id + 1);
  }
}

// ---- errors ----------------------------------------------------------------------------
// Note [Python exception classes]: PyTorch raises TypeError for argument errors (JS
// TypeErrors here), IndexError for out-of-range indices and wrong mask shapes, ValueError
// and NotImplementedError for a few texts, torch.linalg.LinAlgError for singular or
// non-definite matrices; everything else from the core is a RuntimeError.
// An error may carry its class itself (err.pythonType); otherwise it is read from the text.
const TEXT_CLASSES = [
  [/^index -?\d+ is out of bounds for dimension|^Index -?\d+ is out of bounds|^too many indices for tensor of dimension|out of range \(expected to be in range of/, 'IndexError'],
  [/^Dimension out of range|^Dimension specified as -?\d+ but tensor has no dimensions/, 'IndexError'],
  // zero_numel_check_dims and argmax/argmin's empty check are TORCH_CHECK_INDEX (max()'s is not)
  [/^\w+:? ?(\(\))?:? Expected reduction dim -?\d+ to have non-zero size\.|^arg(max|min)\(\): Expected reduction dim to be specified/, 'IndexError'],
  [/^select\(\) cannot be applied to a 0-dim tensor/, 'IndexError'],
  [/^Target -?\d+ is out of bounds\.|^index out of range in self/, 'IndexError'],
  [/^IndexError: /, 'IndexError'],
  [/^The shape of the mask .* does not match the shape of the indexed tensor/, 'IndexError'],
  // 1.13's "\"kernel\" not implemented for 'Long'" (a dispatch error) is a RuntimeError.
  [/^NotImplementedError: /, 'NotImplementedError'],
  // torch.linalg.LinAlgError (torch._C._LinAlgError, a RuntimeError): what LAPACK's info > 0 reports.
  [/the input matrix is singular\.|is not positive-definite|failed to converge/, '_LinAlgError'],
  [/^ValueError: |^only one element tensors can be converted|^not enough values to unpack/, 'ValueError'],
];
export function errorInfo(e) {
  if (e && e.pythonType) return [e.pythonType, e.message];
  const msg = e && e.message !== undefined ? String(e.message) : String(e);
  if (e instanceof TypeError) return ['TypeError', msg];
  if (e instanceof RangeError) return ['RuntimeError', msg];
  for (const [re, cls] of TEXT_CLASSES) if (re.test(msg)) return [cls, msg.replace(/^(IndexError|ValueError|NotImplementedError): /, '')];
  return ['RuntimeError', msg];
}

let lastErr = null;
/** The [class, message] of the error the last failed `call` raised. */
export function lastCallError() { return lastErr; }
export function coreError() { return errorInfo(new TensorError(cstr(W.tp_last_error()))); }

// ---- the generic call ------------------------------------------------------------------
/** Calls torch[path](...args, kwargs) or, with self >= 0, the Tensor method `path` of the
 * tensor with that handle. Returns the encoded result, or undefined after an error
 * (lastCallError() says which). */
export function call(path, self, args, kwargs) {
  lastErr = null;
  try {
    return scope(() => {
      const name = path.slice(path.lastIndexOf('.') + 1);
      const a = args ? decodeArg(args) : [];
      const kw = kwargs ? decodeArg(kwargs) : null;
      if (FLOAT_AWARE.has(name)) return encode(invoke(path, name, self, a, kw));
      if (hasPyFloat([a, kw])) checkArguments(tableOf(path, self), name, kw && Object.keys(kw).length ? [...a, kw] : a, self >= 0 ? selfTensor(self) : null);
      const pa = plainFloats(a), pkw = kw && plainFloats(kw);
      try {
        return encode(invoke(path, name, self, pa, pkw));
      } catch (e) {
        // The JS API reads 2.0 as 2: when the argument parser refused a call that had a Python
        // float with an integral value, ask it again with the float kept, for its text ('not
        // float', the invalid combination's types). Its refusals come before any effect.
        if (!(e instanceof TypeError) || !PARSER_TEXT.test(e.message) || !hasPyFloat([a, kw])) throw e;
        return encode(invoke(path, name, self, a, kw));
      }
    });
  } catch (e) {
    if (e?.constructor?.name === 'PythonError') throw e;  // a Python hook's own exception: pyodide re-raises it
    lastErr = errorInfo(e);
    return undefined;
  }
}
/** The arg_table.js table that holds the signatures of torch.<path> (or of a Tensor method). */
function tableOf(path, self) {
  if (self >= 0) return 'Tensor';
  if (path.startsWith('nn.functional.')) return 'F';
  if (path.startsWith('linalg.')) return 'linalg';
  return path.includes('.') ? '' : 'torch';
}
const PARSER_TEXT = /\(\) received an invalid combination of arguments|\): argument '[^']*'( \(position \d+\))? must be .*, not int$/;
function hasPyFloat(v) {
  if (v instanceof PyFloat) return true;
  if (Array.isArray(v)) return v.some(hasPyFloat);
  return !!v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype && Object.values(v).some(hasPyFloat);
}
/** A wrapper of the tensor with that handle (released with the enclosing scope). */
function selfTensor(self) {
  W.tp_tensor_retain(self);
  return wrap(self);
}
function invoke(path, name, self, a, kw) {
  if (kw && Object.keys(kw).length) a = [...a, kw];
  if (self >= 0) {
    const t = selfTensor(self);
    const f = t[path];
    if (typeof f !== 'function') {
      if (a.length) throw new TypeError(`'${path}' is not callable`);
      return f;
    }
    return f.apply(t, a);
  }
  const dot = path.lastIndexOf('.');
  const owner = dot < 0 ? torch : resolve(path.slice(0, dot));
  const f = owner[name];
  if (typeof f !== 'function') throw new TypeError(`torch.${path} is not a function in tensorpad`);
  return /^[A-Z]/.test(name) && f.prototype ? new f(...a) : f.apply(owner, a);
}

/** Calls a method of a JS object Python holds ({$o: id} / a kept id). */
export function callObject(id, name, args, kwargs) {
  lastErr = null;
  try {
    return scope(() => {
      const o = objects.get(id);
      let a = args ? plainFloats(decodeArg(args)) : [];
      const kw = kwargs ? plainFloats(decodeArg(kwargs)) : null;
      if (kw && Object.keys(kw).length) a.push(kw);
      const f = o[name];
      return encode(typeof f === 'function' ? f.apply(o, a) : f);
    });
  } catch (e) {
    lastErr = errorInfo(e);
    return undefined;
  }
}

// ---- printing, grad_fn, hooks, warnings ---------------------------------------------------
/** PyTorch's repr of the tensor with handle h. */
export function repr(h, gradFnName) {
  const node = W.tp_tensor_grad_fn(h);
  const name = gradFnName ?? (node ? cstr(W.tp_node_name(node)).split('::').pop() : '');
  let s = 0;
  if (name) {
    const bytes = new TextEncoder().encode(name);
    s = check(W.tp_malloc(bytes.length + 1));
    const v = new Uint8Array(memory.buffer, s, bytes.length + 1);
    v.set(bytes);
    v[bytes.length] = 0;
  }
  try {
    const p = W.tp_repr(h, s);
    if (!p) return undefined;
    return cstr(p);
  } finally {
    if (s) W.tp_free(s);
  }
}
export function nodeName(p) { return cstr(W.tp_node_name(p)); }
export function str(p) { return cstr(p); }

/** register_hook with a Python callable: fn(gradHandle) -> handle (retained) or 0. Returns
 * the JS handle object (kept: Python removes it with callObject(id, 'remove')). */
export function registerHook(h, fn, name) {
  W.tp_tensor_retain(h);
  const t = wrap(h);
  try {
    const hook = (g) => {
      W.tp_tensor_retain(g._ptr);
      const r = fn(g._ptr);
      return r ? wrap(r) : undefined;
    };
    Object.defineProperty(hook, 'name', { value: name });
    return keepObject(t.register_hook(hook));
  } finally {
    t.dispose();
  }
}

/** Routes the library's warnings to Python's warnings module (sink(category, message, once)). */
export function setWarnings(sink) { setWarningSink(sink); }
export { resetWarnings };

/** Everything torch keeps between programs, back to a fresh process's state. */
export function resetState() {
  W.tp_set_grad_enabled(1);
  torch.set_default_dtype(torch.float32);
  torch.set_printoptions({ precision: 4, threshold: 1000, edgeitems: 3, linewidth: 80, sci_mode: null });
  torch.manual_seed(67280421310721);
  resetWarnings();
  // `objects` is not cleared: torch's own module-level objects (torch.default_generator)
  // live on across programs, and a program's are dropped when Python frees them.
}

export function memoryStats() {
  return [W.tp_live_tensors(), W.tp_live_bytes(), W.tp_peak_bytes(), memory.buffer.byteLength];
}

export { setHookHandler };

// ---- creation from Python data -------------------------------------------------------------
/** A new tensor of dtype `code` and shape `shape` from a flat JS Array of numbers (copied). */
export function fromFlat(values, shape, code) {
  const n = values.length;
  // Integers beyond 2^53 keep every bit only on the way to an integer dtype (2, 3: int32,
  // int64); for the others (and inf/NaN, which no BigInt holds) a double is what is stored.
  const intTarget = code === 2 || code === 3;
  const big = intTarget && values.some((v) => typeof v === 'bigint' || (Number.isInteger(v) && Math.abs(v) > 9007199254740992));
  if (!big && values.some((v) => typeof v === 'bigint')) values = values.map(Number);
  const bytes = Math.max(n, 1) * 8;
  const p = check(W.tp_malloc(bytes));
  try {
    if (big) {
      const a = new BigInt64Array(memory.buffer, p, n);
      for (let i = 0; i < n; i++) a[i] = BigInt(typeof values[i] === 'bigint' ? values[i] : Math.trunc(values[i]));
    } else {
      new Float64Array(memory.buffer, p, n).set(values);
    }
    const sp = W.tp_args();
    new Float64Array(memory.buffer, sp, shape.length).set(shape);
    return W.tp_from_buffer(p, big ? 3 : 1, shape.length, sp, code);
  } finally {
    W.tp_free(p);
  }
}

/** Writes numbers into the core's scratch vector (tp_args) and returns its address. */
export function scratch(values) {
  const sp = W.tp_args();
  new Float64Array(memory.buffer, sp, values.length).set(values);
  return sp;
}

/** A JS Tensor for the tensor with handle h (a new reference: dispose() it, or make it in a torch.scope). */
export function tensorFromHandle(h) {
  W.tp_tensor_retain(h);
  return wrap(h);
}

/** t.tolist() as nested JS Arrays of numbers/booleans (Python makes them lists). A JS
 *  number that is an integer becomes a Python int, so a float tensor's -0 is sent as the
 *  string '-0' (Python's float('-0') is -0.0). */
export function tolist(h) {
  lastErr = null;
  W.tp_tensor_retain(h);
  const t = wrap(h);
  try {
    let r = t.tolist();
    if (t.dtype.is_floating_point) r = signedZeros(r);
    else if (t.dtype.name === 'int64' && !safeInts(r)) r = exactInts(t);
    return Array.isArray(r) ? r : [r];
  } catch (e) {
    lastErr = errorInfo(e);   // (a list too long for memory: Python's MemoryError)
    return undefined;
  } finally {
    t.dispose();
  }
}
function safeInts(r) { return Array.isArray(r) ? r.every(safeInts) : Number.isSafeInteger(r); }
/** An int64 tensor's values beyond 2^53 as BigInts (Python ints, every bit kept), nested by
 *  grouping the flat values innermost dim first. */
function exactInts(t) {
  const c = t.contiguous();
  try {
    let level = Array.from(viewOf(c), (x) => (x >= -MAX_SAFE && x <= MAX_SAFE ? Number(x) : x));
    for (let d = c.ndim - 1; d > 0; d--) {
      const n = c.shape[d], up = [];
      for (let i = 0; i < level.length; i += n) up.push(level.slice(i, i + n));
      level = up;
    }
    return c.ndim === 0 ? level[0] : level;
  } finally {
    if (c !== t) c.dispose();
  }
}
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
function signedZeros(r) {
  if (Array.isArray(r)) {
    for (let i = 0; i < r.length; i++) r[i] = signedZeros(r[i]);
    return r;
  }
  return Object.is(r, -0) ? '-0' : r;
}
/** Whether the one element of tensor h is -0.0 (t.item() of a zero: Python sees an int 0). */
export function negativeZero(h) { return Object.is(W.tp_item(h), -0); }
// ---- the hot path's crossings -----------------------------------------------------------
// Note [Deferred release]: a Python call into JS costs ~0.5 us, as much as a tiny op. So a
// Python tensor's __del__ queues its handle, and the next hot op carries one queued handle
// along and releases it in the same crossing (`r`; 0: none); a queue of 8 is flushed with
// one call. A handle waits at most until the next op: memory still follows the names.
export const hot = {
  // Note [Bound hot calls]: a crossing from Python costs ~0.25 us per argument besides its
  // base cost, so the hottest ops get a function each with op, kind and form bound, made
  // once by rebind(key) and kept in `bound` under that key: `s_<op>_<kind>_<form>` (h, s, r?),
  // `t_<op>` (a, b, r?), `u_<op>` (h, r?). Python reads them as attributes of `bound`, and the
  // start-up snapshot (js/python.js) names them bridge.hot.bound.<key>, made again on restore.
  bound: {},
  rebind(key) {
    if (Object.hasOwn(hot.bound, key)) return hot.bound[key];
    const [form, ...n] = key.split('_');
    const [op, kind, f] = n.map(Number);
    let fn;
    if (form === 's') {
      fn = (h, s, r) => {
        if (r) W.tp_tensor_release(r);
        return W.tp_binary_scalar(op, h, s, kind, f, 1);
      };
    } else if (form === 't') {
      fn = (a, b, r) => {
        if (r) W.tp_tensor_release(r);
        return W.tp_binary(op, a, b, 1);
      };
    } else if (form === 'u') {
      fn = (h, r) => {
        if (r) W.tp_tensor_release(r);
        return W.tp_unary(op, h);
      };
    } else {
      return undefined;
    }
    return (hot.bound[key] = fn);
  },
  bs(op, h, s, kind, form, alpha, r) {
    if (r) W.tp_tensor_release(r);
    return W.tp_binary_scalar(op, h, s, kind, form, alpha);
  },
  bt(op, a, b, alpha, r) {
    if (r) W.tp_tensor_release(r);
    return W.tp_binary(op, a, b, alpha);
  },
  un(op, h, r) {
    if (r) W.tp_tensor_release(r);
    return W.tp_unary(op, h);
  },
  lin(id, a, b, r) {
    if (r) W.tp_tensor_release(r);
    return W.tp_linalg(id, a, b);
  },
  // F.linear of a 2-D input with a bias: addmm(b, x, w.t()), as ATen's linear.
  linear(x, w, b, r) {
    if (r) W.tp_tensor_release(r);
    const wt = W.tp_t(w);
    if (!wt) return 0;
    const h = W.tp_addmm(b, x, wt, 1, 1);
    W.tp_tensor_release(wt);
    return h;
  },
  red(op, h, r) {
    if (r) W.tp_tensor_release(r);
    return W.tp_reduce(op, h, -1, 0, 0, 0, -1);
  },
  release(...hs) {
    for (const h of hs) W.tp_tensor_release(h);
  },
  // zero_grad() (set_to_none=False) over parameter handles, one crossing for all: each grad
  // gets requires_grad_(False) and zero_(). Returns 0; i + 1 when hs[i]'s grad has a grad_fn
  // (Python detaches that one and goes on after it); -1 after a core error.
  zeroGrads(...hs) {
    for (let i = 0; i < hs.length; i++) {
      const g = W.tp_tensor_grad(hs[i]);
      if (!g) continue;
      if (W.tp_tensor_grad_fn(g)) return i + 1;
      if (W.tp_tensor_requires_grad_(g, 0) < 0 || W.tp_zero_(g) < 0) return -1;
    }
    return 0;
  },
  // SGD's plain step (no momentum, weight decay or maximize), under no_grad: p.add_(p.grad,
  // alpha=-lr) for every parameter handle with a grad. Returns how many had one; -1 after a
  // core error.
  sgd(lr, ...hs) {
    let n = 0;
    for (const h of hs) {
      const g = W.tp_tensor_grad(h);
      if (!g) continue;
      if (W.tp_binary_(OP.add, h, g, -lr) < 0) return -1;
      n++;
    }
    return n;
  },
  // t.backward() with no arguments; 1, or 0 after an error (lastCallError() says which).
  backward(h) {
    lastErr = null;
    try {
      W.tp_tensor_retain(h);
      scope(() => wrap(h).backward());
      return 1;
    } catch (e) {
      if (e?.constructor?.name === 'PythonError') throw e;  // a Python hook's own exception
      lastErr = errorInfo(e);
      return 0;
    }
  },
};

// ---- torch.save / torch.load (python/torch/serialization.py) -------------------------------
// One pickle reader and writer (js/torch/serialization.js) for both modes; Python sends and
// receives trees that keep what JS values cannot say (int or float, dict or OrderedDict,
// tuple or list, Parameter, one object met twice).
export { WEIGHTS_ONLY };

/** The archive bytes for Python's encoding of an object: {$t: h, i} tensor, {$p: h, g, i}
 * Parameter, {$f} float, {$d} dtype, {$l: items, i} list, {$u: items, i} tuple, {$S} Size,
 * {$m: [[k, v]...], o: ordered, s: state, i} dict, {$r: i} an object met before. */
export function saveTree(tree) {
  lastErr = null;
  try {
    return scope(() => {
      const made = new Map();
      const dec = (v) => {
        if (v === null || typeof v !== 'object') return v;
        if ('$r' in v) return made.get(v.$r);
        if ('$f' in v) return new PyFloat(v.$f);
        if ('$d' in v) return dtypes[v.$d];
        if ('$S' in v) return Size.of(...v.$S);
        if ('$t' in v || '$p' in v) {
          const h = v.$t ?? v.$p;
          W.tp_tensor_retain(h);
          const t = wrap(h);   // released when the scope ends
          const r = '$p' in v ? new PickleParameter(t, !!v.g) : t;
          made.set(v.i, r);
          return r;
        }
        if ('$l' in v) {
          const a = [];
          made.set(v.i, a);
          for (const x of v.$l) a.push(dec(x));
          return a;
        }
        if ('$u' in v) {
          const t = Tuple.from(v.$u.map(dec));
          made.set(v.i, t);
          return t;
        }
        if ('$m' in v) {
          const d = new PickleDict(v.o);
          made.set(v.i, d);
          for (const [k, x] of v.$m) d._map.set(dec(k), dec(x));
          if (v.s) d.state = dec(v.s);
          return d;
        }
        throw new TypeError('tensorpad: an unknown value reached torch.save');
      };
      return saveArchive(dec(tree));
    });
  } catch (e) {
    if (e?.constructor?.name === 'PythonError') throw e;
    lastErr = errorInfo(e);
    return undefined;
  }
}

/** The object in archive `bytes` for Python: primitives as they are; [1, h, i] tensor,
 * [10, h, requires_grad, i] Parameter, [11, x] float, [9, items, i] list, [3, items, i]
 * tuple, [13, flat k/v items, ordered, state, i] dict, [2, dims] Size, [5, code] dtype,
 * [14, i] an object met before. onStorage(h, location) sees every storage (a retained
 * handle of a 1-D tensor over it) and may throw (map_location). */
export function loadTree(bytes, onStorage) {
  lastErr = null;
  try {
    return scope(() => {
      const seen = new Map();
      const enc = (v) => {
        if (v === null || typeof v !== 'object') return v;
        if (v instanceof PyFloat) return [11, Object.is(v.value, -0) ? '-0.0' : v.value];
        if (v instanceof dtype) return [5, v.code];
        if (v instanceof Size) return [2, Array.from(v)];
        if (seen.has(v)) return [14, seen.get(v)];
        const i = seen.size;
        seen.set(v, i);
        if (v instanceof Tensor) { W.tp_tensor_retain(v._ptr); return [1, v._ptr, i]; }
        if (v instanceof PickleParameter) { W.tp_tensor_retain(v.tensor._ptr); return [10, v.tensor._ptr, v.requires_grad, i]; }
        if (v instanceof PickleDict) {
          const items = [];
          for (const [k, x] of v._map) items.push(enc(k), enc(x));
          return [13, items, v.ordered, v.state === null ? null : enc(v.state), i];
        }
        if (Array.isArray(v)) return [v instanceof Tuple ? 3 : 9, Array.from(v, enc), i];
        throw new TypeError(`tensorpad: torch.load made an unexpected ${v.constructor?.name}`);
      };
      const cb = onStorage ? (base, location) => { W.tp_tensor_retain(base._ptr); onStorage(base._ptr, location); } : null;
      return enc(readArchive(bytes, true, cb));
    });
  } catch (e) {
    if (e?.constructor?.name === 'PythonError') throw e;
    lastErr = errorInfo(e);
    if (e instanceof UnpicklingError) lastErr = ['UnpicklingError', e.message];
    return undefined;
  }
}
