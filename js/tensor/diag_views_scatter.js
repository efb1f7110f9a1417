// More shape, view and indexing methods (diagonal, diag, trace, movedim, the in-place views,
// unflatten, tensor_split, repeat_interleave, rot90, unfold, take, sum_to_size, ...) and the
// tensor predicates. Each binds Python's arguments and calls one tp_* entry of src/ops/shape/diag_views_scatter.c;
// the maths and the view logic are in C. install(torch, Tensor) runs once, from tensorpad.js.
import { W, check, checkStatus, args, heapBuffer, TensorError } from '../core/wasm.js';
import { describe, toDtype, defaultFloat, checkDevice } from '../core/dtype.js';
import { bind, missingArg, checkInt, sizesArg, noArgs } from '../core/args.js';
import { wrap, asTensor, Tuple } from './tensor.js';

const isTensor = (v) => v && typeof v === 'object' && typeof v._ptr === 'number';

/** A tuple of the n views the core left in its tensor list. */
function listResult(n) {
  checkStatus(n);
  const base = W.tp_tensor_list(n);
  return Tuple.from(Array.from(new Uint32Array(heapBuffer(), base, n), (p) => wrap(p)));
}

/** An int or a list of ints (movedim's source/destination, rot90's dims). */
function intOrList(fname, name, v) {
  if (typeof v === 'number' || typeof v === 'bigint') return [checkInt(fname, name, v)];
  if (Array.isArray(v)) return v.map((x) => checkInt(fname, name, x));
  throw new TypeError(`${fname}(): argument '${name}' must be tuple of ints, not ${describe(v)}`);
}

/** Python's "missing required argument" for the named parameters that were not given. */
function required(fname, got, names) {
  for (const n of names) if (got[n] === undefined) throw missingArg(fname, n);
}

/** tensor_split's / hsplit's argument: sections (int), indices (list) or a 0-d/1-d int64 tensor. */
function sectionsOrIndices(fname, v) {
  if (isTensor(v)) {
    if (v.ndim > 1) throw new TensorError(`tensor_split expected tensor_indices_or_sections to be a zero-dimensional or one-dimensional tensor, but got a tensor with ${v.ndim} dims`);
    if (v.dtype.name !== 'int64') throw new TensorError(`tensor_split expected tensor_indices_or_sections to have dtype of long, but got ${{ float32: 'Float', float64: 'Double', int32: 'Int', bool: 'Bool' }[v.dtype.name]}`);
    return v.ndim === 0 ? { sections: v.item() } : { indices: v.tolist() };
  }
  if (Array.isArray(v)) return { indices: v.map((x) => checkInt(fname, 'indices', x)) };
  return { sections: checkInt(fname, 'sections', v) };
}

// dtypes PyTorch has and tensorpad does not: the methods exist and say so.
const UNSUPPORTED = { half: 'torch.float16', bfloat16: 'torch.bfloat16', byte: 'torch.uint8', char: 'torch.int8', short: 'torch.int16' };
const SUPPORTED = 'torch.float32, torch.float64, torch.int32, torch.int64 and torch.bool';

