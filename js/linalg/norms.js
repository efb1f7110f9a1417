// torch.linalg.vector_norm, matrix_norm and norm as ATen 1.13 builds them (LinearAlgebra.cpp):
// vector_norm is its own reduction (src/ops.def's _linalg_vector_norm: norm's kernel, the grad_fn
// LinalgVectorNormBackward0); matrix_norm composes it ('fro'), svdvals ('nuc', ±2) and
// abs().sum().amax/amin (±1, ±inf), so the graph and its grad_fn names are PyTorch's; norm picks
// one of the two from ord and dim. The checks and their texts are ATen's, in its order.
import { W, check, args, TensorError } from '../core/wasm.js';
import { bind, checkBool, checkInt, numberOf } from '../core/args.js';
import { describe, toDtype } from '../core/dtype.js';
import { wrap, asTensor, wrapDim } from '../tensor/tensor.js';
import { OP, TITLE } from '../tensor/ops.js';

const isNone = (v) => v === undefined || v === null;
/** Python's repr of an int list in ATen's messages ([0, 1, 1]). */
const intList = (d) => `[${d.join(', ')}]`;

function dimsOf(fname, dim) {
  if (isNone(dim)) return null;
  return (Array.isArray(dim) ? dim : [dim]).map((d) => checkInt(fname, 'dim', d));
}

function ordOf(fname, ord) {
  const p = numberOf(ord);
  if (p === undefined) throw new TypeError(`${fname}(): argument 'ord' (position 2) must be Number, not ${describe(ord)}`);
  return p;
}

/** ATen's dtype checks of the linalg norms: the dtype asked for, else the input's. */
function checkFloating(fname, t, dtype) {
  if (!isNone(dtype)) {
    const d = toDtype(dtype);
    if (!d.is_floating_point) throw new TensorError(`${fname}: dtype should be floating point or complex, but got ${TITLE[d.name]}`);
  } else if (!t.dtype.is_floating_point) {
    throw new TensorError(`${fname}: Expected a floating point or complex tensor as input. Got ${TITLE[t.dtype.name]}`);
  }
}

function vectorNorm(t, p, dims, keepdim, dtype) {
  checkFloating('linalg.vector_norm', t, dtype);
  const x = isNone(dtype) ? t : t.to(toDtype(dtype));
  try {
    const n = dims === null ? -1 : dims.length;
    return wrap(check(W.tp_reduce(OP._linalg_vector_norm, x._ptr, n, dims === null ? 0 : args(dims), keepdim ? 1 : 0, p, -1)));
  } finally {
    if (x !== t) x.dispose();
  }
}

/** ATen's create_dim_backshift_permutation: dims d0, d1 moved to the end, the others in order. */
function backshift(d0, d1, ndim) {
  const perm = [];
  for (let i = 0; i < ndim; i++) if (i !== d0 && i !== d1) perm.push(i);
  perm.push(d0, d1);
  return perm;
}

function matrixNorm(fname, A, ord, dim, keepdim, dtype) {
  if (A.ndim < 2) throw new TensorError('linalg.matrix_norm: The input tensor A must have at least 2 dimensions.');
  checkFloating('linalg.matrix_norm', A, dtype);
  const dims = dim === null ? [-2, -1] : dim;
  if (dims.length !== 2) throw new TensorError(`linalg.matrix_norm: dim must be a 2-tuple. Got ${dims.join(' ')}`);
  let [d0, d1] = dims.map((d) => wrapDim(d, A.ndim));
  if (d0 === d1) throw new TensorError(`linalg.matrix_norm: dims must be different. Got (${dims[0]}, ${dims[1]})`);
  if (typeof ord === 'string') {
    if (ord === 'fro') return vectorNorm(A, 2, [d0, d1], keepdim, dtype);
    if (ord !== 'nuc') throw new TensorError(`linalg.matrix_norm: Order ${ord} not supported.`);
  } else if (![1, -1, 2, -2, Infinity, -Infinity].includes(ord)) {
    throw new TensorError(`linalg.matrix_norm: Order ${ord} not supported.`);
  }
  const X = isNone(dtype) ? A : A.to(toDtype(dtype));
  const max = typeof ord === 'string' || ord > 0;
  const absOrd = typeof ord === 'string' ? 0 : Math.abs(ord);
  if (ord === 'nuc' || absOrd === 2) {
    const perm = backshift(d0, d1, A.ndim);
    const s = torchRef.linalg.svdvals(X.permute(perm));
    let r = ord === 'nuc' ? s.sum(-1, keepdim) : max ? s.amax(-1, keepdim) : s.amin(-1, keepdim);
    if (keepdim) {
      const inv = [];
      perm.forEach((p, i) => { inv[p] = i; });
      r = r.unsqueeze(-1).permute(inv);
    }
    return r;
  }
  // 1 and inf: the largest (smallest) absolute column (row) sum
  if (absOrd === Infinity) [d0, d1] = [d1, d0];
  if (!keepdim && d0 < d1) d1--;
  const sums = X.abs().sum(d0, keepdim);
  return max ? sums.amax(d1, keepdim) : sums.amin(d1, keepdim);
}

