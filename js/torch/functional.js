// torch.* functions of PyTorch 1.13 that are not Tensor methods: meshgrid, range, the
// broadcasting and atleast_* helpers, the stacking variants, tril/triu_indices, std_mean /
// var_mean, einsum, tensordot, multi_dot/chain_matmul, the distance functions,
// searchsorted/bucketize/isin, the trapezoid rules, the window functions, the in-place
// function forms (torch.abs_(x)) and the thread/anomaly queries of a single-threaded build.
// Each is composed of existing ops, as PyTorch's composite functions are, so autograd records
// their graph and no core code is needed; intermediates are released by scope().
// install(torch, Tensor) runs once, from tensorpad.js.
import { W, check, checkStatus, withCString, TensorError, withGradMode } from '../core/wasm.js';
import { OP, TITLE, varMean, result_type } from '../tensor/ops.js';
import { byName, toDtype, describe, dtype, defaultFloat, pyRepr, checkDevice } from '../core/dtype.js';
import { TypedStorage } from '../tensor/compat.js';
import { bind, missingArg, splitOptions, checkInt, checkFloat, isOptions, warn, warnOnce, aten, invalidCombination } from '../core/args.js';
import { Tensor, Size, Tuple, asTensor, scope, wrap } from '../tensor/tensor.js';

const isTensor = (v) => v instanceof Tensor;

/** x op s with s a C++ double, as ATen's composites write x * 0.5: the Scalar overload
 *  (MulBackward1 / DivBackward1) and a float result for an integer x (see js/nn/nn.js). */
const atenScalar = (name, x, s) => wrap(check(W.tp_binary_scalar(OP[name], x._ptr, s, 2, 3, 1)));

/** Python's *tensors: varargs or one array (a trailing options object is split off first). */
function tensorsOf(fname, pos) {
  const list = pos.length === 1 && Array.isArray(pos[0]) ? pos[0] : pos;
  list.forEach((t, i) => {
    if (!isTensor(t)) throw new TypeError(`expected Tensor as element ${i} in argument 0, but got ${describe(t)}`);
  });
  return list;
}

/** A tuple of tensors, printed as Python's. */
const tuple = (items) => Tuple.from(items);


// ---- meshgrid and range ------------------------------------------------------------------------
// meshgrid's and chain_matmul's warnings are TORCH_WARN_ONCE (once per process); range's is a
// Python warning (once per call site)
const MESHGRID_WARNING = aten('torch.meshgrid: in an upcoming release, it will be required to pass the indexing argument.', 'native/TensorShape.cpp:3190');
function meshgrid(...a) {
  const [pos, opts] = splitOptions('meshgrid', a, ['indexing']);
  let indexing = opts.indexing;
  if (indexing === undefined || indexing === null) {
    warnOnce(MESHGRID_WARNING);
    indexing = 'ij';
  }
  const ts = tensorsOf('meshgrid', pos);
  if (!ts.length) throw new TensorError('meshgrid expects a non-empty TensorList');
  for (let i = 0; i + 1 < ts.length; i++) {
    if (ts[i].dtype !== ts[i + 1].dtype) throw new TensorError('meshgrid expects all tensors to have the same dtype');
  }
  if (indexing !== 'xy' && indexing !== 'ij') {
    throw new TensorError(`torch.meshgrid: indexing must be one of "xy" or "ij", but received: ${indexing}`);
  }
  const refs = ts.slice();
  const swap = indexing === 'xy' && refs.length >= 2;
  if (swap) [refs[0], refs[1]] = [refs[1], refs[0]];
  for (const t of refs) {
    if (t.ndim > 1) {
      // the tensor as ATen's C++ operator<< prints it, values first (src/core/print.c)
      withCString('torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: ', (p) => checkStatus(W.tp_fail_with_tensor(p, t._ptr)));
    }
  }
  const shape = refs.map((t) => t.numel());
  return scope(() => {
    const grids = refs.map((t, i) => {
      const view = shape.map(() => 1);
      view[i] = -1;
      return t.view(view).expand(shape);
    });
    if (swap) [grids[0], grids[1]] = [grids[1], grids[0]];
    return tuple(grids);
  });
}

const RANGE_WARNING = "torch.range is deprecated and will be removed in a future release because its behavior is " +
  "inconsistent with Python's range builtin. Instead, use torch.arange, which produces values in [start, end).";
function makeRange(torch) {
  const KEYS = ['start', 'end', 'step', 'dtype', 'device', 'requires_grad', 'layout', 'pin_memory', 'out'];
  return function range(...a) {
    warn(RANGE_WARNING);   // Python-level (PyErr_WarnEx): once per call site
    const o = bind('range', a, KEYS, { step: 1 });
    if (o.start === undefined || o.end === undefined) throw missingArg('range', 'end');
    const num = (v) => {
      if (isTensor(v)) v = v.item();
      if (typeof v === 'boolean') return v ? 1 : 0;
      if (typeof v === 'bigint') return Number(v);
      if (typeof v !== 'number') throw new TypeError(`range(): argument 'start' must be Number, not ${describe(v)}`);
      return v;
    };
    const [start, end, step] = [o.start, o.end, o.step].map(num);
    const dt = o.dtype === undefined || o.dtype === null ? defaultFloat() : toDtype(o.dtype, 'range');
    if (dt === byName.bool) throw new TensorError('"range_cpu" not implemented for \'Bool\'');
    const integral = !dt.is_floating_point;
    // PyTorch computes in the dtype's accumulate type: int64 for integers, double for floats
    const [s, e, st] = integral ? [start, end, step].map(Math.trunc) : [start, end, step];
    if (st === 0) throw new TensorError('step must be nonzero');
    if (!Number.isFinite(s) || !Number.isFinite(e)) throw new TensorError('unsupported range: ' + s + ' -> ' + e);
    if ((st > 0 && e < s) || (st < 0 && e > s)) throw new TensorError('upper bound and lower bound inconsistent with step sign');
    const n = integral ? Math.trunc((e - s) / st) + 1 : Math.trunc((e - s) / st + 1);
    // the values are written into a heap tensor, so that a size too large for memory is the
    // core's out-of-memory error (as PyTorch's allocator fails), never a JS RangeError
    torch.empty([n], { dtype: dt }).dispose();  // the size check PyTorch's allocator makes, in dt's bytes
    const buf = torch.empty([n], { dtype: byName.float64 });
    try {
      const vals = buf.numpy();
      for (let i = 0; i < n; i++) vals[i] = s + i * st;
      const { start: _s, end: _e, step: _st, ...create } = o;
      return torch.tensor(vals, { ...create, dtype: dt });
    } finally {
      buf.dispose();
    }
  };
}

