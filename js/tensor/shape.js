// Shape and indexing operators (cat, stack, split, gather, scatter, masked ops, advanced
// indexing, ...): Tensor methods and torch.* functions over the core's tp_* entries.
// install(torch, Tensor) is called once by tensorpad.js before the namespace is frozen.
//
// Python's t[keys] / t[keys] = v are t.index(...keys) / t.index_put_([keys], v): the basic
// keys (ints, slices, null, '...') become views here, exactly as PyTorch's applySlicing
// does, and the tensor keys go to the core's at::index / at::index_put_ in one call.
import { W, check, checkStatus, args, heapBuffer, TensorError } from '../core/wasm.js';
import { describe } from '../core/dtype.js';
import { bind, splitOptions, checkInt, sizesOf, warn, aten } from '../core/args.js';

/** 1.13's TORCH_WARN for an advanced-indexing write into an expanded tensor (it writes on). */
function warnExpanded(t, name, line, example) {
  const st = t.stride();
  if (!t.shape.some((n, d) => n > 1 && st[d] === 0)) return;
  warn(aten(`Use of ${name} on expanded tensors is deprecated. Please clone() the tensor before performing this operation. This also applies to advanced indexing e.g. ${example}`,
    `native/TensorAdvancedIndexing.cpp:${line}`));
}
import { wrap, asTensor, scalarValue, wrapDim, Slice, Ellipsis, Tuple, indexing } from './tensor.js';

// ---- tensor lists across the boundary ------------------------------------------------------
function tensorList(fname, tensors, argName = 'tensors') {
  if (!Array.isArray(tensors)) {
    throw new TypeError(`${fname}(): argument '${argName}' (position 1) must be tuple of Tensors, not ${describe(tensors)}`);
  }
  const ptrs = tensors.map((t, i) => {
    if (t && typeof t === 'object' && typeof t._ptr === 'number') return t._ptr;
    throw new TypeError(`expected Tensor as element ${i} in argument 0, but got ${describe(t)}`);
  });
  const base = check(W.tp_tensor_list(ptrs.length));
  new Uint32Array(heapBuffer(), base, ptrs.length).set(ptrs);
  return [ptrs.length, base];
}

/** Wraps the n tensors the split family left in the core's list. */
function listResult(n) {
  checkStatus(n);
  const base = W.tp_tensor_list(n);
  // a Python tuple of tensors: an Array that prints "(tensor(...), tensor(...))"
  return Tuple.from(Array.from(new Uint32Array(heapBuffer(), base, n), (p) => wrap(p)));
}

function tensorArg(fname, name, v) {
  if (v && typeof v === 'object' && typeof v._ptr === 'number') return v;
  throw new TypeError(`${fname}(): argument '${name}' must be Tensor, not ${describe(v)}`);
}

function intList(fname, name, v) {
  if (typeof v === 'number' || typeof v === 'bigint') return [checkInt(fname, name, v)];
  if (Array.isArray(v)) return v.map((x) => checkInt(fname, name, x));
  throw new TypeError(`${fname}(): argument '${name}' must be tuple of ints, not ${describe(v)}`);
}

/** Varargs ints or one array: x.flip(0, 1) ≡ x.flip([0, 1]). */
function varInts(fname, name, a) {
  if (a.length === 1 && Array.isArray(a[0])) return intList(fname, name, a[0]);
  return a.map((x) => checkInt(fname, name, x));
}

/** PyTorch's infer_size for two shapes (take_along_dim's broadcasting). */
function broadcastShape(a, b) {
  const n = Math.max(a.length, b.length), out = new Array(n);
  for (let i = n - 1; i >= 0; i--) {
    const da = a.length - n + i, db = b.length - n + i;
    const sa = da >= 0 ? a[da] : 1, sb = db >= 0 ? b[db] : 1;
    if (sa !== sb && sa !== 1 && sb !== 1) {
      throw new TensorError(`The size of tensor a (${sa}) must match the size of tensor b (${sb}) at non-singleton dimension ${i}`);
    }
    out[i] = sa === 1 ? sb : sa;
  }
  return out;
}

// ---- advanced indexing: Python's __getitem__ / __setitem__ ----------------------------------
const isTensor = (k) => k && typeof k === 'object' && typeof k._ptr === 'number';

