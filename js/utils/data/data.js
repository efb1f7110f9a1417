// torch.utils.data: PyTorch 1.13's map-style datasets, samplers, random_split, default_collate
// and a single-process DataLoader. Python's `__getitem__`/`__len__` are `getitem(i)`/`len()`
// here (with a `length` getter); a plain JS array or a Tensor is accepted wherever a dataset
// is, as Python accepts a list or a tensor. Iteration is JS's iterator protocol, and the
// samplers are generator functions, lazy as Python's: random numbers are drawn exactly when
// 1.13 draws them, so the streams stay in step with PyTorch under torch.manual_seed
// (docs/API.md, "torch.utils.data").
import { TensorError } from '../../core/wasm.js';
import { warn } from '../../core/args.js';
import { Tensor, viewOf } from '../../tensor/tensor.js';
import { Generator, default_generator } from '../../core/generator.js';

let torch = null;  // set by install

/** Python's str() of an option value, for messages. */
function py(v) {
  if (v === true) return 'True';
  if (v === false) return 'False';
  if (v === null || v === undefined) return 'None';
  if (Array.isArray(v)) return `[${v.map(py).join(', ')}]`;
  if (typeof v === 'string') return v;
  return String(v);
}

const isInt = (v) => typeof v === 'number' && Number.isInteger(v);

/** len(d) of a dataset or sampler: an array's length, a tensor's first size, len()/length. */
export function len(d) {
  if (Array.isArray(d)) return d.length;
  if (d instanceof Tensor) {
    if (d.dim() === 0) throw new TypeError('len() of a 0-d tensor');
    return d.shape[0];
  }
  if (d && typeof d.len === 'function') return d.len();
  if (d && typeof d.length === 'number') return d.length;
  throw new TypeError(`object of type '${d?.constructor?.name ?? typeof d}' has no len()`);
}

/** d[i] of a dataset: an array's element, a tensor's t.index(i), else d.getitem(i). */
function getitem(d, i) {
  if (Array.isArray(d)) return d[i < 0 ? d.length + i : i];
  if (d instanceof Tensor) return d.index(i);
  return d.getitem(i);
}

// ---- datasets -------------------------------------------------------------------------------
/** A map-style dataset: subclasses implement getitem(i) (Python's __getitem__) and len()
 *  (__len__); `length` reads len(). ds.add(other) is Python's `ds + other`. */
export class Dataset {
  getitem(index) { throw new Error('NotImplementedError'); }
  len() { throw new TypeError(`object of type '${this.constructor.name}' has no len()`); }
  get length() { return this.len(); }
  add(other) { return new ConcatDataset([this, other]); }
}

export class TensorDataset extends Dataset {
  constructor(...tensors) {
    super();
    if (!tensors.every((t) => t.size(0) === tensors[0].size(0))) throw new Error('Size mismatch between tensors');
    this.tensors = tensors;
  }
  getitem(index) { return this.tensors.map((t) => t.index(index)); }
  len() { return this.tensors[0].size(0); }
}

export class Subset extends Dataset {
  constructor(dataset, indices) {
    super();
    this.dataset = dataset;
    this.indices = indices;
  }
  getitem(idx) {
    const at = (i) => getitem(this.indices, i);
    if (Array.isArray(idx)) return getitem(this.dataset, idx.map(at));
    return getitem(this.dataset, at(idx));
  }
  len() { return len(this.indices); }
}

export class ConcatDataset extends Dataset {
  static cumsum(sequence) {
    const r = [];
    let s = 0;
    for (const e of sequence) { s += len(e); r.push(s); }
    return r;
  }
  constructor(datasets) {
    super();
    this.datasets = Array.from(datasets);
    if (!this.datasets.length) throw new Error('datasets should not be an empty iterable');
    this.cumulative_sizes = ConcatDataset.cumsum(this.datasets);
  }
  len() { return this.cumulative_sizes[this.cumulative_sizes.length - 1]; }
  getitem(idx) {
    if (idx < 0) {
      if (-idx > this.len()) throw new Error('absolute value of index should not exceed dataset length');
      idx += this.len();
    }
    let k = 0;  // bisect_right
    while (k < this.cumulative_sizes.length && this.cumulative_sizes[k] <= idx) k++;
    if (k >= this.datasets.length) throw new RangeError('list index out of range');
    return getitem(this.datasets[k], k === 0 ? idx : idx - this.cumulative_sizes[k - 1]);
  }
}