// ---- broadcasting and atleast_* ----------------------------------------------------------------
function broadcastShapes(...shapes) {
  let n = 0;
  for (const s of shapes) {
    if (typeof s === 'number') n = Math.max(n, 1);
    else if (Array.isArray(s)) n = Math.max(n, s.length);
  }
  const result = new Array(n).fill(1);
  for (let shape of shapes) {
    if (typeof shape === 'number' && Number.isInteger(shape)) shape = [shape];
    if (!Array.isArray(shape)) {
      throw new TensorError(`('Input shapes should be of type ints, a tuple of ints, or a list of ints, got ', ${describe(shape) === 'float' ? pyRepr(shape) : describe(shape)})`);
    }
    for (let i = -1; i >= -shape.length; i--) {
      const s = checkInt('broadcast_shapes', 'shape', shape[shape.length + i]);
      if (s < 0) throw new TensorError(`Trying to create tensor with negative dimension (${s}): (${s})`);
      if (s === 1 || s === result[n + i]) continue;
      if (result[n + i] !== 1) throw new TensorError('Shape mismatch: objects cannot be broadcast to a single shape');
      result[n + i] = s;
    }
  }
  return Size.of(...result);
}

function broadcastTensors(...a) {
  const [pos] = splitOptions('broadcast_tensors', a, []);
  const ts = tensorsOf('broadcast_tensors', pos);
  let shape = [];
  for (const t of ts) {
    const s = Array.from(t.shape), n = Math.max(shape.length, s.length), out = new Array(n);
    for (let i = n - 1; i >= 0; i--) {
      const da = shape.length - n + i, db = s.length - n + i;
      const sa = da >= 0 ? shape[da] : 1, sb = db >= 0 ? s[db] : 1;
      if (sa !== sb && sa !== 1 && sb !== 1) {
        throw new TensorError(`The size of tensor a (${sa}) must match the size of tensor b (${sb}) at non-singleton dimension ${i}`);
      }
      out[i] = sa === 1 ? sb : sa;
    }
    shape = out;
  }
  // as PyTorch's expand_outplace: a tensor that already has the shape is returned itself
  return tuple(ts.map((t) => (t.ndim === shape.length && Array.from(t.shape).every((d, i) => d === shape[i]) ? t : t.expand(shape))));
}

/** atleast_{1,2,3}d: one tensor in, one out; several (or one array) in, a tuple out. */
function atleast(n) {
  const fname = `atleast_${n}d`;
  const one = (t) => {
    if (t.ndim >= n) return t;
    return scope(() => {
      if (t.ndim === 0) return t.reshape(new Array(n).fill(1));
      if (n === 2) return t.unsqueeze(0);
      // atleast_3d: [N] -> [1, N, 1], [M, N] -> [M, N, 1]
      if (t.ndim === 1) return t.unsqueeze(0).unsqueeze(-1);
      return t.unsqueeze(-1);
    });
  };
  return (...a) => {
    const [pos] = splitOptions(fname, a, []);
    if (pos.length === 1 && isTensor(pos[0])) return one(pos[0]);
    return tuple(tensorsOf(fname, pos).map(one));
  };
}

// ---- stacking variants -------------------------------------------------------------------------
function tensorSeq(fname, a) {
  const { tensors } = bind(fname, a, ['tensors']);
  if (!Array.isArray(tensors)) throw new TypeError(`${fname}(): argument 'tensors' (position 1) must be tuple of Tensors, not ${describe(tensors)}`);
  return tensorsOf(fname, [tensors]);
}


// ---- einsum ------------------------------------------------------------------------------------
// Note [einsum as ATen composes it]: each operand is permuted (diagonals taken for repeated
// labels, size-1 dims added for missing ones) to [output dims..., contracted dims...]; the
// operands are then combined left to right, a contracted dim summed as soon as no later
// operand has it, a pair's shared contracted dims through permute/reshape/bmm
// (sumproduct_pair). Results, shapes and the top grad_fn follow PyTorch's einsum.
const labelIndex = (c) => (c >= 'A' && c <= 'Z' ? c.charCodeAt(0) - 65 : c >= 'a' && c <= 'z' ? c.charCodeAt(0) - 97 + 26 : -1);
const ELL = -2;

function parseTerm(term, opIndex, eqOffset) {
  const labels = [];
  for (let i = 0; i < term.length; i++) {
    const c = term[i];
    if (c === ' ') continue;
    if (c === '.') {
      if (term.slice(i, i + 3) !== '...' || labels.includes(ELL)) {
        throw new TensorError(`einsum(): found '.' for ${opIndex === null ? 'output' : `operand ${opIndex}`} that is not part of any ellipsis`);
      }
      labels.push(ELL);
      i += 2;
      continue;
    }
    if (labelIndex(c) < 0) {
      throw new TensorError(`einsum(): invalid subscript given at index ${eqOffset + i} in the equation string, subscripts must be in [a-zA-Z]`);
    }
    labels.push(labelIndex(c));
  }
  return labels;
}
const labelChar = (l) => String.fromCharCode(l < 26 ? 65 + l : 97 + l - 26);

/** ATen's sumproduct_pair: left * right summed over sum_dims (both have the same rank). */
function sumproductPair(left, right, sumDims) {
  if (!sumDims.length) return left.mul(right);
  const n = left.ndim, lro = [], lo = [], ro = [];
  let lroSize = 1, loSize = 1, roSize = 1, sumSize = 1;
  for (let d = 0; d < n; d++) {
    const sl = left.shape[d] !== 1, sr = right.shape[d] !== 1;
    if (sumDims.includes(d)) {
      if (sl && sr) sumSize *= left.shape[d];
      else if (sl) left = left.sum(d, true);
      else if (sr) right = right.sum(d, true);
    } else if (sl && sr) { lro.push(d); lroSize *= left.shape[d]; }
    else if (sl) { lo.push(d); loSize *= left.shape[d]; }
    else { ro.push(d); roSize *= right.shape[d]; }
  }
  const outShape = [...lro.map((d) => left.shape[d]), ...lo.map((d) => left.shape[d]), ...sumDims.map(() => 1), ...ro.map((d) => right.shape[d])];
  const lperm = [...lro, ...lo, ...sumDims, ...ro], rperm = [...lro, ...sumDims, ...ro, ...lo];
  const operm = new Array(n);
  lperm.forEach((d, i) => { operm[d] = i; });
  const l = left.permute(lperm).reshape(lroSize, loSize, sumSize);
  const r = right.permute(rperm).reshape(lroSize, sumSize, roSize);
  let result = l.bmm(r).view(outShape).permute(operm);
  for (const d of [...sumDims].sort((a, b) => b - a)) result = result.squeeze(d);
  return result;
}

