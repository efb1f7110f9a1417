// torch.save / torch.load in PyTorch 1.13's file format: a zip archive ("stored", records
// aligned to 64 bytes) holding `data.pkl` (a protocol-2 pickle), one record `data/<key>`
// per storage (its raw little-endian bytes) and `version`. Tensors pickle as
// `torch._utils._rebuild_tensor_v2(storage, offset, size, stride, requires_grad, hooks)`,
// where the storage is a persistent id ('storage', torch.FloatStorage, key, 'cpu', numel):
// tensors of one storage name one key, so views saved together load sharing memory.
//
// Loading never runs pickled code: only the opcodes and globals that tensors, parameters
// and containers need are accepted (PyTorch's weights_only=True list), anything else is an
// UnpicklingError naming it. See docs/API.md, "Saving and loading".
import { W, heapBuffer, TensorError } from '../core/wasm.js';
import { dtypes } from '../core/dtype.js';
import { Tensor, Size, Tuple } from '../tensor/tensor.js';
import { PyFloat } from '../core/args.js';
import { dtype as DType } from '../core/dtype.js';

/** The error torch.load raises for a file it will not or cannot read (pickle.UnpicklingError). */
export class UnpicklingError extends TensorError {
  constructor(message) {
    super(message);
    this.name = 'UnpicklingError';
  }
}

/** A dict as pickle has it, for Python mode (python_bridge.js): keys of any kind, in order,
 * `ordered` for a collections.OrderedDict and `state` its attributes (a state_dict's
 * _metadata, restored by BUILD). JS's own torch.load turns these into objects or Maps. */
export class PickleDict {
  constructor(ordered = false, entries = [], state = null) {
    this._map = new Map(entries);
    this.ordered = ordered;
    this.state = state;
  }
}
/** A torch.nn.Parameter to save, for Python mode (whose Parameters are Python objects). */
export class PickleParameter {
  constructor(tensor, requiresGrad) { this.tensor = tensor; this.requires_grad = requiresGrad; }
}

export const WEIGHTS_ONLY = 'Weights only load failed. tensorpad loads only tensors, parameters, numbers, strings and ' +
  'containers (as PyTorch\'s weights_only=True) and never runs pickled code. WeightsUnpickler error: ';

// storage class name <-> dtype, for the dtypes tensorpad has
const STORAGES = { FloatStorage: 'float32', DoubleStorage: 'float64', IntStorage: 'int32', LongStorage: 'int64', BoolStorage: 'bool' };
const STORAGE_OF = Object.fromEntries(Object.entries(STORAGES).map(([k, v]) => [v, k]));
const ARRAY_OF = { float32: Float32Array, float64: Float64Array, int32: Int32Array, int64: BigInt64Array, bool: Uint8Array };
const UNSUPPORTED_STORAGES = {
  HalfStorage: 'float16', BFloat16Storage: 'bfloat16', ByteStorage: 'uint8', CharStorage: 'int8', ShortStorage: 'int16',
  ComplexFloatStorage: 'complex64', ComplexDoubleStorage: 'complex128',
};