export function install(torch, Tensor) {
  /** A JS array (or TypedArray) key: bool data -> bool mask, anything else -> int64, as
   *  PyTorch's indexing_tensor_from_data. */
  const arrayIndex = (k) => {
    const t = torch.tensor(k);
    if (t.dtype.name === 'bool' || t.dtype.name === 'int64') return t;
    const l = t.long();
    t.dispose();
    return l;
  };

  /** applySlicing: views for basic keys; returns [view, indices-or-null per dim, owned]. */
  function applySlicing(self, keys, owned) {
    const ndim = self.ndim;
    let specified = 0;
    const norm = keys.map((k) => {
      if (Array.isArray(k) || (ArrayBuffer.isView(k) && !(k instanceof DataView))) {
        const t = arrayIndex(k);
        owned.push(t);
        return t;
      }
      return k;
    });
    for (const k of norm) {
      if (k === '...' || k === Ellipsis) continue;
      if (isTensor(k)) specified += k.dtype.name === 'bool' ? k.ndim : 1;
      else if (k !== null && k !== undefined && typeof k !== 'boolean') specified++;
    }
    // A lone int or slice takes PyTorch's fast path, which skips this count.
    const lone = norm.length === 1 && (Number.isInteger(norm[0]) || typeof norm[0] === 'bigint' || typeof norm[0] === 'string' || norm[0] instanceof Slice);
    if (specified > ndim && !lone) throw new TensorError(`too many indices for tensor of dimension ${ndim}`);
    let t = self, dim = 0;
    const indices = [];
    const step = (next) => { owned.push(next); t = next; };
    const record = (idx) => { indices[dim] = idx; dim++; };
    const boolIndex = (b) => {
      step(t.unsqueeze(dim));
      const idx = b ? torch.zeros(1, { dtype: torch.int64 }) : torch.zeros(0, { dtype: torch.int64 });
      owned.push(idx);
      record(idx);
    };
    const select = (i, realDim) => {
      if (i === 0 && dim === 0 && t.ndim === 0) throw new TensorError('invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to convert a 0-dim tensor to a number');
      const size = t.shape[dim] ?? 0;  // 1.13 reads past the sizes after two '...' (size 0)
      if (i < -size || i >= size) throw new TensorError(`index ${i} is out of bounds for dimension ${realDim} with size ${size}`);
      step(t.select(dim, i));
    };
    norm.forEach((k, realDim) => {
      if (k === null || k === undefined) {
        step(t.unsqueeze(dim));
        dim++;
      } else if (k === '...' || k === Ellipsis) {
        dim += ndim - specified;
      } else if ((typeof k === 'number' && Number.isInteger(k)) || typeof k === 'bigint') {
        select(Number(k), realDim);
      } else if (typeof k === 'boolean') {
        boolIndex(k);
      } else if ((typeof k === 'string' && SLICE.test(k)) || k instanceof Slice) {
        const s = typeof k === 'string' ? parseSlice(k) : k;
        step(wrap(check(W.tp_slice(t._ptr, dim, s.start ?? NaN, s.stop ?? NaN, s.step ?? NaN))));
        dim++;
      } else if (isTensor(k)) {
        const dt = k.dtype.name;
        if (k.ndim === 0 && dt === 'bool') boolIndex(k.item());
        else if (k.ndim === 0 && (dt === 'int64' || dt === 'int32')) select(k.item(), realDim);
        else record(k);
      } else {
        throw new TensorError(`only integers, slices (\`:\`), ellipsis (\`...\`), None and long or byte Variables are valid indices (got ${describe(k) === 'Object' ? 'dict' : describe(k)})`);
      }
    });
    return [t, indices.length ? Array.from(indices, (x) => x ?? null) : null];
  }

  function indexArgs(indices) {
    const n = indices.length;
    const base = check(W.tp_tensor_list(n));
    new Uint32Array(heapBuffer(), base, n).set(indices.map((x) => (x ? x._ptr : 0)));
    return [n, base];
  }

  indexing.getitem = (self, keys) => {
    const owned = [];
    try {
      const [t, indices] = applySlicing(self, keys, owned);
      if (!indices) {
        if (t === self) return wrap(check(W.tp_alias_view(self._ptr)));  // at::alias: AliasBackward0
        owned.splice(owned.indexOf(t), 1);
        return t;
      }
      const [n, base] = indexArgs(indices);
      return wrap(check(W.tp_index(t._ptr, n, base)));
    } finally {
      for (const o of owned) o.dispose();
    }
  };

  /** The value as a tensor: JS scalars become 0-d tensors of self's dtype (valueToTensor). */
  const valueTensor = (self, value, owned) => {
    if (isTensor(value)) return value;
    if (typeof value !== 'number' && typeof value !== 'boolean' && typeof value !== 'bigint') {
      const title = { float32: 'Float', float64: 'Double', int32: 'Int', int64: 'Long', bool: 'Bool' }[self.dtype.name];
      throw new TypeError(`can't assign a ${describe(value)} to a torch.${title}Tensor`);
    }
    const v = torch.tensor(scalarValue('index_put_', value), { dtype: self.dtype });
    owned.push(v);
    return v;
  };

  /** A view of v without its leading size-1 dims (slicePrefix1sSize). */
  const stripLeadingOnes = (v, owned) => {
    const s = Array.from(v.shape);
    let i = 0;
    while (i < s.length && s[i] === 1) i++;
    if (i === 0) return v;
    const r = v.view(s.slice(i));
    owned.push(r);
    return r;
  };

  indexing.setitem = (self, keys, value, accumulate = false) => {
    const owned = [];
    try {
      if (keys.length === 1 && keys[0] === false && !accumulate) return self;
      const v = valueTensor(self, value, owned);
      const [t, indices] = applySlicing(self, keys, owned);
      if (!indices) {
        if (accumulate) throw new TensorError('index_put_ with accumulate=True needs at least one tensor index (an integer/bool tensor or array)');
        const same = t.ndim === v.ndim && t.shape.every((s, i) => s === v.shape[i]);
        if (same) t.copy_(v);
        else if (v.ndim === 0) t.fill_(v);
        else {
          const e = stripLeadingOnes(v, owned).expand(t.shape);
          owned.push(e);
          t.copy_(e);
        }
        return self;
      }
      const vs = stripLeadingOnes(v, owned);
      const [n, base] = indexArgs(indices);
      warnExpanded(t, 'index_put_', 631, 'tensor[indices] = tensor');
      checkStatus(W.tp_index_put_(t._ptr, n, base, vs._ptr, accumulate ? 1 : 0));
      return self;
    } finally {
      for (const o of owned) if (o !== self) o.dispose();
    }
  };

  // ---- torch.* functions -------------------------------------------------------------------
  function cat(...a) {
    const { tensors, dim } = bind('cat', a, ['tensors', 'dim'], { dim: 0 });
    const [n, base] = tensorList('cat', tensors);
    return wrap(check(W.tp_cat(n, base, checkInt('cat', 'dim', dim))));
  }
  function stack(...a) {
    const { tensors, dim } = bind('stack', a, ['tensors', 'dim'], { dim: 0 });
    const [n, base] = tensorList('stack', tensors);
    return wrap(check(W.tp_stack(n, base, checkInt('stack', 'dim', dim))));
  }
  /** cat of atleast_nd views of the inputs; the views are released afterwards. */
  function catAtLeast(fname, tensors, n, dimOf) {
    tensorList(fname, tensors);  // validates, with Python's messages
    const made = [];
    try {
      const ts = tensors.map((t) => {
        let r = tensorArg(fname, 'tensors', t);
        while (r.ndim < n) {
          r = r.unsqueeze(r.ndim === 0 || n === 2 ? 0 : r.ndim);
          made.push(r);
        }
        return r;
      });
      return cat(ts, dimOf(ts));
    } finally {
      for (const r of made) r.dispose();
    }
  }
  function hstack(...a) {
    const { tensors } = bind('hstack', a, ['tensors']);
    return catAtLeast('hstack', tensors, 1, (ts) => (ts.length && ts[0].ndim === 1 ? 0 : 1));
  }
  function vstack(...a) {
    const { tensors } = bind('vstack', a, ['tensors']);
    return catAtLeast('vstack', tensors, 2, () => 0);
  }

  function split(...a) {
    const { tensor, split_size_or_sections, dim } = bind('split', a, ['tensor', 'split_size_or_sections', 'dim'], { dim: 0 });
    return asTensor(tensor, 'split').split(split_size_or_sections, dim);
  }

  Object.assign(torch, {
    cat, concat: cat, stack, hstack, vstack, split,
    index_put: (x, ...a) => asTensor(x, 'index_put').index_put(...a),
    index_put_: (x, ...a) => asTensor(x, 'index_put_').index_put_(...a),
  });

  // ---- Tensor methods ------------------------------------------------------------------------
  Object.assign(Tensor.prototype, {
    split(...a) {
      const { split_size, dim } = bind('split', a, ['split_size', 'dim'], { dim: 0 });
      // 1.13's Tensor.split (torch/_tensor.py): an int splits, a one-element tensor is int() of
      // it, anything else goes to split_with_sizes in the function form (its texts: position 2)
      let size = split_size;
      if (size instanceof Tensor && !size.is_disposed && size.numel() === 1) size = Math.trunc(Number(size.item()));
      if (typeof size === 'boolean') size = Number(size);   // Python's bool is an int
      if (!(typeof size === 'bigint' || (typeof size === 'number' && Number.isInteger(size)))) {
        return torch.split_with_sizes(this, split_size, dim);
      }
      return listResult(W.tp_split(this._ptr, checkInt('split', 'split_size', size), checkInt('split', 'dim', dim)));
    },
    split_with_sizes(...a) {
      const { split_sizes, dim } = bind('split_with_sizes', a, ['split_sizes', 'dim'], { dim: 0 });
      const s = intList('split_with_sizes', 'split_sizes', split_sizes);
      return listResult(W.tp_split_with_sizes(this._ptr, s.length, args(s), checkInt('split_with_sizes', 'dim', dim)));
    },
    chunk(...a) {
      const { chunks, dim } = bind('chunk', a, ['chunks', 'dim'], { dim: 0 });
      return listResult(W.tp_chunk(this._ptr, checkInt('chunk', 'chunks', chunks), checkInt('chunk', 'dim', dim)));
    },
    unbind(...a) {
      const { dim } = bind('unbind', a, ['dim'], { dim: 0 });
      return listResult(W.tp_unbind(this._ptr, checkInt('unbind', 'dim', dim)));
    },
    flip(...a) {
      const [pos, o] = splitOptions('flip', a, ['dims']);
      const dims = pos.length ? varInts('flip', 'dims', pos) : intList('flip', 'dims', o.dims ?? []);
      return wrap(check(W.tp_flip(this._ptr, dims.length, args(dims))));
    },
    fliplr() {
      if (this.ndim < 2) throw new TensorError('Input must be >= 2-d.');
      return this.flip(1);
    },
    flipud() {
      if (this.ndim < 1) throw new TensorError('Input must be >= 1-d.');
      return this.flip(0);
    },
    roll(...a) {
      const { shifts, dims } = bind('roll', a, ['shifts', 'dims']);
      const s = intList('roll', 'shifts', shifts);
      const d = dims === undefined || dims === null ? [] : intList('roll', 'dims', dims);
      return wrap(check(W.tp_roll(this._ptr, s.length, d.length, args([...s, ...d]))));
    },
    repeat(...a) {
      const r = sizesOf('repeat', a);
      return wrap(check(W.tp_repeat(this._ptr, r.length, args(r))));
    },
    tile(...a) {
      const [pos, o] = splitOptions('tile', a, ['dims']);
      const r = pos.length ? varInts('tile', 'dims', pos) : intList('tile', 'dims', o.dims ?? []);
      return wrap(check(W.tp_tile(this._ptr, r.length, args(r))));
    },
    tril(...a) {
      const { diagonal } = bind('tril', a, ['diagonal'], { diagonal: 0 });
      return wrap(check(W.tp_tril(this._ptr, checkInt('tril', 'diagonal', diagonal))));
    },
    triu(...a) {
      const { diagonal } = bind('triu', a, ['diagonal'], { diagonal: 0 });
      return wrap(check(W.tp_triu(this._ptr, checkInt('triu', 'diagonal', diagonal))));
    },
    tril_(...a) {
      const { diagonal } = bind('tril_', a, ['diagonal'], { diagonal: 0 });
      checkStatus(W.tp_tril_(this._ptr, checkInt('tril_', 'diagonal', diagonal)));
      return this;
    },
    triu_(...a) {
      const { diagonal } = bind('triu_', a, ['diagonal'], { diagonal: 0 });
      checkStatus(W.tp_triu_(this._ptr, checkInt('triu_', 'diagonal', diagonal)));
      return this;
    },
    gather(...a) {
      const { dim, index } = bind('gather', a, ['dim', 'index', 'sparse_grad']);
      return wrap(check(W.tp_gather(this._ptr, checkInt('gather', 'dim', dim), tensorArg('gather', 'index', index)._ptr)));
    },
    scatter(...a) { return scatterCall(this, 'scatter', a, false, false); },
    scatter_(...a) { return scatterCall(this, 'scatter_', a, false, true); },
    scatter_add(...a) { return scatterCall(this, 'scatter_add', a, true, false); },
    scatter_add_(...a) { return scatterCall(this, 'scatter_add_', a, true, true); },
    index_select(...a) {
      const { dim, index } = bind('index_select', a, ['dim', 'index']);
      return wrap(check(W.tp_index_select(this._ptr, checkInt('index_select', 'dim', dim), tensorArg('index_select', 'index', index)._ptr)));
    },
    masked_fill(...a) {
      const { mask, value } = bind('masked_fill', a, ['mask', 'value']);
      const m = tensorArg('masked_fill', 'mask', mask);
      if (isTensor(value)) return wrap(check(W.tp_masked_fill(this._ptr, m._ptr, value._ptr, 0)));
      return wrap(check(W.tp_masked_fill(this._ptr, m._ptr, 0, scalarValue('masked_fill', value))));
    },
    masked_fill_(...a) {
      const { mask, value } = bind('masked_fill_', a, ['mask', 'value']);
      const m = tensorArg('masked_fill_', 'mask', mask);
      warnExpanded(this, 'masked_fill_', 1651, 'tensor[mask] = scalar');
      if (isTensor(value)) checkStatus(W.tp_masked_fill_(this._ptr, m._ptr, value._ptr, 0));
      else checkStatus(W.tp_masked_fill_(this._ptr, m._ptr, 0, scalarValue('masked_fill_', value)));
      return this;
    },
    masked_select(...a) {
      const { mask } = bind('masked_select', a, ['mask']);
      return wrap(check(W.tp_masked_select(this._ptr, tensorArg('masked_select', 'mask', mask)._ptr)));
    },
    nonzero(...a) {
      const { as_tuple } = bind('nonzero', a, ['as_tuple'], { as_tuple: false });
      const nz = wrap(check(W.tp_nonzero(this._ptr)));
      if (!as_tuple) return nz;
      try {
        if (this.ndim === 0) return Tuple.from([torch.zeros(nz.shape[0], { dtype: torch.int64 })]);
        return nz.unbind(1);
      } finally {
        nz.dispose();
      }
    },
    argwhere() { return this.nonzero(); },
    index_add_(...a) { return indexSlices(this, 'index_add_', a, true); },
    index_add(...a) { return indexSlices(this, 'index_add', a, false); },
    index_copy_(...a) { return indexSlices(this, 'index_copy_', a, true); },
    index_copy(...a) { return indexSlices(this, 'index_copy', a, false); },
    index_fill_(...a) { return indexSlices(this, 'index_fill_', a, true); },
    index_fill(...a) { return indexSlices(this, 'index_fill', a, false); },
    take_along_dim(...a) {
      const { indices, dim } = bind('take_along_dim', a, ['indices', 'dim']);
      const idx = tensorArg('take_along_dim', 'indices', indices);
      const made = [];
      try {
        if (dim === undefined || dim === null) {
          const f = this.view(-1), g = idx.view(-1);
          made.push(f, g);
          return f.gather(0, g);
        }
        if (this.ndim !== idx.ndim) {
          throw new TensorError(`torch.take_along_dim(): input and indices should have the same number of dimensions, but got ${this.ndim} dimensions for input, and ${idx.ndim} dimensions for indices`);
        }
        if (idx.dtype.name !== 'int64') throw new TensorError(`torch.take_along_dim(): dtype of indices should be Long but got ${{ float32: 'Float', float64: 'Double', int32: 'Int', bool: 'Bool' }[idx.dtype.name]}`);
        const d = wrapDim(checkInt('take_along_dim', 'dim', dim), this.ndim);
        // broadcast all dims but d (PyTorch's _take_along_dim_helper)
        const shapeFor = (a, b) => {
          const s = Array.from(a.shape);
          s[d] = b.shape[d];
          return broadcastShape(s, Array.from(b.shape));
        };
        const ib = idx.expand(shapeFor(this, idx)), sb = this.expand(shapeFor(idx, this));
        made.push(ib, sb);
        return sb.gather(d, ib);
      } finally {
        for (const m of made) m.dispose();
      }
    },
    index_put(...a) {
      const c = this.clone();
      try {
        return c.index_put_(...a);
      } catch (e) {
        c.dispose();
        throw e;
      }
    },
  });

  /** index_add(_)/index_copy(_)/index_fill(_): whole slices along dim. */
  function indexSlices(self, fname, a, inplace) {
    const kind = fname.replace(/_$/, '');
    const names = kind === 'index_add' ? ['dim', 'index', 'source', 'alpha'] : kind === 'index_copy' ? ['dim', 'index', 'source'] : ['dim', 'index', 'value'];
    const o = bind(fname, a, names, { alpha: 1 });
    const dim = checkInt(fname, 'dim', o.dim);
    const index = tensorArg(fname, 'index', o.index)._ptr;
    let rc;
    if (kind === 'index_fill') {
      const v = o.value;
      const [vt, vn] = isTensor(v) ? [v._ptr, 0] : [0, scalarValue(fname, v)];
      if (inplace) warnExpanded(self, 'index_fill_', 1278, 'tensor[mask] = scalar');
      rc = inplace ? W.tp_index_fill_(self._ptr, dim, index, vt, vn) : W.tp_index_fill(self._ptr, dim, index, vt, vn);
    } else {
      const src = tensorArg(fname, 'source', o.source)._ptr;
      if (kind === 'index_add') {
        const alpha = scalarValue(fname, o.alpha);
        rc = inplace ? W.tp_index_add_(self._ptr, dim, index, src, alpha) : W.tp_index_add(self._ptr, dim, index, src, alpha);
      } else {
        rc = inplace ? W.tp_index_copy_(self._ptr, dim, index, src) : W.tp_index_copy(self._ptr, dim, index, src);
      }
    }
    if (inplace) {
      checkStatus(rc);
      return self;
    }
    return wrap(check(rc));
  }

  function scatterCall(self, fname, a, add, inplace) {
    const names = add ? ['dim', 'index', 'src'] : ['dim', 'index', 'src', 'value', 'reduce'];
    const o = bind(fname, a, names);
    if (o.reduce !== undefined && o.reduce !== null) throw new TensorError(`${fname}(): the 'reduce' argument is not supported by tensorpad yet`);
    const dim = checkInt(fname, 'dim', o.dim);
    const index = tensorArg(fname, 'index', o.index);
    let src = o.src, value = o.value ?? 0;
    if (src !== undefined && !isTensor(src)) { value = src; src = undefined; }
    if (add && !src) throw new TypeError(`${fname}(): argument 'src' must be Tensor, not ${describe(o.src)}`);
    if (src === undefined && o.value === undefined && !isTensor(o.src) && o.src === undefined) {
      throw new TypeError(`${fname}() missing required argument 'src' or 'value'`);
    }
    const v = scalarValue(fname, value);
    if (inplace) {
      checkStatus(W.tp_scatter_(self._ptr, dim, index._ptr, src ? src._ptr : 0, v, add ? 1 : 0));
      return self;
    }
    return wrap(check(W.tp_scatter(self._ptr, dim, index._ptr, src ? src._ptr : 0, v, add ? 1 : 0)));
  }

  // Function forms: torch.flip(x, dims) ≡ x.flip(dims), ...
  for (const name of ['split_with_sizes', 'chunk', 'unbind', 'flip', 'fliplr', 'flipud', 'roll', 'tile', 'tril', 'triu',
    'gather', 'scatter', 'scatter_add', 'index_select', 'masked_fill', 'masked_select', 'nonzero', 'argwhere',
    'index_add', 'index_copy', 'index_fill', 'take_along_dim']) {
    torch[name] = (x, ...a) => asTensor(x, name)[name](...a);
  }
}

const SLICE = /^\s*(-?\d+)?\s*:\s*(-?\d+)?\s*(?::\s*(-?\d+)?\s*)?$/;
function parseSlice(s) {
  const m = SLICE.exec(s);
  const num = (x) => (x === undefined ? null : Number(x));
  const out = { start: num(m[1]), stop: num(m[2]), step: num(m[3]) };
  if (out.step === 0) throw new TensorError('slice step cannot be zero');
  return out;
}
export { listResult, intList };