function einsum(...a) {
  const [pos] = splitOptions('einsum', a, []);
  const equation = pos[0];
  if (typeof equation !== 'string') throw new TypeError(`einsum(): argument 'equation' (position 1) must be str, not ${describe(equation)}`);
  const operands = tensorsOf('einsum', pos.slice(1));
  const arrow = equation.indexOf('->');
  const lhs = arrow < 0 ? equation : equation.slice(0, arrow);
  const terms = lhs.split(',');
  const opLabels = [];
  let offset = 0;
  terms.forEach((term, i) => {
    if (i >= operands.length) throw new TensorError('einsum(): fewer operands were provided than specified in the equation');
    opLabels.push(parseTerm(term, i, offset));
    offset += term.length + 1;
  });
  if (opLabels.length < operands.length) throw new TensorError('einsum(): more operands were provided than specified in the equation');

  const labelCount = new Array(52).fill(0);
  let ellNumDim = 0;
  opLabels.forEach((labels, i) => {
    const nd = operands[i].ndim, hasEll = labels.includes(ELL), nl = labels.length - (hasEll ? 1 : 0);
    if (hasEll) {
      if (nl > nd) throw new TensorError(`einsum(): the number of subscripts in the equation (${nl}) is more than the number of dimensions (${nd}) for operand ${i}`);
      ellNumDim = Math.max(ellNumDim, nd - nl);
    } else if (nl !== nd) {
      throw new TensorError(`einsum(): the number of subscripts in the equation (${nl}) does not match the number of dimensions (${nd}) for operand ${i} and no ellipsis was given`);
    }
    for (const l of labels) if (l !== ELL) labelCount[l]++;
  });

  const labelPerm = new Array(52).fill(-1);
  let permIndex = 0, ellIndex = 0, ellInOutput = false;
  if (arrow < 0) {
    permIndex = ellNumDim;
    ellInOutput = true;
    for (let l = 0; l < 52; l++) if (labelCount[l] === 1) labelPerm[l] = permIndex++;
  } else {
    for (const l of parseTerm(equation.slice(arrow + 2), null, arrow + 2)) {
      if (l === ELL) {
        ellIndex = permIndex;
        permIndex += ellNumDim;
        ellInOutput = true;
        continue;
      }
      if (labelCount[l] === 0) throw new TensorError(`einsum(): output subscript ${labelChar(l)} does not appear in the equation for any input operand`);
      if (labelPerm[l] !== -1) throw new TensorError(`einsum(): output subscript ${labelChar(l)} appears more than once in the output`);
      labelPerm[l] = permIndex++;
    }
  }
  const outSize = permIndex;
  if (!ellInOutput) { ellIndex = permIndex; permIndex += ellNumDim; }
  for (let l = 0; l < 52; l++) if (labelCount[l] > 0 && labelPerm[l] === -1) labelPerm[l] = permIndex++;

  return scope(() => {
    const labelSize = new Array(52).fill(-1), ellSize = [];
    const permuted = operands.map((op, i) => {
      const perm = new Array(permIndex).fill(-1), labelDim = new Array(52).fill(-1);
      let operand = op, j = 0;
      for (const l of opLabels[i]) {
        if (l === ELL) {
          const nl = opLabels[i].length - 1, covered = op.ndim - nl, missing = ellNumDim - covered;
          for (let k = 0; k < covered; k++) {   // ellipsis dims broadcast, aligned on the right
            const size = operand.shape[j + k], at = missing + k, seen = ellSize[at];
            if (seen !== undefined && seen !== size && seen !== 1 && size !== 1) {
              // (sic: 1.13's message has no space before "has")
              throw new TensorError(`einsum(): dimension ${j + k} covered by ellipsis in operand ${i}has size ${size} which does not broadcast with previously seen ellipsis with size ${seen} for the respective dimension`);
            }
            if (seen === undefined || seen === 1) ellSize[at] = size;
          }
          for (let k = 0; k < missing; k++) operand = operand.unsqueeze(j);
          for (let k = 0; k < ellNumDim; k++) perm[ellIndex + k] = j++;
          continue;
        }
        const size = operand.shape[j];
        if (labelDim[l] !== -1) {  // a repeated label: the diagonal
          const dim = labelDim[l];
          if (size !== operand.shape[dim]) {
            throw new TensorError(`einsum(): subscript ${labelChar(l)} is repeated for operand ${i} but the sizes don't match, ${size} != ${operand.shape[dim]}`);
          }
          operand = operand.diagonal(0, dim, j).movedim(-1, dim);
          continue;
        }
        if (labelSize[l] !== -1 && labelSize[l] !== size && labelSize[l] !== 1 && size !== 1) {
          throw new TensorError(`einsum(): subscript ${labelChar(l)} has size ${size} for operand ${i} which does not broadcast with previously seen size ${labelSize[l]}`);
        }
        if (labelSize[l] === -1 || labelSize[l] === 1) labelSize[l] = size;
        labelDim[l] = j;
        perm[labelPerm[l]] = j++;
      }
      for (let k = 0; k < permIndex; k++) {
        if (perm[k] === -1) { operand = operand.unsqueeze(-1); perm[k] = j++; }
      }
      return operand.permute(perm);
    });

    // the last operand with a size other than 1 in each dim
    const lastOp = new Array(permIndex).fill(0);
    let zero = false;
    for (let d = 0; d < permIndex; d++) {
      let size = permuted[0].shape[d];
      for (let i = 1; i < permuted.length; i++) {
        const s = permuted[i].shape[d];
        if (size !== s && size !== 1 && s !== 1) {
          throw new TensorError('einsum(): operands do not broadcast with remapped shapes (original->remapped): ' +
            operands.map((o, k) => `[${Array.from(o.shape).join(', ')}]->[${Array.from(permuted[k].shape).join(', ')}]`).join(' '));
        }
        if (s !== 1) { size = s; lastOp[d] = i; }
      }
      zero ||= size === 0;
    }
    if (zero) {
      const shape = Array.from({ length: outSize }, (_, d) => permuted[lastOp[d]].shape[d]);
      return operands[0].new_zeros(shape);
    }
    if (permuted.length === 1) {
      const r = permuted[0];
      return permIndex > outSize ? r.sum(Array.from({ length: permIndex - outSize }, (_, k) => outSize + k)) : r;
    }
    let result = permuted[0];
    let dim = outSize;
    for (let k = dim; k < permIndex; k++, dim++) {
      if (lastOp[k] === 0) {
        result = result.shape[dim] === 1 ? result.squeeze(dim) : result.sum(dim);
        dim--;
      }
    }
    for (let i = 1; i < permuted.length; i++) {
      let operand = permuted[i];
      const sumDims = [];
      dim = outSize;
      for (let k = dim; k < permIndex; k++, dim++) {
        if (lastOp[k] < i) {
          operand = operand.squeeze(dim);
          dim--;
        } else if (lastOp[k] === i) {
          if (result.shape[dim] === 1) {
            operand = operand.sum(dim);
            result = result.squeeze(dim);
            dim--;
          } else if (operand.shape[dim] === 1) {
            result = result.sum(dim);
            operand = operand.squeeze(dim);
            dim--;
          } else {
            sumDims.push(dim);
          }
        }
      }
      if (!sumDims.length) result = result.mul(operand);
      else if (sumDims.length === result.ndim) result = result.flatten().dot(operand.flatten());
      else result = sumproductPair(result, operand, sumDims);
    }
    if (permIndex > outSize) result = result.view(Array.from(result.shape).slice(0, outSize));
    return result;
  });
}

