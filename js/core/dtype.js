// dtypes: read from the core at load time (names, item sizes), never mirrored by hand,
// plus the TypedArray kind that numpy()/from_numpy use for each.
import { W, cstr, TensorError } from './wasm.js';

const arrayTypes = {
  float32: Float32Array, float64: Float64Array, int32: Int32Array, int64: BigInt64Array, bool: Uint8Array,
};

// Note [No public constructor takes a raw value]: only this module makes dtypes (one per core
// code, at load time); `new torch.dtype(...)` throws as Python's does.
const MAKE = Symbol('dtype.make');

export class dtype {
  constructor(token, code) {
    if (token !== MAKE) throw new TypeError("cannot create 'torch.dtype' instances");
    this.code = code;
    this.name = cstr(W.tp_dtype_name(code));
    this.itemsize = W.tp_dtype_itemsize(code);
    this.is_floating_point = !!W.tp_dtype_is_floating(code);
    this.is_complex = false;
    this.is_signed = this.name !== 'bool';
    this.ArrayType = arrayTypes[this.name];
    Object.freeze(this);
  }
  toString() { return `torch.${this.name}`; }
  [Symbol.for('nodejs.util.inspect.custom')]() { return this.toString(); }
}

/** dtypes by code, in the core's order. */
export const dtypes = [];
for (let code = 0; W.tp_dtype_name(code); code++) dtypes.push(new dtype(MAKE, code));
export const byName = Object.fromEntries(dtypes.map((d) => [d.name, d]));

/** The dtype a TypedArray's data becomes (contract: "Decisions where JS and Python differ"). */
export function dtypeOfArray(a) {
  if (a instanceof Float32Array) return byName.float32;
  if (a instanceof Float64Array) return byName.float64;
  if (a instanceof Int32Array || a instanceof Int16Array || a instanceof Int8Array || a instanceof Uint16Array) return byName.int32;
  if (a instanceof BigInt64Array || a instanceof BigUint64Array || a instanceof Uint32Array) return byName.int64;
  if (a instanceof Uint8Array || a instanceof Uint8ClampedArray) return byName.bool;
  return null;
}

export function promoteTypes(a, b) { return dtypes[W.tp_promote_types(a.code, b.code)]; }

/** torch.get_default_dtype(): the core keeps it (dtype.c), so promotion and creation agree. */
export const defaultFloat = () => dtypes[W.tp_get_default_dtype()];

export function toDtype(d, fname = 'tensor') {
  if (d instanceof dtype) return d;
  if (typeof d === 'string') {
    const n = d.replace(/^torch\./, '');
    const alias = { float: 'float32', double: 'float64', int: 'int32', long: 'int64' }[n] ?? n;
    if (byName[alias]) return byName[alias];
  }
  throw new TypeError(`${fname}(): argument 'dtype' must be torch.dtype, not ${describe(d)}`);
}

/** Marks an Array that Python mode made from a tuple, so that messages call it 'tuple'. */
export const PY_TUPLE = Symbol('tuple');
export function describe(v) {
  if (v === null || v === undefined) return 'NoneType';  // JS's undefined is Python's None (an argument not given)
  if (typeof v === 'bigint') return 'int';
  if (Array.isArray(v)) return v[PY_TUPLE] ? 'tuple' : 'list';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'float';
  if (typeof v === 'string') return 'str';
  if (typeof v === 'boolean') return 'bool';
  if (v instanceof dtype) return 'torch.dtype';
  return v?.constructor?.pyName ?? v?.constructor?.name ?? typeof v;  // pyName: torch._C.Generator
}

/** Python's repr of a value, for messages: bounded (no deep walk of nested lists). */
export function pyRepr(v, depth = 0) {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isNaN(v) ? 'nan' : v === Infinity ? 'inf' : v === -Infinity ? '-inf' : String(v);
  if (Array.isArray(v)) return depth > 3 ? '[...]' : `[${v.slice(0, 10).map((x) => pyRepr(x, depth + 1)).join(', ')}${v.length > 10 ? ', ...' : ''}]`;
  if (v === null || v === undefined) return 'None';
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (v instanceof Map) {  // a dict: {key: value, ...}, strings quoted as Python's repr quotes them inside one
    const item = (x) => (typeof x === 'string' ? `'${x}'` : pyRepr(x, depth + 1));
    return depth > 3 ? '{...}' : `{${[...v].slice(0, 10).map(([k, x]) => `${item(k)}: ${item(x)}`).join(', ')}${v.size > 10 ? ', ...' : ''}}`;
  }
  return describe(v);
}