/** 1.13's random_split: integer lengths, or fractions summing to 1 (floored, the remainder
 *  dealt round-robin); one torch.randperm(sum, generator) draw. */
export function random_split(dataset, lengths, opts = {}) {
  const generator = opts?.generator ?? default_generator;
  lengths = Array.from(lengths);
  const total = lengths.reduce((a, b) => a + b, 0);
  const n = len(dataset);
  if (Math.abs(total - 1) <= 1e-9 * Math.max(Math.abs(total), 1) && total <= 1) {
    const sub = lengths.map((frac, i) => {
      if (frac < 0 || frac > 1) throw new Error(`Fraction at index ${i} is not between 0 and 1`);
      return Math.floor(n * frac);
    });
    const remainder = n - sub.reduce((a, b) => a + b, 0);
    for (let i = 0; i < remainder; i++) sub[i % sub.length] += 1;
    lengths = sub;
    lengths.forEach((l, i) => { if (l === 0) warn(`Length of split at index ${i} is 0. This might result in an empty dataset.`); });
  }
  const sum = lengths.reduce((a, b) => a + b, 0);
  if (sum !== n) throw new Error('Sum of input lengths does not equal the length of the input dataset!');
  const indices = torch.randperm(sum, { generator }).tolist();
  const out = [];
  let offset = 0;
  for (const l of lengths) { offset += l; out.push(new Subset(dataset, indices.slice(offset - l, offset))); }
  return out;
}

// ---- samplers -------------------------------------------------------------------------------
export class Sampler {
  constructor(data_source) { /* 1.13 ignores it */ }
  [Symbol.iterator]() { throw new Error('NotImplementedError'); }
  get length() { return this.len(); }
}

export class SequentialSampler extends Sampler {
  constructor(data_source) { super(data_source); this.data_source = data_source; }
  *[Symbol.iterator]() { const n = len(this.data_source); for (let i = 0; i < n; i++) yield i; }
  len() { return len(this.data_source); }
}

/** A default-generator draw as 1.13 makes it: torch.empty((), dtype=int64).random_(generator=g),
 *  returned exactly (a BigInt). */
function drawSeed(generator) {
  const t = torch.empty([], { dtype: torch.int64 }).random_({ generator: generator ?? null });
  return BigInt(viewOf(t)[0]);
}

export class RandomSampler extends Sampler {
  constructor(data_source, opts = {}) {
    super(data_source);
    const { replacement = false, num_samples = null, generator = null } = opts ?? {};
    this.data_source = data_source;
    this.replacement = replacement;
    this._num_samples = num_samples;
    this.generator = generator;
    if (typeof replacement !== 'boolean') throw new TypeError(`replacement should be a boolean value, but got replacement=${py(replacement)}`);
    const ns = this.num_samples;
    if (!isInt(ns) || ns <= 0) throw new Error(`num_samples should be a positive integer value, but got num_samples=${py(ns)}`);
  }
  get num_samples() { return this._num_samples === null || this._num_samples === undefined ? len(this.data_source) : this._num_samples; }
  *[Symbol.iterator]() {
    const n = len(this.data_source);
    let generator = this.generator;
    if (generator === null || generator === undefined) generator = new Generator().manual_seed(drawSeed(null));
    const ns = this.num_samples;
    if (this.replacement) {
      for (let k = 0; k < Math.floor(ns / 32); k++) yield* torch.randint(n, [32], { dtype: torch.int64, generator }).tolist();
      yield* torch.randint(n, [ns % 32], { dtype: torch.int64, generator }).tolist();
    } else {
      for (let k = 0; k < Math.floor(ns / n); k++) yield* torch.randperm(n, { generator }).tolist();
      yield* torch.randperm(n, { generator }).tolist().slice(0, ns % n);
    }
  }
  len() { return this.num_samples; }
}

export class SubsetRandomSampler extends Sampler {
  constructor(indices, opts = {}) { super(null); this.indices = indices; this.generator = opts?.generator ?? null; }
  *[Symbol.iterator]() {
    for (const i of torch.randperm(len(this.indices), { generator: this.generator }).tolist()) yield getitem(this.indices, i);
  }
  len() { return len(this.indices); }
}

/** 1.13's WeightedRandomSampler: one torch.multinomial(weights, num_samples, replacement,
 *  generator) draw per iteration. `replacement` may also be given in the options object. */