// ---- tensordot, distances ------------------------------------------------------------------------
function tensordot(...a) {
  const o = bind('tensordot', a, ['a', 'b', 'dims', 'out'], { dims: 2 });
  if (o.out !== undefined) throw new TypeError("tensorpad does not support the 'out' argument");
  const x = asTensor(o.a, 'tensordot'), y = asTensor(o.b, 'tensordot');
  let dims = o.dims, da, db;
  if (isTensor(dims)) dims = dims.numel() > 1 ? dims.tolist() : dims.item();
  const badDims = () => new TensorError(`tensordot expects dims to be int or Tuple[List[int], List[int]] or List[List[int]] containing two lists, but got dims=${pyRepr(dims)}`);
  if (typeof dims === 'bigint') dims = Number(dims);
  if (typeof dims === 'number' && !Number.isInteger(dims)) throw badDims();  // Python: isinstance(dims, int) fails
  if (typeof dims === 'number') {
    if (dims < 0) throw new TensorError(`tensordot expects dims >= 0, but got dims=${dims}`);
    // range(-dims, 0): the first contracted dim of a, -dims, is out of range once dims > a.dim()
    // (said at once, where Python would build the whole list first)
    const m = Math.max(x.ndim, 1);
    if (dims > m) throw new TensorError(`Dimension out of range (expected to be in range of [${-m}, ${m - 1}], but got ${-dims})`);
    da = Array.from({ length: dims }, (_, i) => i - dims);
    db = Array.from({ length: dims }, (_, i) => i);
  } else if (Array.isArray(dims) && dims.length === 2) {
    [da, db] = dims.map((d) => (Array.isArray(d) ? d : [d]));
  } else {
    throw badDims();
  }
  if (da.length !== db.length) throw new TensorError('both dimension lists should have same length');
  const wrapD = (d, n) => {
    const w = checkInt('tensordot', 'dims', d);
    if (w < -Math.max(n, 1) || w >= Math.max(n, 1)) throw new TensorError(`Dimension out of range (expected to be in range of [${-Math.max(n, 1)}, ${Math.max(n, 1) - 1}], but got ${w})`);
    return w < 0 ? w + n : w;
  };
  return scope(() => {
    let t1 = x, t2 = y, csize = 1;
    const cd1 = new Array(x.ndim).fill(false), cd2 = new Array(y.ndim).fill(false);
    const d1 = da.map((d) => wrapD(d, x.ndim)), d2 = db.map((d) => wrapD(d, y.ndim));
    for (let i = 0; i < d1.length; i++) {
      const s1 = x.shape[d1[i]], s2 = y.shape[d2[i]];
      if (s2 === 1) t1 = t1.sum(d1[i], true);          // broadcasting: sum the other side
      else if (s1 === 1) t2 = t2.sum(d2[i], true);
      else if (s1 !== s2) {
        throw new TensorError(`contracted dimensions need to match, but first has size ${s1} in dim ${d1[i]} and second has size ${s2} in dim ${d2[i]}`);
      } else csize *= s1;
      cd1[d1[i]] = true;
      cd2[d2[i]] = true;
    }
    const p1 = [], p2 = [...d2], rsizes = [];
    let size1 = 1, size2 = 1;
    for (let i = 0; i < x.ndim; i++) if (!cd1[i]) { p1.push(i); size1 *= x.shape[i]; rsizes.push(x.shape[i]); }
    p1.push(...d1);
    for (let i = 0; i < y.ndim; i++) if (!cd2[i]) { p2.push(i); size2 *= y.shape[i]; rsizes.push(y.shape[i]); }
    const m1 = t1.permute(p1).reshape(size1, csize), m2 = t2.permute(p2).reshape(csize, size2);
    return m1.mm(m2).reshape(rsizes);
  });
}

function cdist(...a) {
  const o = bind('cdist', a, ['x1', 'x2', 'p', 'compute_mode'], { p: 2, compute_mode: 'use_mm_for_euclid_dist_if_necessary' });
  const x1 = asTensor(o.x1, 'cdist'), x2 = asTensor(o.x2, 'cdist'), p = checkFloat('cdist', 'p', o.p, 3);
  if (x1.ndim < 2) throw new TensorError(`cdist only supports at least 2D tensors, X1 got: ${x1.ndim}D`);
  if (x2.ndim < 2) throw new TensorError(`cdist only supports at least 2D tensors, X2 got: ${x2.ndim}D`);
  if (!x1.dtype.is_floating_point) throw new TensorError(`cdist only supports floating-point dtypes, X1 got: ${TITLE[x1.dtype.name]}`);
  if (!x2.dtype.is_floating_point) throw new TensorError(`cdist only supports floating-point dtypes, X2 got: ${TITLE[x2.dtype.name]}`);
  const c1 = x1.shape[x1.ndim - 1], c2 = x2.shape[x2.ndim - 1];
  if (c1 !== c2) throw new TensorError(`X1 and X2 must have the same number of columns. X1: ${c1} X2: ${c2}`);
  if (!(p >= 0)) throw new TensorError('cdist only supports non-negative p values');
  const modes = ['use_mm_for_euclid_dist_if_necessary', 'use_mm_for_euclid_dist', 'donot_use_mm_for_euclid_dist'];
  if (!modes.includes(o.compute_mode)) throw new TensorError(`${o.compute_mode} is not a valid value for compute_mode`);
  return scope(() => pnormLast(x1.unsqueeze(-2).sub(x2.unsqueeze(-3)), p));   // differences (..., P, R, M)
}

/** The p-norm of d along its last dim as ATen's cdist/pdist kernels compute it. Their backward
 *  gives 0 where a difference (or a distance) is 0; masking the zeros out of pow/sqrt keeps
 *  their infinite slopes from turning into NaN here. */
function pnormLast(d, p) {
  const safePow = (t, e) => {
    const z = t.eq(0);
    return t.masked_fill(z, 1).pow(e).masked_fill(z, 0);
  };
  if (p === 0) return d.ne(0).to(d.dtype).add(d.mul(0)).sum(-1);
  if (p === Infinity) return d.abs().amax(-1);
  if (p === 1) return d.abs().sum(-1);
  if (p === 2) return safePow(d.pow(2).sum(-1), 0.5);
  return safePow(safePow(d.abs(), p).sum(-1), 1 / p);
}

/** 1.13's cosine_similarity: both sides in their common float dtype, expanded to one shape; each
 *  divided by the root of its clamped squared norm (the clamp to eps^2, in place under no_grad, is
 *  not differentiated); the products summed over dim. */
function cosine_similarity(...a) {
  const o = bind('cosine_similarity', a, ['x1', 'x2', 'dim', 'eps'], { dim: 1, eps: 1e-8 });
  const x1 = asTensor(o.x1, 'cosine_similarity'), x2 = asTensor(o.x2, 'cosine_similarity');
  const dim = checkInt('cosine_similarity', 'dim', o.dim);
  const eps = checkFloat('cosine_similarity', 'eps', o.eps, 4);
  const common = result_type(x1, x2);
  if (!common.is_floating_point) {
    throw new TensorError(`expected common dtype to be floating point, yet common dtype is ${TITLE[common.name]}`);
  }
  return scope(() => {
    const size = broadcastTensors(x1, x2)[0].shape;  // (infer_size's text for shapes that do not broadcast)
    const u = x1.to(common).expand(size), v = x2.to(common).expand(size);
    const su = u.pow(2).sum(dim, true), sv = v.pow(2).sum(dim, true);
    withGradMode(false, () => {
      su.clamp_min_(eps * eps);
      sv.clamp_min_(eps * eps);
    });
    return u.div(su.sqrt()).mul(v.div(sv.sqrt())).sum(dim);
  });
}

function pairwise_distance(...a) {
  const o = bind('pairwise_distance', a, ['x1', 'x2', 'p', 'eps', 'keepdim'], { p: 2, eps: 1e-6, keepdim: false });
  const x1 = asTensor(o.x1, 'pairwise_distance'), x2 = asTensor(o.x2, 'pairwise_distance');
  const inner = Math.max(x1.ndim, x2.ndim) - 1;
  return scope(() => x1.sub(x2).add(o.eps).norm(o.p, inner, o.keepdim));
}