let torchRef = null;

export function install(torch) {
  torchRef = torch;
  const la = torch.linalg || (torch.linalg = {});

  // linalg.vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None)
  la.vector_norm = (...a) => {
    const o = bind('linalg_vector_norm', a, ['x', 'ord', 'dim', 'keepdim', 'dtype', 'out'], { ord: 2, keepdim: false });
    if (!isNone(o.out)) throw new TensorError('tensorpad: linalg.vector_norm(out=) is not supported');
    const x = asTensor(o.x, 'linalg_vector_norm', 'input');
    const p = ordOf('linalg_vector_norm', o.ord);
    return vectorNorm(x, p, dimsOf('linalg_vector_norm', o.dim), checkBool('linalg_vector_norm', 'keepdim', o.keepdim), o.dtype);
  };

  // linalg.matrix_norm(A, ord='fro', dim=(-2, -1), keepdim=False, *, dtype=None)
  la.matrix_norm = (...a) => {
    const o = bind('linalg_matrix_norm', a, ['A', 'ord', 'dim', 'keepdim', 'dtype', 'out'], { ord: 'fro', keepdim: false });
    if (!isNone(o.out)) throw new TensorError('tensorpad: linalg.matrix_norm(out=) is not supported');
    const A = asTensor(o.A, 'linalg_matrix_norm', 'A');
    const ord = typeof o.ord === 'string' ? o.ord : ordOf('linalg_matrix_norm', o.ord);
    const dim = isNone(o.dim) ? null : dimsOf('linalg_matrix_norm', o.dim);
    return matrixNorm('linalg_matrix_norm', A, ord, dim, checkBool('linalg_matrix_norm', 'keepdim', o.keepdim), o.dtype);
  };

  // linalg.norm(A, ord=None, dim=None, keepdim=False, *, dtype=None)
  la.norm = (...a) => {
    const o = bind('linalg_norm', a, ['A', 'ord', 'dim', 'keepdim', 'dtype', 'out'], { ord: null, keepdim: false });
    if (!isNone(o.out)) throw new TensorError('tensorpad: linalg.norm(out=) is not supported');
    const A = asTensor(o.A, 'linalg_norm', 'input');
    const keepdim = checkBool('linalg_norm', 'keepdim', o.keepdim);
    const dim = dimsOf('linalg_norm', o.dim);
    const str = typeof o.ord === 'string';
    const ord = isNone(o.ord) || str ? o.ord : ordOf('linalg_norm', o.ord);
    if (dim !== null) {
      if (dim.length !== 1 && dim.length !== 2) {
        throw new TensorError(`linalg.norm: If dim is specified, it must be of length 1 or 2. Got ${intList(dim)}`);
      }
    } else if (!isNone(ord) && A.ndim !== 1 && A.ndim !== 2) {
      throw new TensorError(`linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. Got ${A.ndim}D.`);
    }
    if (str) return matrixNorm('linalg_norm', A, ord, dim ?? [0, 1], keepdim, o.dtype);
    if (!isNone(ord) && ((dim !== null && dim.length === 2) || (dim === null && A.ndim === 2))) {
      return matrixNorm('linalg_norm', A, ord, dim ?? [0, 1], keepdim, o.dtype);
    }
    return vectorNorm(A, isNone(ord) ? 2 : ord, dim, keepdim, o.dtype);
  };
}