// ---- CRC-32 (zip's polynomial) --------------------------------------------------------------
let crcTable = null;
function crc32(bytes) {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = crcTable[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

// ---- zip: write ---------------------------------------------------------------------------
const utf8 = new TextEncoder();
const ALIGN = 64;
const U32_MAX = 0xffffffff;

/** A zip archive of stored records whose data starts at multiples of 64 bytes (as PyTorch's writer). */
function zipWrite(records) {
  const parts = [];
  const central = [];
  let offset = 0;
  for (const { name, data } of records) {
    const nameBytes = utf8.encode(name);
    const fixed = 30 + nameBytes.length;
    // an extra field "FB" of padding puts the data on the next 64-byte boundary
    let pad = (ALIGN - ((offset + fixed + 4) % ALIGN)) % ALIGN;
    const extraLen = 4 + pad;
    const crc = crc32(data);
    if (data.length > U32_MAX || offset > U32_MAX) throw new TensorError('torch.save: tensorpad writes archives up to 4 GB');
    const head = new Uint8Array(fixed + extraLen);
    const dv = new DataView(head.buffer);
    dv.setUint32(0, 0x04034b50, true);
    dv.setUint16(4, 20, true);          // version needed
    dv.setUint16(6, 0x0800, true);      // utf-8 names
    dv.setUint16(8, 0, true);           // stored
    dv.setUint32(14, crc, true);
    dv.setUint32(18, data.length, true);
    dv.setUint32(22, data.length, true);
    dv.setUint16(26, nameBytes.length, true);
    dv.setUint16(28, extraLen, true);
    head.set(nameBytes, 30);
    dv.setUint16(fixed, 0x4246, true);  // 'FB'
    dv.setUint16(fixed + 2, pad, true);
    head.fill(0x5a, fixed + 4);         // 'Z'
    central.push({ nameBytes, crc, size: data.length, offset });
    parts.push(head, data);
    offset += head.length + data.length;
  }
  const cdStart = offset;
  for (const e of central) {
    const c = new Uint8Array(46 + e.nameBytes.length);
    const dv = new DataView(c.buffer);
    dv.setUint32(0, 0x02014b50, true);
    dv.setUint16(4, 20, true);
    dv.setUint16(6, 20, true);
    dv.setUint16(8, 0x0800, true);
    dv.setUint32(16, e.crc, true);
    dv.setUint32(20, e.size, true);
    dv.setUint32(24, e.size, true);
    dv.setUint16(28, e.nameBytes.length, true);
    dv.setUint32(42, e.offset, true);
    c.set(e.nameBytes, 46);
    parts.push(c);
    offset += c.length;
  }
  const end = new Uint8Array(22);
  const dv = new DataView(end.buffer);
  dv.setUint32(0, 0x06054b50, true);
  dv.setUint16(8, central.length, true);
  dv.setUint16(10, central.length, true);
  dv.setUint32(12, offset - cdStart, true);
  dv.setUint32(16, cdStart, true);
  parts.push(end);
  const out = new Uint8Array(offset + 22);
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

// ---- zip: read ----------------------------------------------------------------------------
const notZip = (why) => new UnpicklingError(`PytorchStreamReader failed reading zip archive: ${why}`);

/** name -> Uint8Array (a view into bytes) of every record; checks sizes and CRCs. */
function zipRead(bytes) {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
    if (dv.getUint32(i, true) === 0x06054b50) { eocd = i; break; }
  }
  if (eocd < 0) throw notZip('failed finding central directory');
  const count = dv.getUint16(eocd + 10, true);
  const cdSize = dv.getUint32(eocd + 12, true), cdStart = dv.getUint32(eocd + 16, true);
  if (count === 0xffff || cdStart === U32_MAX) throw notZip('zip64 archives are not supported by tensorpad');
  if (cdStart + cdSize > eocd) throw notZip('central directory out of range');
  const out = new Map();
  let p = cdStart;
  for (let i = 0; i < count; i++) {
    if (p + 46 > eocd || dv.getUint32(p, true) !== 0x02014b50) throw notZip('invalid header or archive is corrupted');
    const method = dv.getUint16(p + 10, true);
    const crc = dv.getUint32(p + 16, true);
    const csize = dv.getUint32(p + 20, true), size = dv.getUint32(p + 24, true);
    const nlen = dv.getUint16(p + 28, true), xlen = dv.getUint16(p + 30, true), clen = dv.getUint16(p + 32, true);
    const local = dv.getUint32(p + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(p + 46, p + 46 + nlen));
    p += 46 + nlen + xlen + clen;
    if (method !== 0 || csize !== size) throw notZip(`record '${name}' is compressed; PyTorch's format stores records uncompressed`);
    if (local + 30 > bytes.length || dv.getUint32(local, true) !== 0x04034b50) throw notZip('invalid header or archive is corrupted');
    const start = local + 30 + dv.getUint16(local + 26, true) + dv.getUint16(local + 28, true);
    if (start + size > bytes.length) throw notZip(`record '${name}' runs past the end of the file`);
    const data = bytes.subarray(start, start + size);
    if (crc32(data) !== crc) throw notZip(`CRC-32 check failed for record '${name}'`);
    out.set(name, data);
  }
  return out;
}

// ---- pickle: write (protocol 2) -------------------------------------------------------------
class PickleWriter {
  constructor() { this.chunks = []; this.len = 0; this.buf = new Uint8Array(256); this.at = 0; }
  byte(b) { this.room(1); this.buf[this.at++] = b; }
  room(n) {
    if (this.at + n <= this.buf.length) return;
    const nb = new Uint8Array(Math.max(this.buf.length * 2, this.at + n));
    nb.set(this.buf.subarray(0, this.at));
    this.buf = nb;
  }
  bytes(arr) { this.room(arr.length); this.buf.set(arr, this.at); this.at += arr.length; }
  u32(v) { this.room(4); new DataView(this.buf.buffer).setUint32(this.at, v, true); this.at += 4; }
  global(module, name) { this.byte(0x63); this.bytes(utf8.encode(`${module}\n${name}\n`)); }
  str(s) { const b = utf8.encode(s); this.byte(0x58); this.u32(b.length); this.bytes(b); }
  int(v) {
    if (typeof v === 'number' && v >= 0 && v < 256) { this.byte(0x4b); this.byte(v); return; }
    if (typeof v === 'number' && v >= -(2 ** 31) && v < 2 ** 31) {
      this.byte(0x4a); this.room(4); new DataView(this.buf.buffer).setInt32(this.at, v, true); this.at += 4; return;
    }
    // LONG1: two's complement, little endian, as few bytes as hold the sign
    let n = BigInt(v);
    const out = [];
    for (;;) {
      out.push(Number(n & 0xffn));
      n >>= 8n;
      const top = out[out.length - 1];
      if ((n === 0n && top < 0x80) || (n === -1n && top >= 0x80)) break;
    }
    this.byte(0x8a); this.byte(out.length); this.bytes(out);
  }
  float(v) { this.byte(0x47); this.room(8); new DataView(this.buf.buffer).setFloat64(this.at, v, false); this.at += 8; }
  result() { return this.buf.slice(0, this.at); }
}

const MARK = 0x28, TUPLE = 0x74, TUPLE1 = 0x85, EMPTY_TUPLE = 0x29, REDUCE = 0x52, EMPTY_DICT = 0x7d, SETITEMS = 0x75;
const EMPTY_LIST = 0x5d, APPENDS = 0x65, NONE = 0x4e, NEWTRUE = 0x88, NEWFALSE = 0x89, BINPERSID = 0x51, STOP = 0x2e;
const BUILD = 0x62, BINPUT = 0x71, LONG_BINPUT = 0x72, BINGET = 0x68, LONG_BINGET = 0x6a;

/** The objects (tensors, containers) that occur more than once in obj: pickle's memo makes
 * them one object again when loaded. Cycles are left for the writer to report. */
function repeatedObjects(obj) {
  const count = new Map();
  const walk = (v) => {
    if (v === null || typeof v !== 'object' || v instanceof DType || v instanceof PyFloat) return;
    const n = (count.get(v) ?? 0) + 1;
    count.set(v, n);
    if (n > 1) return;
    if (v instanceof Tensor) return;
    if (v instanceof PickleParameter) return walk(v.tensor);
    if (v instanceof PickleDict) { for (const [k, x] of v._map) { walk(k); walk(x); } if (v.state) walk(v.state); return; }
    if (v instanceof Map) { for (const [k, x] of v) { walk(k); walk(x); } return; }
    if (Array.isArray(v)) { for (const x of v) walk(x); return; }
    if (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null) for (const x of Object.values(v)) walk(x);
  };
  try { walk(obj); } catch { /* too deep: the writer says so */ }
  return new Set([...count].filter(([, n]) => n > 1).map(([v]) => v));
}

function describeValue(v) {
  if (typeof v === 'function') return `function ${v.name || '(anonymous)'}`;
  if (v && typeof v === 'object') return v.constructor?.name ?? 'object';
  return typeof v;
}

/** Pickles obj as torch.save does; storages are collected into `storages` (key -> bytes). */
function pickleObject(obj) {
  const w = new PickleWriter();
  const keys = new Map();      // storage identity -> {key, dtype, bytes}
  const records = [];
  const stack = new Set();     // containers being written: a cycle cannot be saved
  const repeated = repeatedObjects(obj);
  const memo = new Map();      // repeated object -> its memo index, once written
  const put = (v) => {
    if (!repeated.has(v)) return;
    const i = memo.size;
    memo.set(v, i);
    if (i < 256) { w.byte(BINPUT); w.byte(i); } else { w.byte(LONG_BINPUT); w.u32(i); }
  };

  const tensor = (t) => {
    const p = t._ptr;
    const id = W.tp_tensor_storage(p);
    let s = keys.get(id);
    const dt = t.dtype.name;
    if (!s) {
      const nbytes = W.tp_tensor_storage_nbytes(p);
      const data = new Uint8Array(heapBuffer(), W.tp_tensor_storage_data(p), nbytes).slice();
      s = { key: String(keys.size), dtype: dt, numel: nbytes / ARRAY_OF[dt].BYTES_PER_ELEMENT };
      keys.set(id, s);
      records.push({ name: `data/${s.key}`, data });
    } else if (s.dtype !== dt) {
      throw new TensorError('torch.save: two tensors of different dtypes share one storage; tensorpad cannot save that');
    }
    w.global('torch._utils', '_rebuild_tensor_v2');
    w.byte(MARK);
    w.byte(MARK); w.str('storage'); w.global('torch', STORAGE_OF[dt]); w.str(s.key); w.str('cpu'); w.int(s.numel); w.byte(TUPLE);
    w.byte(BINPERSID);
    w.int(t.storage_offset());
    w.byte(MARK); for (const d of t.shape) w.int(d); w.byte(TUPLE);
    w.byte(MARK); for (const d of t.stride()) w.int(d); w.byte(TUPLE);
    w.byte(t.requires_grad ? NEWTRUE : NEWFALSE);
    w.global('collections', 'OrderedDict'); w.byte(EMPTY_TUPLE); w.byte(REDUCE);
    w.byte(TUPLE);
    w.byte(REDUCE);
  };

  const parameter = (t, requiresGrad) => {
    w.global('torch._utils', '_rebuild_parameter');
    w.byte(MARK); tensor(t); w.byte(requiresGrad ? NEWTRUE : NEWFALSE);
    w.global('collections', 'OrderedDict'); w.byte(EMPTY_TUPLE); w.byte(REDUCE);
    w.byte(TUPLE); w.byte(REDUCE);
  };
  const dict = (entries, key = value) => {
    w.byte(EMPTY_DICT);
    if (entries.length) { w.byte(MARK); for (const [k, x] of entries) { key(k); value(x); } w.byte(SETITEMS); }
  };

  const value = (v) => {
    if (v === null || v === undefined) return w.byte(NONE);
    if (typeof v === 'boolean') return w.byte(v ? NEWTRUE : NEWFALSE);
    if (typeof v === 'bigint') return w.int(v);
    if (typeof v === 'number') return Number.isInteger(v) && !Object.is(v, -0) ? w.int(v) : w.float(v);
    if (typeof v === 'string') return w.str(v);
    if (v instanceof PyFloat) return w.float(v.value);
    if (v instanceof DType) return w.global('torch', v.name);
    if (typeof v !== 'object') throw new TypeError(`torch.save: cannot save a ${describeValue(v)}`);
    if (memo.has(v)) {
      const i = memo.get(v);
      if (i < 256) { w.byte(BINGET); w.byte(i); } else { w.byte(LONG_BINGET); w.u32(i); }
      return undefined;
    }
    if (v instanceof Tensor) {
      if (!v._is_param) tensor(v); else parameter(v, v.requires_grad);
      return put(v);
    }
    if (v instanceof PickleParameter) { parameter(v.tensor, v.requires_grad); return put(v); }
    if (stack.has(v)) throw new TypeError('torch.save: the object contains itself (a reference cycle); tensorpad cannot save that');
    // Python's pickle stops at its recursion limit (RecursionError, a RuntimeError), not the JS stack
    if (stack.size >= 1000) throw new TensorError('maximum recursion depth exceeded while pickling an object');
    stack.add(v);
    try {
      if (v instanceof Size) {
        // torch.Size((d0, d1, ...)): REDUCE over a 1-tuple holding the dims tuple
        w.global('torch', 'Size');
        w.byte(MARK); for (const d of v) w.int(d); w.byte(TUPLE);
        w.byte(TUPLE1); w.byte(REDUCE);
      } else if (v instanceof Tuple) {
        w.byte(MARK); for (const x of v) value(x); w.byte(TUPLE);
      } else if (Array.isArray(v)) {
        w.byte(EMPTY_LIST);
        if (v.length) { w.byte(MARK); for (const x of v) value(x); w.byte(APPENDS); }
      } else if (v instanceof Map) {
        dict([...v]);
      } else if (v instanceof PickleDict) {
        // an OrderedDict pickles as OrderedDict() filled by SETITEMS, its attributes by BUILD
        if (!v.ordered) dict([...v._map]);
        else {
          w.global('collections', 'OrderedDict'); w.byte(EMPTY_TUPLE); w.byte(REDUCE);
          if (v._map.size) { w.byte(MARK); for (const [k, x] of v._map) { value(k); value(x); } w.byte(SETITEMS); }
          if (v.state) { value(v.state); w.byte(BUILD); }
        }
      } else if (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null) {
        dict(Object.entries(v), (k) => w.str(k));
      } else {
        throw new TypeError(`torch.save: cannot save a ${describeValue(v)} (tensors, numbers, strings, booleans, null, ` +
          'arrays, plain objects and Maps can be saved; save a module or optimizer through its state_dict())');
      }
    } finally {
      stack.delete(v);
    }
    return put(v);
  };

  w.byte(0x80); w.byte(2);
  value(obj);
  w.byte(STOP);
  return { pickle: w.result(), records };
}

// ---- pickle: restricted read ------------------------------------------------------------------
const REBUILD_TENSOR = Symbol('torch._utils._rebuild_tensor_v2');
const REBUILD_PARAMETER = Symbol('torch._utils._rebuild_parameter');
const ORDERED_DICT = Symbol('collections.OrderedDict');
const TORCH_SIZE = Symbol('torch.Size');
const PERSIST = Symbol('persistent id');

class StorageType { constructor(name) { this.name = name; } }

function allowedGlobal(module, name) {
  const full = `${module}.${name}`;
  if (full === 'collections.OrderedDict') return ORDERED_DICT;
  if (full === 'torch._utils._rebuild_tensor_v2') return REBUILD_TENSOR;
  if (full === 'torch._utils._rebuild_parameter') return REBUILD_PARAMETER;
  if (full === 'torch.Size') return TORCH_SIZE;
  if (module === 'torch' && (name in STORAGES || name in UNSUPPORTED_STORAGES)) return new StorageType(name);
  const dt = module === 'torch' ? dtypes.find((d) => d.name === name) : undefined;
  if (dt) return dt;
  throw new UnpicklingError(`${WEIGHTS_ONLY}Unsupported class ${full}`);
}

/** A dict as JS sees it: a plain object when every key is a string, else a Map. */
function finishDict(d) {
  if (!d._map) return d;
  const m = d._map;
  if ([...m.keys()].every((k) => typeof k === 'string')) {
    const o = {};
    for (const [k, v] of m) o[k] = v;
    return o;
  }
  return m;
}

function unpickle(bytes, persistentLoad, tree) {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let p = 0;
  const need = (n) => { if (p + n > bytes.length) throw new UnpicklingError(`${WEIGHTS_ONLY}pickle data was truncated`); };
  const u8 = () => { need(1); return bytes[p++]; };
  const line = () => {
    const end = bytes.indexOf(0x0a, p);
    if (end < 0) throw new UnpicklingError(`${WEIGHTS_ONLY}pickle data was truncated`);
    const s = new TextDecoder().decode(bytes.subarray(p, end));
    p = end + 1;
    return s;
  };
  const text = (n) => { need(n); const s = new TextDecoder().decode(bytes.subarray(p, p + n)); p += n; return s; };
  let stack = [];
  const meta = [];
  const memo = new Map();
  const popMark = () => {
    if (!meta.length) throw new UnpicklingError(`${WEIGHTS_ONLY}could not find MARK`);
    const items = stack;
    stack = meta.pop();
    return items;
  };
  const pop = () => {
    if (!stack.length) throw new UnpicklingError(`${WEIGHTS_ONLY}unpickling stack underflow`);
    return stack.pop();
  };
  const top = () => {
    if (!stack.length) throw new UnpicklingError(`${WEIGHTS_ONLY}unpickling stack underflow`);
    return stack[stack.length - 1];
  };
  const setItem = (d, k, v) => {
    if (!(d instanceof PickleDict)) throw new UnpicklingError(`${WEIGHTS_ONLY}Can only set items of dicts`);
    if (k !== null && typeof k === 'object' && !(k instanceof Tuple)) throw new UnpicklingError(`${WEIGHTS_ONLY}unsupported dict key ${describeValue(k)}`);
    d._map.set(k, v);
  };
  const long = (n) => {
    need(n);
    let v = 0n;
    for (let i = n - 1; i >= 0; i--) v = (v << 8n) | BigInt(bytes[p + i]);
    if (n && bytes[p + n - 1] & 0x80) v -= 1n << BigInt(8 * n);
    p += n;
    return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
  };
  const reduce = (fn, a) => {
    if (!(a instanceof Tuple)) throw new UnpicklingError(`${WEIGHTS_ONLY}REDUCE arguments must be a tuple`);
    if (fn === ORDERED_DICT) return new PickleDict(true);
    if (fn === TORCH_SIZE) return Size.of(...(a[0] ?? []));
    if (fn === REBUILD_TENSOR) return rebuildTensor(...a);
    if (fn === REBUILD_PARAMETER) return rebuildParameter(...a);
    throw new UnpicklingError(`${WEIGHTS_ONLY}Trying to call reduce for unrecognized function ${describeValue(fn)}`);
  };

  for (;;) {
    const op = u8();
    switch (op) {
      case 0x80: u8(); break;                                        // PROTO
      case 0x95: need(8); p += 8; break;                             // FRAME
      case 0x2e: {                                                   // STOP
        const v = pop();
        return tree ? v : resolve(v);
      }
      case 0x28: meta.push(stack); stack = []; break;                // MARK
      case 0x7d: stack.push(new PickleDict()); break;                // EMPTY_DICT
      case 0x5d: stack.push([]); break;                              // EMPTY_LIST
      case 0x29: stack.push(Tuple.from([])); break;                  // EMPTY_TUPLE
      case 0x74: { const items = popMark(); stack.push(Tuple.from(items)); break; } // TUPLE (pop first: popMark swaps `stack`)
      case 0x85: stack.push(Tuple.from([pop()])); break;             // TUPLE1
      case 0x86: { const b = pop(), a = pop(); stack.push(Tuple.from([a, b])); break; }
      case 0x87: { const c = pop(), b = pop(), a = pop(); stack.push(Tuple.from([a, b, c])); break; }
      case 0x4e: stack.push(null); break;                            // NONE
      case 0x88: stack.push(true); break;
      case 0x89: stack.push(false); break;
      case 0x4b: stack.push(u8()); break;                            // BININT1
      case 0x4d: need(2); stack.push(dv.getUint16(p, true)); p += 2; break;
      case 0x4a: need(4); stack.push(dv.getInt32(p, true)); p += 4; break;
      case 0x8a: stack.push(long(u8())); break;                      // LONG1
      case 0x47: { need(8); const x = dv.getFloat64(p, false); p += 8; stack.push(tree ? new PyFloat(x) : x); break; } // BINFLOAT
      case 0x58: { need(4); const n = dv.getUint32(p, true); p += 4; stack.push(text(n)); break; }
      case 0x8c: stack.push(text(u8())); break;                      // SHORT_BINUNICODE
      case 0x55: stack.push(text(u8())); break;                      // SHORT_BINSTRING
      case 0x71: memo.set(u8(), top()); break;                       // BINPUT
      case 0x72: need(4); memo.set(dv.getUint32(p, true), top()); p += 4; break;
      case 0x94: memo.set(memo.size, top()); break;                  // MEMOIZE
      case 0x68: case 0x6a: {                                        // BINGET / LONG_BINGET
        let i;
        if (op === 0x68) i = u8(); else { need(4); i = dv.getUint32(p, true); p += 4; }
        if (!memo.has(i)) throw new UnpicklingError(`${WEIGHTS_ONLY}Memo value not found at index ${i}`);
        stack.push(memo.get(i));
        break;
      }
      case 0x63: { const m = line(); const n = line(); stack.push(allowedGlobal(m, n)); break; } // GLOBAL
      case 0x93: {                                                   // STACK_GLOBAL
        const n = pop(), m = pop();
        if (typeof m !== 'string' || typeof n !== 'string') throw new UnpicklingError(`${WEIGHTS_ONLY}STACK_GLOBAL requires str`);
        stack.push(allowedGlobal(m, n));
        break;
      }
      case 0x52: { const a = pop(); const fn = pop(); stack.push(reduce(fn, a)); break; }        // REDUCE
      case 0x62: {                                                   // BUILD
        const state = pop();
        const inst = top();
        if (!(inst instanceof PickleDict)) throw new UnpicklingError(`${WEIGHTS_ONLY}Can only build Tensor, parameter or dict objects`);
        // an OrderedDict's attributes (a state_dict's _metadata): Python mode restores them; JS drops them
        inst.state = state;
        break;
      }
      case 0x73: { const v = pop(); const k = pop(); setItem(top(), k, v); break; }              // SETITEM
      case 0x75: {                                                   // SETITEMS
        const items = popMark();
        const d = top();
        for (let i = 0; i + 1 < items.length; i += 2) setItem(d, items[i], items[i + 1]);
        break;
      }
      case 0x61: { const v = pop(); const l = top(); if (!Array.isArray(l) || l instanceof Tuple) throw new UnpicklingError(`${WEIGHTS_ONLY}Can only append to lists`); l.push(v); break; }
      case 0x65: {                                                   // APPENDS
        const items = popMark();
        const l = top();
        if (!Array.isArray(l) || l instanceof Tuple) throw new UnpicklingError(`${WEIGHTS_ONLY}Can only extend lists`);
        l.push(...items);
        break;
      }
      case 0x51: {                                                   // BINPERSID
        const pid = pop();
        if (!(pid instanceof Tuple) || pid[0] !== 'storage') throw new UnpicklingError(`${WEIGHTS_ONLY}Only persistent_load of storage is allowed`);
        stack.push({ [PERSIST]: persistentLoad(pid) });
        break;
      }
      default:
        throw new UnpicklingError(`${WEIGHTS_ONLY}Unsupported operand ${op}`);
    }
  }
}

// Dicts are built as PickleDict (keys may be ints) and become objects or Maps once complete.
function resolve(v, seen = new Map()) {
  if (v instanceof PickleDict) {
    if (seen.has(v)) return seen.get(v);
    for (const [k, x] of v._map) v._map.set(k, resolve(x, seen));
    const r = finishDict(v);
    seen.set(v, r);
    return r;
  }
  if (Array.isArray(v) && !(v instanceof Size)) {
    if (seen.has(v)) return seen.get(v);
    seen.set(v, v);
    for (let i = 0; i < v.length; i++) v[i] = resolve(v[i], seen);
  }
  return v;
}

let torchRef = null;
let rebuildTensor = null;
let rebuildParameter = null;

function makeRebuilders(tree) {
  const isInts = (t) => t instanceof Tuple && t.every((x) => Number.isInteger(x) && x >= 0);
  rebuildTensor = (storage, offset, size, stride, requiresGrad) => {
    const s = storage?.[PERSIST];
    if (!s || !Number.isInteger(offset) || offset < 0 || !isInts(size) || !isInts(stride) || size.length !== stride.length) {
      throw new UnpicklingError(`${WEIGHTS_ONLY}malformed tensor record`);
    }
    const t = torchRef.empty(0, { dtype: s.base.dtype });
    t.set_(s.base, offset, [...size], [...stride]);   // shares the storage, as PyTorch's set_
    if (requiresGrad) t.requires_grad_(true);
    return t;
  };
  rebuildParameter = (data, requiresGrad) => {
    if (!(data instanceof Tensor)) throw new UnpicklingError(`${WEIGHTS_ONLY}malformed parameter record`);
    return tree ? new PickleParameter(data, !!requiresGrad) : new torchRef.nn.Parameter(data, !!requiresGrad);
  };
}

function toBytes(f) {
  if (f instanceof Uint8Array) return f;
  if (f instanceof ArrayBuffer || (typeof SharedArrayBuffer !== 'undefined' && f instanceof SharedArrayBuffer)) return new Uint8Array(f);
  if (ArrayBuffer.isView(f)) return new Uint8Array(f.buffer, f.byteOffset, f.byteLength);
  return null;
}

const nodeFs = () => globalThis.process?.getBuiltinModule?.('node:fs') ?? null;

/** torch.load(f, {map_location, weights_only}): f a path (Node), Uint8Array/Buffer/ArrayBuffer, or a Blob (then a Promise). */
export function load(f, opts = {}) {
  if (typeof Blob !== 'undefined' && f instanceof Blob) return f.arrayBuffer().then((b) => load(b, opts));
  if (opts === null || typeof opts !== 'object' || Array.isArray(opts)) throw new TypeError('torch.load(): options must be an object');
  for (const k of Object.keys(opts)) {
    if (!['map_location', 'weights_only', 'pickle_module', 'mmap'].includes(k)) throw new TypeError(`load() got an unexpected keyword argument '${k}'`);
  }
  if (opts.weights_only === false) {
    throw new TensorError('torch.load: tensorpad never runs pickled code, so weights_only=False is not available; ' +
      'files holding tensors, parameters, numbers, strings and containers load with the default');
  }
  const ml = opts.map_location;
  if (ml !== undefined && ml !== null && String(ml) !== 'cpu' && typeof ml !== 'function') {
    throw new TensorError(`tensorpad runs on the CPU only; map_location '${ml}' is not available`);
  }
  let bytes = toBytes(f);
  if (!bytes) {
    if (typeof f !== 'string') throw new TypeError(`torch.load(): expected a path, Uint8Array, ArrayBuffer or Blob, got ${describeValue(f)}`);
    const fs = nodeFs();
    if (!fs) throw new TensorError('torch.load(path) reads files only in Node; in a browser pass an ArrayBuffer or Blob');
    bytes = new Uint8Array(fs.readFileSync(f));
  }
  return readArchive(bytes, false, null);
}

/** The object in archive `bytes`: JS values, or with `tree` the pickle's own kinds for Python
 * mode (PickleDict, PyFloat); onStorage(base, location) sees each storage as it is made. */
export function readArchive(bytes, tree, onStorage) {
  if (bytes.length >= 2 && bytes[0] === 0x80 && bytes[1] !== 0x50) {
    throw new UnpicklingError('tensorpad reads PyTorch\'s zip file format (torch.save since 1.6); this file is in the legacy ' +
      'format: load it in PyTorch and save it again');
  }
  const records = zipRead(bytes);
  const pkl = [...records.keys()].find((n) => n === 'data.pkl' || n.endsWith('/data.pkl'));
  if (!pkl) throw notZip("file not found: archive/data.pkl");
  const prefix = pkl.slice(0, pkl.length - 'data.pkl'.length);
  const version = records.get(`${prefix}version`);
  if (version && !['1', '2', '3'].includes(new TextDecoder().decode(version).trim())) {
    throw new UnpicklingError(`PytorchStreamReader failed reading file version: unsupported version ${new TextDecoder().decode(version).trim()}`);
  }
  const made = [];
  const storages = new Map();
  const persistentLoad = (pid) => {
    const [, type, key, location, numel] = pid;
    if (!(type instanceof StorageType)) throw new UnpicklingError(`${WEIGHTS_ONLY}persistent id names no storage class`);
    if (type.name in UNSUPPORTED_STORAGES) {
      throw new TensorError(`torch.load: this file holds a ${UNSUPPORTED_STORAGES[type.name]} tensor (torch.${type.name}); ` +
        'tensorpad has float32, float64, int32, int64 and bool only');
    }
    if (typeof key !== 'string') throw new UnpicklingError(`${WEIGHTS_ONLY}malformed storage key`);
    if (location !== 'cpu' && !String(location).startsWith('cuda') && location !== 'mps') {
      throw new UnpicklingError(`${WEIGHTS_ONLY}unknown storage location ${location}`);
    }
    const cached = storages.get(key);
    if (cached) return cached;
    const data = records.get(`${prefix}data/${key}`);
    if (!data) throw notZip(`file not found: ${prefix}data/${key}`);
    const dtype = STORAGES[type.name];
    const A = ARRAY_OF[dtype];
    if (!Number.isInteger(numel) || numel < 0 || numel * A.BYTES_PER_ELEMENT > data.length) {
      throw new UnpicklingError(`${WEIGHTS_ONLY}storage ${key} is shorter than its ${numel} elements`);
    }
    // one copy into the wasm heap; every tensor of this storage shares it
    const arr = new A(numel);
    new Uint8Array(arr.buffer).set(data.subarray(0, numel * A.BYTES_PER_ELEMENT));
    const base = torchRef.tensor(arr);
    made.push(base);
    if (onStorage) onStorage(base, location);
    const s = { base };
    storages.set(key, s);
    return s;
  };
  makeRebuilders(tree);
  try {
    return unpickle(records.get(pkl), persistentLoad, tree);
  } finally {
    for (const b of made) b.dispose();
  }
}

/** torch.save(obj, f?): writes PyTorch 1.13's format to a path (Node) or a {write(bytes)} sink; without f returns the bytes. */
export function save(obj, f, opts = {}) {
  if (opts === null || typeof opts !== 'object') throw new TypeError('torch.save(): options must be an object');
  for (const k of Object.keys(opts)) {
    if (!['pickle_module', 'pickle_protocol', '_use_new_zipfile_serialization'].includes(k)) throw new TypeError(`save() got an unexpected keyword argument '${k}'`);
  }
  if (opts._use_new_zipfile_serialization === false) throw new TensorError('torch.save: tensorpad writes only the zip file format');
  const { pickle, records } = pickleObject(obj);
  const bytes = zipWrite([
    { name: 'archive/data.pkl', data: pickle },
    ...records.map((r) => ({ name: `archive/${r.name}`, data: r.data })),
    { name: 'archive/version', data: utf8.encode('3\n') },
  ]);
  if (f === undefined || f === null) return bytes;
  if (typeof f === 'string') {
    const fs = nodeFs();
    if (!fs) throw new TensorError('torch.save(obj, path) writes files only in Node; in a browser call torch.save(obj) for the bytes');
    fs.writeFileSync(f, bytes);
    return undefined;
  }
  if (f && typeof f.write === 'function') { f.write(bytes); return undefined; }
  throw new TypeError(`torch.save(): expected a path or an object with write(), got ${describeValue(f)}`);
}

export function install(torch) {
  torchRef = torch;
  torch.save = save;
  torch.load = load;
  torch.serialization = Object.freeze({ save, load, UnpicklingError });
}