/** Python's str() of any value a module keeps (what its extra_repr's format() prints): never
 *  throws, whatever the value (Object.create(null), a Symbol, a disposed tensor). */
export function pyStr(v) {
  switch (typeof v) {
    case 'string': return v;
    case 'number': case 'boolean': case 'undefined': return pyRepr(v);
    case 'bigint': return String(v);
    case 'symbol': return '<object object>';
    case 'function': return `<function ${v.name || '<lambda>'}>`;
    default:
  }
  if (v === null || Array.isArray(v) || v instanceof Map) return pyRepr(v);
  // a class of the library prints itself (tensors, dtypes, devices); anything else by its type
  if (typeof v.toString === 'function' && v.toString !== Object.prototype.toString) {
    try { return String(v); } catch { /* a disposed tensor, a throwing toString */ }
  }
  return `<${describe(v)} object>`;
}
/** A float that Python keeps as one (alpha=1.0): whole numbers get '.0'; anything else as pyStr. */
export const pyFloat = (v) => (Number.isInteger(v) ? `${v}.0` : pyStr(v));
/** A Python tuple of the values ((1,) for one); a value that is not an array as pyStr. */
export const pyTuple = (t) => (!Array.isArray(t) ? pyStr(t) : t.length === 1 ? `(${pyStr(t[0])},)` : `(${t.map(pyStr).join(', ')})`);
/** A template tag that formats each value as Python's format() does: py`dim=${d}`. */
export const py = (strings, ...values) => strings.reduce((s, part, i) => s + pyStr(values[i - 1]) + part);

// ---- devices: tensorpad computes on the CPU ------------------------------------------------
const DEVICE_TYPES = ['cpu', 'cuda', 'ipu', 'xpu', 'mkldnn', 'opengl', 'opencl', 'ideep', 'hip', 've', 'fpga',
  'ort', 'xla', 'lazy', 'vulkan', 'mps', 'meta', 'hpu', 'privateuseone'];

/** torch.device: a type and an optional index. Any of PyTorch's device types can be named;
 *  only 'cpu' can hold a tensor (checkDevice). */
export class Device {
  constructor(type, index = null) { this.type = type; this.index = index; Object.freeze(this); }
  toString() { return this.index === null ? this.type : `${this.type}:${this.index}`; }
  [Symbol.for('nodejs.util.inspect.custom')]() {
    return `device(type='${this.type}'${this.index === null ? '' : `, index=${this.index}`})`;
  }
}
Device.pyName = 'torch.device';
export const cpuDevice = new Device('cpu');

/** torch.device(type), torch.device('cuda:1'), torch.device('cuda', 1), torch.device(0). */
export function toDevice(d, index) {
  if (d instanceof Device) return d;
  if (typeof d === 'number' && Number.isInteger(d)) return new Device('cuda', d);
  if (typeof d !== 'string') throw new TypeError(`device(): argument 'type' (position 1) must be str, not ${describe(d)}`);
  const [type, ...rest] = d.split(':');
  if (!DEVICE_TYPES.includes(type)) throw new TensorError(`Expected one of ${DEVICE_TYPES.join(', ')} device type at start of device string: ${type}`);
  if (rest.length > 1 || (rest.length === 1 && !/^\d+$/.test(rest[0]))) throw new TensorError(`Invalid device string: '${d}'`);
  if (rest.length && index !== undefined && index !== null) throw new TensorError(`type (string) must not include an index because index was passed explicitly: ${d}`);
  const i = rest.length ? Number(rest[0]) : index ?? null;
  return i === null && type === 'cpu' ? cpuDevice : new Device(type, i);
}

/** Where a tensor may be put: the CPU. PyTorch's CPU build refuses the others with these texts. */
export function checkDevice(d) {
  if (d === undefined || d === null) return;
  const dv = toDevice(d);
  if (dv.type === 'cpu') return;
  if (dv.type === 'cuda') throw new TensorError('Torch not compiled with CUDA enabled');
  throw new TensorError(`PyTorch is not linked with support for ${dv.type} devices`);
}