export class WeightedRandomSampler extends Sampler {
  constructor(weights, num_samples, replacement = true, opts = {}) {
    super(null);
    if (replacement !== null && typeof replacement === 'object') { opts = replacement; replacement = opts.replacement ?? true; }
    if (!isInt(num_samples) || num_samples <= 0) throw new Error(`num_samples should be a positive integer value, but got num_samples=${py(num_samples)}`);
    if (typeof replacement !== 'boolean') throw new Error(`replacement should be a boolean value, but got replacement=${py(replacement)}`);
    const w = weights instanceof Tensor ? weights.to(torch.float64) : torch.tensor(weights, { dtype: torch.float64 });
    if (w.dim() !== 1) {
      const sh = Array.from(w.shape);
      throw new Error(`weights should be a 1d sequence but given weights have shape (${sh.join(', ')}${sh.length === 1 ? ',' : ''})`);
    }
    this.weights = w;
    this.num_samples = num_samples;
    this.replacement = replacement;
    this.generator = opts?.generator ?? null;
  }
  *[Symbol.iterator]() {
    yield* torch.multinomial(this.weights, this.num_samples, this.replacement, { generator: this.generator }).tolist();
  }
  len() { return this.num_samples; }
}

export class BatchSampler extends Sampler {
  constructor(sampler, batch_size, drop_last) {
    super(sampler);
    if (!isInt(batch_size) || batch_size <= 0) throw new Error(`batch_size should be a positive integer value, but got batch_size=${py(batch_size)}`);
    if (typeof drop_last !== 'boolean') throw new Error(`drop_last should be a boolean value, but got drop_last=${py(drop_last)}`);
    this.sampler = sampler;
    this.batch_size = batch_size;
    this.drop_last = drop_last;
  }
  *[Symbol.iterator]() {
    if (this.drop_last) {
      const it = this.sampler[Symbol.iterator]();
      for (;;) {
        const batch = [];
        for (let k = 0; k < this.batch_size; k++) {
          const r = it.next();
          if (r.done) return;
          batch.push(r.value);
        }
        yield batch;
      }
    }
    let batch = [];
    for (const idx of this.sampler) {
      batch.push(idx);
      if (batch.length === this.batch_size) { yield batch; batch = []; }
    }
    if (batch.length) yield batch;
  }
  len() {
    const n = len(this.sampler);
    return this.drop_last ? Math.floor(n / this.batch_size) : Math.floor((n + this.batch_size - 1) / this.batch_size);
  }
}

// ---- collation ------------------------------------------------------------------------------
const COLLATE_ERR = 'default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found ';

function typeName(v) {
  if (v === null || v === undefined) return "<class 'NoneType'>";
  return `<class '${v?.constructor?.name ?? typeof v}'>`;
}

/** 1.13's default_collate: tensors stacked (torch.stack), a batch whose first number is an
 *  integer as torch.tensor(batch) (int64; float32 if a later number is not integral), one whose
 *  first number is not as float64, booleans as bool, strings kept as the list, arrays (tuples/lists)
 *  transposed and collated per position, plain objects (dicts) per key. */
export function default_collate(batch) {
  const elem = batch[0];
  if (elem instanceof Tensor) return torch.stack(batch, 0);
  // Python's float path for a non-integral first number; its int path (torch.tensor(batch),
  // which infers the dtype) for an integer, a BigInt or a boolean (bool is an int in Python).
  if (typeof elem === 'number' && !isInt(elem)) return torch.tensor(batch, { dtype: torch.float64 });
  if (typeof elem === 'number' || typeof elem === 'bigint' || typeof elem === 'boolean') return torch.tensor(batch);
  if (typeof elem === 'string') return batch;
  if (Array.isArray(elem)) {
    const size = elem.length;
    if (!batch.every((e) => len(e) === size)) throw new TensorError('each element in list of batch should be of equal size');
    const out = [];
    for (let k = 0; k < size; k++) out.push(default_collate(batch.map((e) => e[k])));
    return out;
  }
  if (elem !== null && typeof elem === 'object' && (Object.getPrototypeOf(elem) === Object.prototype || Object.getPrototypeOf(elem) === null)) {
    const out = {};
    for (const key of Object.keys(elem)) out[key] = default_collate(batch.map((d) => d[key]));
    return out;
  }
  throw new TypeError(COLLATE_ERR + typeName(elem));
}