export function install(torch, Tensor) {
  Object.assign(Tensor.prototype, {
    diagonal(...a) {
      const o = bind('diagonal', a, ['offset', 'dim1', 'dim2'], { offset: 0, dim1: 0, dim2: 1 });
      return wrap(check(W.tp_diagonal(this._ptr, checkInt('diagonal', 'offset', o.offset), checkInt('diagonal', 'dim1', o.dim1), checkInt('diagonal', 'dim2', o.dim2))));
    },
    diag(...a) {
      const { diagonal } = bind('diag', a, ['diagonal'], { diagonal: 0 });
      return wrap(check(W.tp_diag(this._ptr, checkInt('diag', 'diagonal', diagonal))));
    },
    trace(...a) {
      if (a.length) noArgs('trace', a);
      return wrap(check(W.tp_trace(this._ptr)));
    },
    diag_embed(...a) {
      const o = bind('diag_embed', a, ['offset', 'dim1', 'dim2'], { offset: 0, dim1: -2, dim2: -1 });
      return wrap(check(W.tp_diag_embed(this._ptr, checkInt('diag_embed', 'offset', o.offset), checkInt('diag_embed', 'dim1', o.dim1), checkInt('diag_embed', 'dim2', o.dim2))));
    },
    diagflat(...a) {
      const { offset } = bind('diagflat', a, ['offset'], { offset: 0 });
      return wrap(check(W.tp_diagflat(this._ptr, checkInt('diagflat', 'offset', offset))));
    },
    movedim(...a) { return movedim(this, 'movedim', a); },
    moveaxis(...a) { return movedim(this, 'moveaxis', a); },
    swapdims(...a) {
      const { dim0, dim1 } = bind('swapdims', a, ['dim0', 'dim1']);
      required('swapdims', { dim0, dim1 }, ['dim0', 'dim1']);
      return wrap(check(W.tp_transpose(this._ptr, checkInt('swapdims', 'dim0', dim0), checkInt('swapdims', 'dim1', dim1))));
    },
    swapaxes(...a) {
      const { axis0, axis1 } = bind('swapaxes', a, ['axis0', 'axis1']);
      required('swapaxes', { axis0, axis1 }, ['axis0', 'axis1']);
      return wrap(check(W.tp_transpose(this._ptr, checkInt('swapaxes', 'axis0', axis0), checkInt('swapaxes', 'axis1', axis1))));
    },
    // in-place views: the tensor itself takes the view's shape and strides
    transpose_(...a) {
      const { dim0, dim1 } = bind('transpose_', a, ['dim0', 'dim1']);
      required('transpose_', { dim0, dim1 }, ['dim0', 'dim1']);
      checkStatus(W.tp_transpose_(this._ptr, checkInt('transpose_', 'dim0', dim0), checkInt('transpose_', 'dim1', dim1)));
      return this;
    },
    swapdims_(...a) {
      const { dim0, dim1 } = bind('swapdims_', a, ['dim0', 'dim1']);
      required('swapdims_', { dim0, dim1 }, ['dim0', 'dim1']);
      checkStatus(W.tp_transpose_(this._ptr, checkInt('swapdims_', 'dim0', dim0), checkInt('swapdims_', 'dim1', dim1)));
      return this;
    },
    swapaxes_(...a) {
      const { axis0, axis1 } = bind('swapaxes_', a, ['axis0', 'axis1']);
      required('swapaxes_', { axis0, axis1 }, ['axis0', 'axis1']);
      checkStatus(W.tp_transpose_(this._ptr, checkInt('swapaxes_', 'axis0', axis0), checkInt('swapaxes_', 'axis1', axis1)));
      return this;
    },
    t_(...a) {
      if (a.length) noArgs('t_', a);
      checkStatus(W.tp_t_(this._ptr));
      return this;
    },
    squeeze_(...a) {
      const { dim } = bind('squeeze_', a, ['dim']);
      checkStatus(W.tp_squeeze_(this._ptr, dim === undefined || dim === null ? NaN : checkInt('squeeze_', 'dim', dim)));
      return this;
    },
    unsqueeze_(...a) {
      const { dim } = bind('unsqueeze_', a, ['dim']);
      required('unsqueeze_', { dim }, ['dim']);
      checkStatus(W.tp_unsqueeze_(this._ptr, checkInt('unsqueeze_', 'dim', dim)));
      return this;
    },
    as_strided_(...a) {
      const { size, stride, storage_offset } = bind('as_strided_', a, ['size', 'stride', 'storage_offset']);
      required('as_strided_', { size, stride }, ['size', 'stride']);
      const s = intOrList('as_strided_', 'size', size), st = intOrList('as_strided_', 'stride', stride);
      if (s.length !== st.length) throw new TensorError('mismatch in length of strides and shape');
      const off = storage_offset === undefined || storage_offset === null ? this.storage_offset() : checkInt('as_strided_', 'storage_offset', storage_offset);
      checkStatus(W.tp_as_strided_(this._ptr, s.length, args([...s, ...st]), off));
      return this;
    },
    unflatten(...a) {
      const { dim, sizes } = bind('unflatten', a, ['dim', 'sizes']);
      required('unflatten', { dim, sizes }, ['dim', 'sizes']);
      const s = intOrList('unflatten', 'sizes', sizes);
      return wrap(check(W.tp_unflatten(this._ptr, checkInt('unflatten', 'dim', dim), s.length, args(s))));
    },
    broadcast_to(...a) {
      const s = sizesArg('broadcast_to', a, 'size');
      return wrap(check(W.tp_expand(this._ptr, s.length, args(s))));
    },
    type_as(...a) {
      const { other } = bind('type_as', a, ['other']);
      return this.to(asTensor(other, 'type_as', 'other').dtype);
    },
    tensor_split(...a) {
      const o = bind('tensor_split', a, ['indices_or_sections', 'dim'], { dim: 0 });
      const v = o.indices_or_sections;
      if (v === undefined) throw missingArg('tensor_split', 'indices_or_sections');
      const { sections, indices } = sectionsOrIndices('tensor_split', v);
      const dim = checkInt('tensor_split', 'dim', o.dim);
      if (indices) return listResult(W.tp_tensor_split(this._ptr, indices.length, args(indices), 0, dim));
      return listResult(W.tp_tensor_split(this._ptr, -1, 0, sections, dim));
    },
    hsplit(...a) { return hvdsplit(this, 'hsplit', 1, a); },
    vsplit(...a) { return hvdsplit(this, 'vsplit', 0, a); },
    dsplit(...a) { return hvdsplit(this, 'dsplit', 2, a); },
    repeat_interleave(...a) {
      const o = bind('repeat_interleave', a, ['repeats', 'dim', 'output_size']);
      required('repeat_interleave', o, ['repeats']);
      const dim = o.dim === undefined || o.dim === null ? NaN : checkInt('repeat_interleave', 'dim', o.dim);
      if (isTensor(o.repeats)) return wrap(check(W.tp_repeat_interleave(this._ptr, o.repeats._ptr, 0, dim)));
      return wrap(check(W.tp_repeat_interleave(this._ptr, 0, checkInt('repeat_interleave', 'repeats', o.repeats), dim)));
    },
    rot90(...a) {
      const o = bind('rot90', a, ['k', 'dims'], { k: 1, dims: [0, 1] });
      const dims = intOrList('rot90', 'dims', o.dims);
      return wrap(check(W.tp_rot90(this._ptr, checkInt('rot90', 'k', o.k), dims.length, args(dims))));
    },
    unfold(...a) {
      const o = bind('unfold', a, ['dimension', 'size', 'step']);
      required('unfold', o, ['dimension', 'size', 'step']);
      return wrap(check(W.tp_unfold(this._ptr, checkInt('unfold', 'dimension', o.dimension), checkInt('unfold', 'size', o.size), checkInt('unfold', 'step', o.step))));
    },
    take(...a) {
      const { index } = bind('take', a, ['index']);
      return wrap(check(W.tp_take(this._ptr, asTensor(index, 'take', 'index')._ptr)));
    },
    sum_to_size(...a) {
      const s = sizesArg('sum_to_size', a, 'size');
      const p = check(W.tp_sum_to_size(this._ptr, s.length, args(s)));
      if (p === this._p) { W.tp_tensor_release(p); return this; }  // nothing summed: self, as PyTorch
      return wrap(p);
    },

    // ---- scatters into a copy, put, masked_scatter ----------------------------------------
    select_scatter(...a) {
      const o = bind('select_scatter', a, ['src', 'dim', 'index']);
      required('select_scatter', o, ['src', 'dim', 'index']);
      return wrap(check(W.tp_select_scatter(this._ptr, asTensor(o.src, 'select_scatter', 'src', 2)._ptr, checkInt('select_scatter', 'dim', o.dim), checkInt('select_scatter', 'index', o.index))));
    },
    slice_scatter(...a) {
      const o = bind('slice_scatter', a, ['src', 'dim', 'start', 'end', 'step'], { dim: 0, step: 1 });
      required('slice_scatter', o, ['src']);
      const opt = (n) => (o[n] === undefined || o[n] === null ? NaN : checkInt('slice_scatter', n, o[n]));
      return wrap(check(W.tp_slice_scatter(this._ptr, asTensor(o.src, 'slice_scatter', 'src', 2)._ptr, checkInt('slice_scatter', 'dim', o.dim), opt('start'), opt('end'), checkInt('slice_scatter', 'step', o.step))));
    },
    diagonal_scatter(...a) {
      const o = bind('diagonal_scatter', a, ['src', 'offset', 'dim1', 'dim2'], { offset: 0, dim1: 0, dim2: 1 });
      required('diagonal_scatter', o, ['src']);
      return wrap(check(W.tp_diagonal_scatter(this._ptr, asTensor(o.src, 'diagonal_scatter', 'src', 2)._ptr, checkInt('diagonal_scatter', 'offset', o.offset), checkInt('diagonal_scatter', 'dim1', o.dim1), checkInt('diagonal_scatter', 'dim2', o.dim2))));
    },
    masked_scatter(...a) {
      const o = bind('masked_scatter', a, ['mask', 'source']);
      required('masked_scatter', o, ['mask', 'source']);
      return wrap(check(W.tp_masked_scatter(this._ptr, asTensor(o.mask, 'masked_scatter', 'mask')._ptr, asTensor(o.source, 'masked_scatter', 'source', 2)._ptr)));
    },
    masked_scatter_(...a) {
      const o = bind('masked_scatter_', a, ['mask', 'source']);
      required('masked_scatter_', o, ['mask', 'source']);
      checkStatus(W.tp_masked_scatter_(this._ptr, asTensor(o.mask, 'masked_scatter_', 'mask')._ptr, asTensor(o.source, 'masked_scatter_', 'source', 2)._ptr));
      return this;
    },
    put_(...a) {
      const o = bind('put_', a, ['index', 'source', 'accumulate'], { accumulate: false });
      required('put_', o, ['index', 'source']);
      checkStatus(W.tp_put_(this._ptr, asTensor(o.index, 'put_', 'index')._ptr, asTensor(o.source, 'put_', 'source', 2)._ptr, o.accumulate ? 1 : 0));
      return this;
    },
    put(...a) {
      const o = bind('put', a, ['index', 'source', 'accumulate'], { accumulate: false });
      required('put', o, ['index', 'source']);
      return wrap(check(W.tp_put(this._ptr, asTensor(o.index, 'put', 'index')._ptr, asTensor(o.source, 'put', 'source', 2)._ptr, o.accumulate ? 1 : 0)));
    },
    scatter_reduce(...a) { return scatterReduce(this, 'scatter_reduce', a); },
    scatter_reduce_(...a) { return scatterReduce(this, 'scatter_reduce_', a); },
    index_reduce(...a) { return indexReduce(this, 'index_reduce', a); },
    index_reduce_(...a) { return indexReduce(this, 'index_reduce_', a); },
    narrow_copy(...a) {
      const o = bind('narrow_copy', a, ['dim', 'start', 'length']);
      required('narrow_copy', o, ['dim', 'start', 'length']);
      return wrap(check(W.tp_narrow_copy(this._ptr, checkInt('narrow_copy', 'dim', o.dim), checkInt('narrow_copy', 'start', o.start), checkInt('narrow_copy', 'length', o.length))));
    },
    new_empty_strided(...a) {
      const { size, stride, ...o } = bind('new_empty_strided', a, ['size', 'stride', 'dtype', 'device', 'requires_grad', 'layout', 'pin_memory']);
      return emptyStrided('new_empty_strided', size, stride, { ...o, dtype: o.dtype ?? this.dtype });
    },

    // ---- predicates and attributes -------------------------------------------------------
    is_complex() { return false; },
    is_signed() { return this.dtype.name !== 'bool'; },
    is_same_size(...a) {
      const { other } = bind('is_same_size', a, ['other']);
      const o = asTensor(other, 'is_same_size', 'other');
      const s = this.shape, t = o.shape;
      return s.length === t.length && s.every((x, i) => x === t[i]);
    },
    is_nonzero() {
      const n = this.numel();
      if (n === 0) throw new TensorError('Boolean value of Tensor with no values is ambiguous');
      if (n > 1) throw new TensorError('Boolean value of Tensor with more than one value is ambiguous');
      const v = this.item();
      return v !== 0 && v !== false;
    },
    is_inference() { return false; },
    get_device() { return -1; },
    /** The byte address of the first element in the wasm heap (what numpy() views start at). */
    data_ptr() { return W.tp_tensor_data(this._ptr); },
  });
  Object.defineProperty(Tensor.prototype, 'is_cpu', { get() { return true; }, configurable: true });
  for (const [name, dt] of Object.entries(UNSUPPORTED)) {
    Tensor.prototype[name] = function () {
      throw new TensorError(`${name}(): tensorpad has no ${dt}; it supports ${SUPPORTED} (use .float(), .double(), .int(), .long() or .bool())`);
    };
  }

  // scatter_reduce(dim, index, src, reduce, *, include_self=True)
  const REDUCE = ['sum', 'prod', 'mean', 'amax', 'amin'];
  function scatterReduce(self, fname, a) {
    const o = bind(fname, a, ['dim', 'index', 'src', 'reduce', 'include_self'], { include_self: true });
    required(fname, o, ['dim', 'index', 'src', 'reduce']);
    if (typeof o.reduce !== 'string') throw new TypeError(`${fname}(): argument 'reduce' (position 4) must be str, not ${describe(o.reduce)}`);
    const dim = checkInt(fname, 'dim', o.dim), index = asTensor(o.index, fname, 'index', 2), src = asTensor(o.src, fname, 'src', 3);
    const r = REDUCE.indexOf(o.reduce), incl = o.include_self ? 1 : 0;
    if (fname.endsWith('_')) {
      checkStatus(W.tp_scatter_reduce_(self._ptr, dim, index._ptr, src._ptr, r, incl));
      return self;
    }
    return wrap(check(W.tp_scatter_reduce(self._ptr, dim, index._ptr, src._ptr, r, incl)));
  }

  // index_reduce(dim, index, source, reduce, *, include_self=True)
  function indexReduce(self, fname, a) {
    const o = bind(fname, a, ['dim', 'index', 'source', 'reduce', 'include_self'], { include_self: true });
    required(fname, o, ['dim', 'index', 'source', 'reduce']);
    if (typeof o.reduce !== 'string') throw new TypeError(`${fname}(): argument 'reduce' (position 4) must be str, not ${describe(o.reduce)}`);
    const r = REDUCE.indexOf(o.reduce);
    if (r < 1) throw new TensorError(`index_reduce(): Expected reduce to be one of prod, mean, amax or amin but got ${o.reduce}.`);
    const dim = checkInt(fname, 'dim', o.dim), index = asTensor(o.index, fname, 'index', 2), src = asTensor(o.source, fname, 'source', 3);
    if (fname.endsWith('_')) {
      checkStatus(W.tp_index_reduce_(self._ptr, dim, index._ptr, src._ptr, r, o.include_self ? 1 : 0));
      return self;
    }
    return wrap(check(W.tp_index_reduce(self._ptr, dim, index._ptr, src._ptr, r, o.include_self ? 1 : 0)));
  }

  function emptyStrided(fname, size, stride, o) {
    required(fname, { size, stride }, ['size', 'stride']);
    checkDevice(o.device);
    const s = intOrList(fname, 'size', size), st = intOrList(fname, 'stride', stride);
    if (s.length !== st.length) throw new TensorError(`dimensionality of sizes (${s.length}) must match dimensionality of strides (${st.length})`);
    const dt = o.dtype === undefined || o.dtype === null ? defaultFloat() : toDtype(o.dtype, fname);
    const t = wrap(check(W.tp_empty_strided(s.length, args([...s, ...st]), dt.code)));
    if (o.requires_grad) t.requires_grad_(true);
    return t;
  }
  torch.empty_strided = (...a) => {
    const { size, stride, ...o } = bind('empty_strided', a, ['size', 'stride', 'dtype', 'device', 'requires_grad', 'layout', 'pin_memory']);
    return emptyStrided('empty_strided', size, stride, o);
  };

  function movedim(self, fname, a) {
    const { source, destination } = bind(fname, a, ['source', 'destination']);
    required(fname, { source, destination }, ['source', 'destination']);
    const s = intOrList(fname, 'source', source), d = intOrList(fname, 'destination', destination);
    return wrap(check(W.tp_movedim_lists(self._ptr, s.length, d.length, args([...s, ...d]))));
  }

  function hvdsplit(self, fname, which, a) {
    const { indices_or_sections: v } = bind(fname, a, ['indices_or_sections']);
    if (v === undefined) throw missingArg(fname, 'indices_or_sections');
    const { sections, indices } = sectionsOrIndices(fname, v);
    if (indices) return listResult(W.tp_hvdsplit(self._ptr, which, indices.length, args(indices), 0));
    return listResult(W.tp_hvdsplit(self._ptr, which, -1, 0, sections));
  }

  // torch.* forms: torch.diagonal(x, ...) ≡ x.diagonal(...)
  for (const name of ['diagonal', 'diag', 'trace', 'diag_embed', 'diagflat', 'movedim', 'moveaxis', 'swapdims', 'swapaxes',
    'unflatten', 'broadcast_to', 'tensor_split', 'hsplit', 'vsplit', 'dsplit', 'rot90', 'take', 'is_complex', 'is_signed',
    'is_same_size', 'is_nonzero', 'is_inference', 'select_scatter', 'slice_scatter', 'diagonal_scatter', 'masked_scatter', 'put',
    'narrow_copy', 'scatter_reduce', 'index_reduce']) {
    torch[name] = (x, ...a) => asTensor(x, name)[name](...a);
  }
  // in-place forms PyTorch also has as torch.* functions
  for (const name of ['as_strided_', 'addmv_', 'get_device']) torch[name] = (x, ...a) => asTensor(x, name)[name](...a);
  // torch.repeat_interleave(input, repeats, dim) or torch.repeat_interleave(repeats): the indices
  torch.repeat_interleave = (x, ...a) => {
    if (a.length === 0 && isTensor(x)) return wrap(check(W.tp_repeat_interleave(0, x._ptr, 0, NaN)));
    return asTensor(x, 'repeat_interleave').repeat_interleave(...a);
  };
}