// ---- block_diag, cartesian_prod, combinations, vander ----------------------------------------------
function makeBlockDiag(torch) {
  return (...a) => {
    const [pos] = splitOptions('block_diag', a, []);
    const ts = tensorsOf('block_diag', pos);
    if (!ts.length) return torch.empty(1, 0);   // as 1.13 does
    return scope(() => {
      const mats = ts.map((t, i) => {
        if (t.ndim > 2) throw new TensorError(`torch.block_diag: Input tensors must have 2 or fewer dimensions. Input ${i} has ${t.ndim} dimensions`);
        return t.ndim === 2 ? t : t.reshape(1, -1);
      });
      const dt = ts.reduce((d, t) => torch.promote_types(d, t.dtype), ts.length ? ts[0].dtype : byName.float32);
      const rows = mats.reduce((n, m) => n + m.shape[0], 0), cols = mats.reduce((n, m) => n + m.shape[1], 0);
      const result = torch.zeros(rows, cols, { dtype: dt });
      let r = 0, c = 0;
      for (const m of mats) {
        const [h, w] = m.shape;
        result.narrow(0, r, h).narrow(1, c, w).copy_(m);
        r += h;
        c += w;
      }
      return result;
    });
  };
}

// ---- searchsorted, bucketize, isin -----------------------------------------------------------------
function searchsortedImpl(torch, seq, input, outInt32, right, side, sorter) {
  if (side !== undefined && side !== null) {
    if (side !== 'left' && side !== 'right') throw new TensorError(`torch.searchsorted(): side can only be 'left' or 'right' but got ${side}`);
    if (right && side === 'left') throw new TensorError("torch.searchsorted(): side and right can't be set to opposites, got side of left while right was True");
    right = side === 'right';
  }
  if (seq.ndim === 0) throw new TensorError(`torch.searchsorted(): boundaries tensor should have positive dimension, but got 0 dimension`);
  const scalar = !isTensor(input);
  return scope(() => {
    const v = scalar ? torch.tensor(input) : input;
    if (seq.ndim > 1) {
      const sb = Array.from(seq.shape).slice(0, -1), sv = Array.from(v.shape).slice(0, -1);
      if (v.ndim !== seq.ndim || sb.some((d, i) => d !== sv[i])) {
        throw new TensorError('torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 dimensions of boundaries ' +
          `tensor and input value tensor must match, but we got boundaries tensor [${Array.from(seq.shape).join(', ')}] and input value tensor [${Array.from(v.shape).join(', ')}]`);
      }
    }
    const s = sorter === undefined || sorter === null ? seq : seq.gather(-1, sorter);
    // 1.13's binary search, all values at once (so NaNs land where its comparisons put them):
    // go right while !(b >= v) (left) / !(b > v) (right)
    const n = seq.shape[seq.ndim - 1];
    let lo = torch.zeros(v.shape, { dtype: byName.int64 }), hi = torch.full(v.shape, n, { dtype: byName.int64 });
    for (let w = n; w > 0; w >>= 1) {
      for (let rep = 0; rep < 2; rep++) {
        const active = lo.lt(hi), mid = lo.add(hi).div(2, { rounding_mode: 'floor' }).clamp({ max: Math.max(n - 1, 0) });
        const b = seq.ndim === 1 ? s.take(mid) : s.gather(-1, mid);
        const go = (right ? b.gt(v) : b.ge(v)).logical_not();
        lo = torch.where(active.logical_and(go), mid.add(1), lo);
        hi = torch.where(active.logical_and(go.logical_not()), mid, hi);
      }
    }
    const counts = lo;
    return outInt32 ? counts.to(byName.int32) : counts;
  });
}

// ---- trapezoid rules -------------------------------------------------------------------------------
function makeTrapezoid(torch, fname, cumulative) {
  return (...a) => {
    const [pos, opts] = splitOptions(fname, a, ['y', 'x', 'dx', 'dim']);
    const y = asTensor(pos[0] ?? opts.y, fname);
    let x = opts.x, dx = opts.dx, dim = opts.dim ?? -1;
    if (pos.length > 1) {
      if (isTensor(pos[1])) x = pos[1];
      else dx = pos[1];
    }
    if (pos.length > 2) dim = pos[2];
    if (x !== undefined && x !== null && dx !== undefined && dx !== null) throw new TypeError(`${fname}() received an invalid combination of arguments`);
    dim = checkInt(fname, 'dim', dim);
    const nd = Math.max(y.ndim, 1);
    if (dim < -nd || dim >= nd) throw new TensorError(`Dimension out of range (expected to be in range of [${-nd}, ${nd - 1}], but got ${dim})`);
    if (dim < 0) dim += y.ndim;
    if (y.dtype === byName.bool) throw new TensorError(`${fname === 'trapz' ? 'trapezoid' : fname}: received a bool input for \`y\`, but bool is not supported`);
    return scope(() => {
      const n = y.shape[dim];
      if (n === 0 && !cumulative) {
        const sizes = Array.from(y.shape);
        sizes.splice(dim, 1);
        return torch.zeros(sizes, { dtype: y.dtype });
      }
      const k = Math.max(n - 1, 0);   // y[1:] and y[:-1]
      const sumPairs = () => y.narrow(dim, Math.min(1, n), k).add(y.narrow(dim, 0, k));
      if (x === undefined || x === null) {
        const h = dx === undefined || dx === null ? 1 : Number(dx);
        if (cumulative) return atenScalar('mul', sumPairs(), h / 2).cumsum(dim);
        return atenScalar('mul', y.sum(dim).sub(atenScalar('mul', y.select(dim, 0).add(y.select(dim, -1)), 0.5)), h);
      }
      let xv = x;
      if (x.ndim === 1) {
        if (x.shape[0] !== n) throw new TensorError(`${fname === 'trapz' ? 'trapezoid' : fname}: There must be one \`x\` value for each sample point`);
        const sizes = new Array(y.ndim).fill(1);
        sizes[dim] = n;
        xv = x.view(sizes);
      } else if (x.ndim < y.ndim) {
        xv = x.view([...new Array(y.ndim - x.ndim).fill(1), ...Array.from(x.shape)]);
      }
      const m = Math.max(xv.shape[dim] - 1, 0);
      const d = xv.narrow(dim, Math.min(1, xv.shape[dim]), m).sub(xv.narrow(dim, 0, m));
      const prod = d.mul(sumPairs());
      return atenScalar('div', cumulative ? prod.cumsum(dim) : prod.sum(dim), 2);
    });
  };
}

