// PyTorch's legacy constructors: torch.Tensor(...) and the typed ones (torch.FloatTensor,
// torch.LongTensor, ...), as 1.13's tensor_new.cpp (legacy_tensor_ctor) parses them:
//   ()             an empty tensor of the constructor's dtype
//   (2, 3)         an uninitialised tensor of that size (torch.Size([2, 3]) too)
//   ([1, 2])       a copy of the data, always in the constructor's dtype (no inference)
//   (t)            an alias of t (the typed ones insist on their own dtype)
// Callable with or without `new`; `x instanceof torch.Tensor` holds for every tensor and
// `x instanceof torch.LongTensor` for the int64 ones, as Python's isinstance does.
// No form takes a heap address: see Note [No public constructor takes a raw value].
import { TensorError } from '../core/wasm.js';
import { byName, describe, checkDevice } from '../core/dtype.js';
import { isOptions } from '../core/args.js';
import { Tensor, Size } from './tensor.js';

const INT64_MAX = 2 ** 63;
// caffe2's TypeMeta names, which the TensorOptions message prints
const META = { float32: 'float', float64: 'double', int32: 'int', int64: 'long int', bool: 'bool' };
const options = (dt) => `TensorOptions(dtype=${META[dt.name]}, device=cpu, layout=Strided, requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt))`;
const SIGS = ['*, torch.device device', 'torch.Storage storage', 'Tensor other', 'tuple of ints size, *, torch.device device', 'object data, *, torch.device device'];

const isInt = (v) => (typeof v === 'number' && Number.isInteger(v)) || typeof v === 'bigint';
const typeName = (v) => (v instanceof Tensor ? 'Tensor' : describe(v));

function invalid(pos, opts) {
  const kws = opts ? Object.entries(opts).reverse().map(([k, v]) => `${k}=${typeName(v)}`) : [];
  const got = [...pos.map(typeName), ...kws].join(', ');
  return new TypeError(`new() received an invalid combination of arguments - got (${got}), but expected one of:\n` +
    SIGS.map((s) => ` * (${s})\n`).join(''));
}

/** The sizes of the (tuple of ints size) form, with Python's message for a non-int. */
function sizesOf(list) {
  return list.map((s, i) => {
    const ok = isInt(s) && (typeof s === 'bigint' ? s >= -(2n ** 63n) && s < 2n ** 63n : s >= -INT64_MAX && s < INT64_MAX);
    if (!ok) throw new TypeError(`new(): argument 'size' must be tuple of ints, but found element of type ${describe(s)} at pos ${i + 1}`);
    return Number(s);
  });
}

/** Makes the legacy constructor of dtype dt (null: torch.Tensor, the default float dtype). */
export function legacyConstructor(name, dt, { makeTensor, empty, defaultDtype }) {
  function construct(...a) {
    const own = dt ?? defaultDtype();
    let pos = a, opts = null;
    if (a.length && isOptions(a[a.length - 1])) { opts = a[a.length - 1]; pos = a.slice(0, -1); }
    if (opts) {
      for (const k of Object.keys(opts)) if (k !== 'device') throw invalid(pos, opts);
      checkDevice(opts.device);
    }
    if (pos.length === 0) return empty([0], { dtype: own });
    const [first] = pos;
    if (pos.length === 1 && first instanceof Tensor) {
      if (opts && opts.device !== undefined) throw new TensorError('Legacy tensor constructor of the form torch.Tensor(tensor, device=device) is not supported.  Use torch.tensor(...) or torch.as_tensor(...) instead.');
      if (dt && first.dtype !== dt) throw new TypeError(`expected ${options(dt)} (got ${options(first.dtype)})`);
      // Python returns other.alias(): the same storage; with autograd a view records the edge
      return first.requires_grad ? first.view(first.shape) : first.detach();
    }
    if (first instanceof Size || (pos.length > 1 && isInt(first)) || (pos.length === 1 && isInt(first))) {
      return empty(sizesOf(first instanceof Size ? [...first] : pos), { dtype: own });
    }
    if (pos.length > 1) throw invalid(pos, opts);
    if (Array.isArray(first) || (ArrayBuffer.isView(first) && !(first instanceof DataView))) {
      return makeTensor(first, { dtype: own });  // legacy_new_from_sequence: no type inference
    }
    if (typeof first === 'string') throw new TypeError("new(): invalid data type 'str'");
    throw new TypeError(`new(): data must be a sequence (got ${describe(first)})`);
  }
  // a plain function, so that it can be called without `new` (a returned object replaces `this`)
  const ctor = { [name]: function (...a) { return construct(...a); } }[name];
  if (dt === null) {
    ctor.prototype = Tensor.prototype;
    Object.defineProperty(Tensor.prototype, 'constructor', { value: ctor, writable: true, configurable: true });
  } else {
    Object.defineProperty(ctor, Symbol.hasInstance, { value: (x) => x instanceof Tensor && !x.is_disposed && x.dtype === dt });
  }
  return ctor;
}

/** torch.FloatTensor & co.: the dtypes tensorpad has. */
export const TYPED = { FloatTensor: 'float32', DoubleTensor: 'float64', IntTensor: 'int32', LongTensor: 'int64', BoolTensor: 'bool' };
export const typedDtype = (n) => byName[TYPED[n]];