/** 1.13's default_convert (batch_size=null): JS values need no conversion. */
export function default_convert(data) { return data; }

// ---- DataLoader -----------------------------------------------------------------------------
const LOADER_KEYS = new Set(['batch_size', 'shuffle', 'sampler', 'batch_sampler', 'num_workers', 'collate_fn',
  'pin_memory', 'drop_last', 'timeout', 'worker_init_fn', 'multiprocessing_context', 'generator',
  'prefetch_factor', 'persistent_workers', 'pin_memory_device']);

export class DataLoader {
  constructor(dataset, opts = {}) {
    opts = opts ?? {};
    for (const k of Object.keys(opts)) {
      if (!LOADER_KEYS.has(k)) throw new TypeError(`__init__() got an unexpected keyword argument '${k}'`);
    }
    let { batch_size = 1, shuffle = null, sampler = null, batch_sampler = null, num_workers = 0, collate_fn = null,
      pin_memory = false, drop_last = false, timeout = 0, generator = null, prefetch_factor = 2,
      persistent_workers = false } = opts;
    if (num_workers < 0) throw new Error('num_workers option should be non-negative; use num_workers=0 to disable multiprocessing.');
    if (timeout < 0) throw new Error('timeout option should be non-negative');
    if (num_workers === 0 && prefetch_factor !== 2) throw new Error('prefetch_factor option could only be specified in multiprocessing.let num_workers > 0 to enable multiprocessing.');
    if (persistent_workers && num_workers === 0) throw new Error('persistent_workers option needs num_workers > 0');
    if (num_workers > 0) throw new Error('tensorpad loads data in a single thread: num_workers must be 0');
    shuffle = !!shuffle;
    if (sampler !== null && shuffle) throw new Error('sampler option is mutually exclusive with shuffle');
    if (batch_sampler !== null) {
      if (batch_size !== 1 || shuffle || sampler !== null || drop_last) {
        throw new Error('batch_sampler option is mutually exclusive with batch_size, shuffle, sampler, and drop_last');
      }
      batch_size = null;
      drop_last = false;
    } else if (batch_size === null && drop_last) {
      throw new Error('batch_size=None option disables auto-batching and is mutually exclusive with drop_last');
    }
    if (sampler === null) sampler = shuffle ? new RandomSampler(dataset, { generator }) : new SequentialSampler(dataset);
    if (batch_size !== null && batch_sampler === null) batch_sampler = new BatchSampler(sampler, batch_size, drop_last);
    this.dataset = dataset;
    this.num_workers = num_workers;
    this.prefetch_factor = prefetch_factor;
    this.pin_memory = pin_memory;  // accepted and ignored: there is no device to pin for
    this.timeout = timeout;
    this.batch_size = batch_size;
    this.drop_last = drop_last;
    this.sampler = sampler;
    this.batch_sampler = batch_sampler;
    this.generator = generator;
    this.collate_fn = collate_fn ?? (batch_sampler !== null ? default_collate : default_convert);
    this.persistent_workers = persistent_workers;
  }

  get _auto_collation() { return this.batch_sampler !== null; }
  get _index_sampler() { return this._auto_collation ? this.batch_sampler : this.sampler; }

  /** A new single-process iterator: as 1.13's _BaseDataLoaderIter, creating it draws the
   *  workers' base seed from `generator` (or the default generator). */
  [Symbol.iterator]() {
    const indices = this._index_sampler[Symbol.iterator]();
    drawSeed(this.generator);
    const { dataset, collate_fn } = this;
    const auto = this._auto_collation;
    const n = this.len();
    return {
      next() {
        const r = indices.next();
        if (r.done) return { done: true, value: undefined };
        const data = auto ? r.value.map((i) => getitem(dataset, i)) : getitem(dataset, r.value);
        return { done: false, value: collate_fn(data) };
      },
      [Symbol.iterator]() { return this; },
      len: () => n,
      get length() { return n; },
    };
  }

  len() { return len(this._index_sampler); }
  get length() { return this.len(); }
}

export function install(t) {
  torch = t;
  const data = Object.freeze({
    Dataset, TensorDataset, Subset, ConcatDataset, random_split,
    Sampler, SequentialSampler, RandomSampler, SubsetRandomSampler, WeightedRandomSampler, BatchSampler,
    DataLoader, default_collate, default_convert,
  });
  if (t.utils) t.utils.data = data;
  else t.utils = { data };
}