/** torch.X_(x, ...) for these in-place Tensor methods (PyTorch 1.13's torch namespace has them). */
const INPLACE_FORMS = ['abs_', 'acos_', 'acosh_', 'arccos_', 'arccosh_', 'arcsin_', 'arcsinh_', 'arctan_', 'arctanh_',
  'asin_', 'asinh_', 'atan_', 'atanh_', 'ceil_', 'clamp_', 'clamp_max_', 'clamp_min_', 'clip_', 'cos_', 'cosh_',
  'deg2rad_', 'detach_', 'erf_', 'erfc_', 'exp2_', 'exp_', 'expm1_', 'fill_', 'fix_', 'floor_', 'frac_', 'gcd_', 'lcm_',
  'ldexp_', 'log10_', 'log1p_', 'log2_', 'log_', 'neg_', 'negative_', 'rad2deg_', 'reciprocal_', 'relu_',
  'resize_as_sparse_', 'round_', 'rsqrt_', 'sigmoid_', 'sin_', 'sinc_', 'sinh_', 'sqrt_', 'square_', 'tan_', 'tanh_',
  'trunc_', 'xlogy_', 'zero_'];



// ---- multi_dot, chain_matmul, pdist ------------------------------------------------------------------
const TYPE_META = { float32: 'float', float64: 'double', int32: 'int', int64: 'long int', bool: 'bool' };
const CHAIN_WARNING = aten('torch.chain_matmul is deprecated and will be removed in a future PyTorch release. Use ' +
  'torch.linalg.multi_dot instead, which accepts a list of two or more tensors rather than multiple parameters.', 'native/LinearAlgebra.cpp:967');

/** ATen's linalg_multi_dot: 1-D ends as a row / column, the product in the cheapest order
 *  (matrix_chain_order for four or more), then a view to the result's rank (ViewBackward0). */
function multiDot(ts) {
  const n = ts.length;
  if (n < 2) throw new TensorError(`multi_dot(): expected at least 2 tensors but got ${n}`);
  const first = ts[0], last = ts[n - 1], outShape = [];
  if (first.ndim === 2) outShape.push(first.shape[0]);
  else if (first.ndim !== 1) throw new TensorError(`multi_dot(): the first tensor must be 1D or 2D but got ${first.ndim}D`);
  if (last.ndim === 2) outShape.push(last.shape[1]);
  else if (last.ndim !== 1) throw new TensorError(`multi_dot(): the last tensor must be 1D or 2D but got ${last.ndim}D`);
  for (let i = 1; i < n - 1; i++) {
    if (ts[i].ndim !== 2) throw new TensorError(`multi_dot(): tensor ${i} must be 2D but got ${ts[i].ndim}D`);
  }
  const rows = (t, i) => (i === 0 && t.ndim === 1 ? 1 : t.shape[0]);
  const cols = (t, i) => (i === n - 1 && t.ndim === 1 ? 1 : t.shape[t.ndim - 1]);
  for (let i = 1; i < n; i++) {
    if (ts[i].dtype !== ts[0].dtype) {
      throw new TensorError(`multi_dot(): all tensors must have be the same dtype but tensor 0 is ${TYPE_META[ts[0].dtype.name]} and tensor ${i} ${TYPE_META[ts[i].dtype.name]}`);
    }
    if (cols(ts[i - 1], i - 1) !== rows(ts[i], i)) {
      const sh = (t) => `[${Array.from(t.shape).join(', ')}]`;
      throw new TensorError(`multi_dot(): tensors ${i - 1} and ${i} with shapes ${sh(ts[i - 1])} and ${sh(ts[i])} cannot be multiplied`);
    }
  }
  return scope(() => {
    const m = ts.map((t, i) => (i === 0 && t.ndim === 1 ? t.unsqueeze(0) : i === n - 1 && t.ndim === 1 ? t.unsqueeze(-1) : t));
    let r;
    if (n === 2) r = m[0].mm(m[1]);
    else if (n === 3) {
      const [a, b, c, d] = [m[0].shape[0], m[1].shape[0], m[2].shape[0], m[2].shape[1]];
      r = (a * c) * (b + d) > (b * d) * (a + c) ? m[0].mm(m[1].mm(m[2])) : m[0].mm(m[1]).mm(m[2]);
    } else {
      const p = [...m.map((t) => t.shape[0]), m[n - 1].shape[1]];
      const cost = m.map(() => new Array(n).fill(0)), split = m.map(() => new Array(n).fill(0));
      for (let l = 1; l < n; l++) {
        for (let i = 0; i < n - l; i++) {
          const j = i + l;
          cost[i][j] = Infinity;
          for (let k = i; k < j; k++) {
            const q = cost[i][k] + cost[k + 1][j] + p[i] * p[k + 1] * p[j + 1];
            if (q < cost[i][j]) { cost[i][j] = q; split[i][j] = k; }
          }
        }
      }
      const chain = (i, j) => (i === j ? m[i] : chain(i, split[i][j]).mm(chain(split[i][j] + 1, j)));
      r = chain(0, n - 1);
    }
    return r.view(outShape);
  });
}

// ---- window functions ------------------------------------------------------------------------------
// ATen's formulas, op for op in the window's dtype (arange, then scalar steps in double), so
// float32 windows carry PyTorch's roundings (blackman_window(5)[0] is -2.9802e-08, not 0).
const C_TYPE = { int32: 'int', int64: 'long int', bool: 'bool' };
function makeWindow(torch, fname, params, body) {
  return (...a) => {
    const names = ['window_length', 'periodic', ...params.map(([n]) => n), 'dtype', 'device', 'requires_grad', 'layout', 'pin_memory'];
    const last = a[a.length - 1];
    if (fname === 'hamming_window' && isOptions(last) && ('alpha' in last || 'beta' in last)) {
      const opt = '*, torch.dtype dtype, torch.layout layout, torch.device device, bool pin_memory, bool requires_grad';
      throw invalidCombination(fname, a, [`int window_length, ${opt}`, `int window_length, bool periodic, ${opt}`,
        `int window_length, bool periodic, float alpha, ${opt}`, `int window_length, bool periodic, float alpha, float beta, ${opt}`]);
    }
    const o = bind(fname, a, names, Object.fromEntries([['periodic', true], ...params]));
    const n = checkInt(fname, 'window_length', o.window_length);
    const dt = o.dtype === undefined || o.dtype === null ? defaultFloat() : toDtype(o.dtype, fname);
    checkDevice(o.device);
    if (!dt.is_floating_point) {
      throw new TensorError(`${fname} expects floating point dtypes, got: TensorOptions(dtype=${C_TYPE[dt.name]}, device=cpu, layout=Strided (default), ` +
        `requires_grad=false (default), pinned_memory=false, memory_format=(nullopt))`);
    }
    if (n < 0) throw new TensorError(`${fname} requires non-negative window_length, got window_length=${n}`);
    const made = scope(() => {
      if (n === 0) return torch.empty(0, { dtype: dt });
      if (n === 1) return torch.ones(1, { dtype: dt });
      const len = o.periodic ? n + 1 : n;
      const w = body(torch.arange(len, { dtype: dt }), len, o);
      return o.periodic ? w.narrow(0, 0, len - 1).clone() : w;
    });
    if (o.requires_grad) made.requires_grad_(true);
    return made;
  };
}
const hamming = (i, len, o) => atenScalar('add', atenScalar('mul', atenScalar('mul', i, (Math.PI * 2) / (len - 1)).cos(), -o.beta), o.alpha);

// ---- install -----------------------------------------------------------------------------------
export function install(torch, T) {
  const atleast1 = atleast(1), atleast2 = atleast(2), atleast3 = atleast(3);
  function column_stack(...a) {
    const ts = tensorSeq('column_stack', a);
    if (!ts.length) throw new TensorError('column_stack expects a non-empty TensorList');
    return scope(() => torch.hstack(ts.map((t) => (t.ndim <= 1 ? t.reshape(t.numel(), 1) : t))));
  }
  function dstack(...a) {
    const ts = tensorSeq('dstack', a);
    if (!ts.length) throw new TensorError('dstack expects a non-empty TensorList');
    return scope(() => torch.cat(ts.map((t) => atleast3(t)), 2));
  }
  function row_stack(...a) { return torch.vstack(tensorSeq('row_stack', a)); }

  function triIndices(fname, lower) {
    return (...a) => {
      const o = bind(fname, a, ['row', 'col', 'offset', 'dtype', 'device', 'layout', 'pin_memory'], { offset: 0 });
      const row = checkInt(fname, 'row', o.row), col = checkInt(fname, 'col', o.col), off = checkInt(fname, 'offset', o.offset);
      const dt = o.dtype === undefined || o.dtype === null ? byName.int64 : toDtype(o.dtype, fname);
      if (dt.is_floating_point || dt === byName.bool) throw new TensorError(`"${fname}" not implemented for '${TITLE[dt.name]}'`);
      if (row < 0) throw new TensorError(`row must be non-negative, got${row}`);
      if (col < 0) throw new TensorError(`col must be non-negative, got${col}`);
      // The output is made first, so a size the heap cannot hold is the core's out-of-memory
      // error (1.13's text), then filled row by row over the rows that have entries only.
      const n = lower ? sumClamp(row, off + 1, col) : row * col - sumClamp(row, off, col);
      const out = torch.empty([2, n], { dtype: dt });
      const v = out.numpy(), big = v instanceof BigInt64Array;
      let k = 0;
      for (let i = lower ? Math.max(0, -off - 1) : 0; i < row && k < n; i++) {
        const j0 = lower ? 0 : Math.max(0, i + off), j1 = lower ? Math.min(col, i + off + 1) : col;
        for (let j = j0; j < j1; j++, k++) {
          v[k] = big ? BigInt(i) : i;
          v[n + k] = big ? BigInt(j) : j;
        }
      }
      return out;
    };
  }
  /** sum over i in [0, row) of min(max(i + c, 0), col): how many entries rows hold up to a diagonal. */
  function sumClamp(row, c, col) {
    const i0 = Math.min(row, Math.max(0, -c));  // rows before i0 hold none
    const i1 = Math.min(row, Math.max(i0, col - c));  // rows i0 .. i1-1 hold i + c
    return ((i1 - i0) * (i0 + c + i1 - 1 + c)) / 2 + (row - i1) * col;
  }

  /** std_mean / var_mean: std (var) with the arguments given, and the mean over the same dims. */
  function statMean(fname, stat) {
    return (x, ...a) => {
      const t = asTensor(x, fname);
      if (!t.dtype.is_floating_point) throw new TensorError(`${fname} only support floating point and complex dtypes`);
      try {
        return tuple(varMean(stat, t, a));   // one Welford pass, one VarMeanBackward0 node (src/ops/reduce/reduce.c)
      } catch (e) {   // the overload error names std_mean() and its Tensor input, as Python's does
        if (!(e instanceof TypeError) || !e.message.startsWith(`${stat}() received an invalid combination`)) throw e;
        const rest = e.message.split('\n').slice(1).map((l) => l.replace(' * (', ' * (Tensor input, ')).join('\n');
        throw new TypeError(`${invalidCombination(fname, a, [], true).message.split('\n')[0]}\n${rest}`);
      }
    };
  }

  function scalar_tensor(s, ...a) {
    const [, o] = splitOptions('scalar_tensor', a, ['dtype', 'device', 'requires_grad', 'layout', 'pin_memory']);
    const v = isTensor(s) ? s.item() : s;
    if (typeof v !== 'number' && typeof v !== 'boolean' && typeof v !== 'bigint') {
      throw new TypeError(`scalar_tensor(): argument 's' (position 1) must be Number, not ${describe(v)}`);
    }
    return torch.tensor(typeof v === 'boolean' ? Number(v) : Number(v), { ...o, dtype: o.dtype ?? defaultFloat() });
  }


  function searchsorted(...a) {
    const o = bind('searchsorted', a, ['sorted_sequence', 'input', 'out_int32', 'right', 'side', 'sorter'], { out_int32: false, right: false });
    return searchsortedImpl(torch, asTensor(o.sorted_sequence, 'searchsorted'), o.input, o.out_int32, o.right, o.side, o.sorter);
  }
  function bucketize(...a) {
    const o = bind('bucketize', a, ['input', 'boundaries', 'out_int32', 'right'], { out_int32: false, right: false });
    const b = asTensor(o.boundaries, 'bucketize');
    if (b.ndim !== 1) throw new TensorError(`boundaries tensor must be 1 dimension, but got dim(${b.ndim})`);
    return searchsortedImpl(torch, b, o.input, o.out_int32, o.right);
  }
  function isin(...a) {
    const o = bind('isin', a, ['elements', 'test_elements', 'assume_unique', 'invert'], { assume_unique: false, invert: false });
    return scope(() => {
      const e = isTensor(o.elements) ? o.elements : torch.tensor(o.elements);
      const t = isTensor(o.test_elements) ? o.test_elements : torch.tensor(o.test_elements);
      const hit = t.numel() ? e.unsqueeze(-1).eq(t.flatten()).any(-1) : torch.zeros(Array.from(e.shape), { dtype: byName.bool });
      return o.invert ? hit.logical_not() : hit;
    });
  }
  function cartesian_prod(...a) {
    const [pos] = splitOptions('cartesian_prod', a, []);
    const ts = tensorsOf('cartesian_prod', pos);
    for (const t of ts) if (t.ndim !== 1) throw new TensorError(`Expect a 1D vector, but got shape [${Array.from(t.shape).join(', ')}]`);
    if (ts.length === 1) return ts[0];
    return scope(() => torch.stack(meshgrid(ts, { indexing: 'ij' }).map((g) => g.flatten()), 1));
  }
  function combinations(...a) {
    const o = bind('combinations', a, ['input', 'r', 'with_replacement'], { r: 2, with_replacement: false });
    const t = asTensor(o.input, 'combinations'), r = checkInt('combinations', 'r', o.r);
    if (t.ndim !== 1) throw new TensorError(`Expect a 1D vector, but got shape [${Array.from(t.shape).join(', ')}]`);
    if (r < 0) throw new TensorError(`Expect a non-negative number, but got ${r}`);
    if (r === 0) return torch.empty(0, { dtype: t.dtype });
    // r grids of n^r entries each: past what the heap can hold, the C++ allocation fails
    if (r > 64 || t.numel() ** r > 2 ** 31) throw new TensorError('std::bad_alloc');
    return scope(() => {
      const n = t.numel();
      const grids = meshgrid(new Array(r).fill(t), { indexing: 'ij' });
      // ATen's _triu_mask: index tuples that are increasing (non-decreasing with replacement)
      const idx = meshgrid(new Array(r).fill(torch.arange(n)), { indexing: 'ij' });
      let mask = torch.ones(new Array(r).fill(n), { dtype: byName.bool });
      for (let k = 0; k + 1 < r; k++) mask = mask.logical_and(o.with_replacement ? idx[k].le(idx[k + 1]) : idx[k].lt(idx[k + 1]));
      return torch.stack(grids.map((g) => g.masked_select(mask)), 1);
    });
  }
  function vander(...a) {
    const o = bind('vander', a, ['x', 'N', 'increasing'], { increasing: false });
    const x = asTensor(o.x, 'vander');
    if (x.ndim !== 1) throw new TensorError('x must be a one-dimensional tensor.');
    let n = x.shape[0];
    if (o.N !== undefined && o.N !== null) {
      n = checkInt('vander', 'N', o.N);
      if (n < 0) throw new TensorError('N must be non-negative.');
    }
    return scope(() => {
      const result = torch.empty(x.shape[0], n, { dtype: torch.promote_types(x.dtype, byName.int64) });
      if (n > 0) {
        result.select(1, 0).fill_(1);
        if (n > 1) result.narrow(1, 1, n - 1).copy_(x.unsqueeze(1).expand(x.shape[0], n - 1).cumprod(1));
      }
      return o.increasing ? result : result.flip(1);
    });
  }

  Object.assign(torch, {
    meshgrid, range: makeRange(torch),
    broadcast_shapes: broadcastShapes, broadcast_tensors: broadcastTensors,
    atleast_1d: atleast1, atleast_2d: atleast2, atleast_3d: atleast3,
    column_stack, row_stack, dstack, concatenate: (...a) => torch.cat(...a),
    tril_indices: triIndices('tril_indices', true), triu_indices: triIndices('triu_indices', false),
    std_mean: statMean('std_mean', 'std'), var_mean: statMean('var_mean', 'var'),
    scalar_tensor,
    einsum, tensordot, cdist, cosine_similarity, pairwise_distance, block_diag: makeBlockDiag(torch),
    cartesian_prod, combinations, vander, searchsorted, bucketize, isin,
    trapezoid: makeTrapezoid(torch, 'trapezoid', false), trapz: makeTrapezoid(torch, 'trapz', false),
    cumulative_trapezoid: makeTrapezoid(torch, 'cumulative_trapezoid', true),
  });

  torch.linalg.multi_dot = (...a) => {
    const { tensors } = bind('linalg_multi_dot', a, ['tensors', 'out']);
    return multiDot(tensorsOf('linalg_multi_dot', [tensors]));
  };
  torch.chain_matmul = (...a) => {
    warnOnce(CHAIN_WARNING);
    const [pos] = splitOptions('chain_matmul', a, []);
    const ts = tensorsOf('chain_matmul', pos);
    for (const t of ts) if (t.ndim !== 2) throw new TensorError(`Tensor dimension is ${t.ndim}, expected 2 instead.`);
    if (!ts.length) throw new TensorError('chain_matmul(): Expected one or more matrices');
    return ts.length === 1 ? ts[0].clone() : multiDot(ts);
  };
  /** The upper triangle of cdist(x, x): composed, so its grad_fn is not 1.13's PdistBackward0. */
  torch.pdist = (...a) => {
    const o = bind('pdist', a, ['input', 'p'], { p: 2 });
    const x = asTensor(o.input, 'pdist'), p = Number(o.p);
    if (x.ndim !== 2) throw new TensorError(`pdist only supports 2D tensors, got: ${x.ndim}D`);
    if (!x.dtype.is_floating_point) throw new TensorError('pdist only supports floating-point dtypes');
    if (!(p >= 0)) throw new TensorError('pdist only supports non-negative p values');
    return scope(() => {
      const n = x.shape[0];
      const ij = torch.triu_indices(n, n, 1);   // pairs (i, j), i < j, row by row
      return pnormLast(x.index(ij.select(0, 0)).sub(x.index(ij.select(0, 1))), p);
    });
  };

  Object.assign(torch, {
    hann_window: makeWindow(torch, 'hann_window', [], (i, len) => hamming(i, len, { alpha: 0.5, beta: 0.5 })),
    hamming_window: makeWindow(torch, 'hamming_window', [['alpha', 0.54], ['beta', 0.46]], hamming),
    blackman_window: makeWindow(torch, 'blackman_window', [], (i, len) => {
      const w = atenScalar('mul', i, Math.PI / (len - 1));
      return atenScalar('add', atenScalar('mul', atenScalar('mul', w, 4).cos(), 0.08).sub(atenScalar('mul', atenScalar('mul', w, 2).cos(), 0.5)), 0.42);
    }),
    bartlett_window: makeWindow(torch, 'bartlett_window', [], (i, len) => {
      const w = atenScalar('mul', i, 2 / (len - 1));
      const half = ((len - 1) >> 1) + 1;
      const tail = w.narrow(0, half, len - half);
      tail.copy_(atenScalar('add', atenScalar('mul', tail, -1), 2));
      return w;
    }),
    kaiser_window: makeWindow(torch, 'kaiser_window', [['beta', 12.0]], (i, len, o) => {
      const alpha = (len - 1) / 2;
      const r = atenScalar('div', atenScalar('sub', i, alpha), alpha);
      const arg = atenScalar('mul', atenScalar('add', atenScalar('mul', r.mul(r), -1), 1).sqrt(), o.beta);
      return atenScalar('div', arg.i0(), torch.tensor(o.beta, { dtype: i.dtype }).i0().item());
    }),
  });

  // ---- function forms of in-place methods: torch.abs_(x) is x.abs_() ------------------------------
  for (const name of INPLACE_FORMS) {
    if (typeof T.prototype[name] !== 'function') throw new Error(`tensorpad: torch.${name} has no Tensor method`);
    torch[name] = (x, ...a) => asTensor(x, name)[name](...a);
  }
  torch.is_distributed = (x) => asTensor(x, 'is_distributed').is_distributed();

  // ---- a single-threaded build without anomaly mode -----------------------------------------------
  // tensorpad's wasm runs on one thread: get_num_threads() is 1 and set_num_threads(n) takes a
  // valid n (PyTorch's checks) and changes nothing. There is no anomaly mode to enable.
  torch.get_num_threads = () => 1;
  torch.get_num_interop_threads = () => 1;
  torch.set_num_threads = (n) => {
    if (typeof n !== 'number' || !Number.isInteger(n)) throw new TensorError(`set_num_threads expects an int, but got ${describe(n)}`);
    if (n <= 0) throw new TensorError('set_num_threads expects a positive integer');
  };
  torch.is_anomaly_enabled = () => false;

  // ---- dtype and storage predicates ---------------------------------------------------------------
  /** c10::canCast: no float to an integer type, nothing but bool to bool. */
  torch.can_cast = (...a) => {
    const o = bind('can_cast', a, ['from', 'to']);
    for (const [k, i] of [['from', 1], ['to', 2]]) {
      if (o[k] === undefined) throw missingArg('can_cast', k);
      if (!(o[k] instanceof dtype)) throw new TypeError(`can_cast(): argument '${k}' (position ${i}) must be torch.dtype, not ${describe(o[k])}`);
    }
    if (o.from.is_floating_point && !o.to.is_floating_point) return false;
    return !(o.from !== byName.bool && o.to === byName.bool);
  };
  torch.is_storage = (obj) => obj instanceof TypedStorage;
}
