// The SVD and what is built on it (src/ops/linalg/decomp.c's last sections): torch.linalg.svd / svdvals,
// torch.svd / Tensor.svd, linalg.pinv / pinverse, matrix_exp, the deprecated torch.symeig, and
// LAPACK's Householder representation (geqrf, orgqr = linalg.householder_product, ormqr).
// Binds arguments only; install(torch, Tensor) is called once by tensorpad.js before the
// namespace is frozen.
import { W, check, checkStatus, memory, TensorError } from '../core/wasm.js';
import { bind, checkBool, warnOnce } from '../core/args.js';
import { wrap, asTensor } from '../tensor/tensor.js';
import { namedTuple } from './decomp.js';

function noOut(out) {
  if (out !== undefined && out !== null) throw new TypeError("tensorpad does not support the 'out' argument");
}
function noDriver(driver) {
  if (driver !== undefined && driver !== null) {
    throw new TensorError('torch.linalg.svd: keyword argument `driver=` is only supported on CUDA inputs with cuSOLVER backend.');
  }
}

let outPtr = 0;
function outs(n) {
  if (!outPtr) outPtr = check(W.tp_malloc(16));
  return Array.from(new Uint32Array(memory.buffer, outPtr, n), (p) => wrap(p));
}
// [U, S, Vh]; compute_uv 2: U and Vh only when A requires grad (empty otherwise)
function svd3(A, full, computeUv) {
  if (!outPtr) outPtr = check(W.tp_malloc(16));
  checkStatus(W.tp_linalg_svd(A._ptr, full ? 1 : 0, computeUv, outPtr));
  return outs(3);
}
function svdvals(A) {
  const [U, S, Vh] = svd3(A, false, 2);
  U.dispose();
  Vh.dispose();
  return S;
}
// torch.svd(input, some=True, compute_uv=True) -> svd(U, S, V), V = Vh.mH (TransposeBackward0)
function oldSvd(A, some, computeUv) {
  if (A.dim() < 2) throw new TensorError(`linalg.svd: input should have at least 2 dimensions, but has ${A.dim()} dimensions instead`);
  if (checkBool('svd', 'compute_uv', computeUv) === false) {
    const S = svdvals(A);
    const sz = A.shape.slice(), m = sz[sz.length - 2], n = sz[sz.length - 1];
    sz[sz.length - 1] = m;
    const U = A.new_zeros(sz);
    sz[sz.length - 2] = n;
    sz[sz.length - 1] = n;
    const Vz = A.new_zeros(sz), V = Vz.transpose(-2, -1);
    Vz.dispose();
    return namedTuple('svd', ['U', 'S', 'V'], [U, S, V]);
  }
  const [U, S, Vh] = svd3(A, checkBool('svd', 'some', some) === false, 1);
  const V = Vh.transpose(-2, -1);
  Vh.dispose();
  return namedTuple('svd', ['U', 'S', 'V'], [U, S, V]);
}

const num = (f, name, v) => {
  if (v === undefined || v === null) return NaN;
  if (v && typeof v === 'object' && typeof v.item === 'function') {
    if (v.numel() !== 1) throw new TensorError(`tensorpad: ${f}: ${name} must be a number or a one-element tensor`);
    return v.item();
  }
  if (typeof v !== 'number') throw new TypeError(`${f}(): argument '${name}' must be float, not ${typeof v}`);
  return v;
};
const SYMEIG_WARNING = 'torch.symeig is deprecated in favor of torch.linalg.eigh and will be removed in a future PyTorch release.\n' +
  'The default behavior has changed from using the upper triangular portion of the matrix by default to using the lower triangular portion.\n' +
  'L, _ = torch.symeig(A, upper=upper)\nshould be replaced with\nL = torch.linalg.eigvalsh(A, UPLO=\'U\' if upper else \'L\')\n' +
  'and\nL, V = torch.symeig(A, eigenvectors=True)\nshould be replaced with\nL, V = torch.linalg.eigh(A, UPLO=\'U\' if upper else \'L\')';
const pinv = (A, atol, rtol, hermitian) => wrap(check(W.tp_linalg_pinv(A._ptr, atol, rtol, hermitian ? 1 : 0)));

export function install(torch, Tensor) {
  const la = torch.linalg || (torch.linalg = {});

  // linalg.svd(A, full_matrices=True, *, driver=None) -> linalg_svd(U, S, Vh)
  la.svd = (...a) => {
    const { A, full_matrices: fm, driver, out } = bind('linalg_svd', a, ['A', 'full_matrices', 'driver', 'out']);
    noOut(out);
    noDriver(driver);
    const t = asTensor(A, 'linalg_svd', 'A');
    return namedTuple('linalg_svd', ['U', 'S', 'Vh'], svd3(t, checkBool('linalg_svd', 'full_matrices', fm) !== false, 1));
  };
  la.svdvals = (...a) => {
    const { A, driver, out } = bind('linalg_svdvals', a, ['A', 'driver', 'out']);
    noOut(out);
    noDriver(driver);
    return svdvals(asTensor(A, 'linalg_svdvals', 'A'));
  };
  torch.svd = (...a) => {
    const { input, some, compute_uv: cuv, out } = bind('svd', a, ['input', 'some', 'compute_uv', 'out']);
    noOut(out);
    return oldSvd(asTensor(input, 'svd'), some, cuv);
  };
  Tensor.prototype.svd = function (...a) {
    const { some, compute_uv: cuv } = bind('svd', a, ['some', 'compute_uv']);
    return oldSvd(this, some, cuv);
  };

  // linalg.pinv(A, rcond?, hermitian=False, *, atol=None, rtol=None); rcond is rtol with atol 0
  la.pinv = (...a) => {
    const f = 'linalg_pinv';
    const { A, rcond, hermitian, atol, rtol, out } = bind(f, a, ['A', 'rcond', 'hermitian', 'atol', 'rtol', 'out']);
    noOut(out);
    const t = asTensor(A, f, 'A'), h = checkBool(f, 'hermitian', hermitian);
    if (rcond !== undefined && rcond !== null) {
      if ((atol !== undefined && atol !== null) || (rtol !== undefined && rtol !== null)) {
        throw new TypeError(`${f}() received an invalid combination of arguments: rcond together with atol or rtol`);
      }
      return pinv(t, 0, num(f, 'rcond', rcond), h);
    }
    return pinv(t, num(f, 'atol', atol), num(f, 'rtol', rtol), h);
  };
  torch.pinverse = (...a) => {
    const { input, rcond = 1e-15 } = bind('pinverse', a, ['input', 'rcond']);
    return pinv(asTensor(input, 'pinverse'), 0, num('pinverse', 'rcond', rcond), false);
  };
  Tensor.prototype.pinverse = function (...a) {
    const { rcond = 1e-15 } = bind('pinverse', a, ['rcond']);
    return pinv(this, 0, num('pinverse', 'rcond', rcond), false);
  };

  // linalg.lstsq(A, B, rcond=None, *, driver=None) -> linalg_lstsq(solution, residuals, rank, singular_values)
  const DRIVERS = { gelsy: 0, gels: 1, gelsd: 2, gelss: 3 };
  la.lstsq = (...a) => {
    const f = 'linalg_lstsq';
    const { A, B, rcond, driver, out } = bind(f, a, ['A', 'B', 'rcond', 'driver', 'out']);
    noOut(out);
    const tA = asTensor(A, f, 'A'), tB = asTensor(B, f, 'B', 2);
    if (driver !== undefined && driver !== null && !(driver in DRIVERS)) {
      throw new TensorError('torch.linalg.lstsq: parameter `driver` should be one of (gels, gelsy, gelsd, gelss)');
    }
    if (!outPtr) outPtr = check(W.tp_malloc(16));
    checkStatus(W.tp_linalg_lstsq(tA._ptr, tB._ptr, num(f, 'rcond', rcond), DRIVERS[driver ?? 'gelsy'], outPtr));
    return namedTuple('linalg_lstsq', ['solution', 'residuals', 'rank', 'singular_values'], outs(4));
  };

  // linalg.matrix_rank(A, tol?, hermitian=False, *, atol=None, rtol=None): PyTorch's composite,
  // the count of singular values (|eigenvalues| with hermitian) above max(atol, rtol * the largest)
  la.matrix_rank = (...a) => {
    const f = 'linalg_matrix_rank';
    const { A, tol, hermitian, atol, rtol, out } = bind(f, a, ['A', 'tol', 'hermitian', 'atol', 'rtol', 'out']);
    noOut(out);
    const t = asTensor(A, f, 'A'), h = checkBool(f, 'hermitian', hermitian);
    if (t.dim() < 2) throw new TensorError('torch.linalg.matrix_rank: The input tensor input must have at least 2 dimensions.');
    if (t.dtype !== torch.float32 && t.dtype !== torch.float64) throw new TensorError("This function doesn't handle types other than float and double");
    const m = t.shape[t.dim() - 2], n = t.shape[t.dim() - 1], eps = t.dtype === torch.float32 ? 1.1920928955078125e-07 : 2.220446049250313e-16;
    let at = num(f, 'atol', atol), rt = num(f, 'rtol', rtol);
    if (tol !== undefined && tol !== null) {
      at = num(f, 'tol', tol);
      rt = 0;
    } else if (Number.isNaN(rt)) {
      rt = !Number.isNaN(at) && at > 0 ? 0 : eps * Math.max(m, n);
    }
    if (Number.isNaN(at)) at = 0;
    if (t.numel() === 0) return torch.zeros(t.shape.slice(0, -2), { dtype: torch.int64 });
    return torch.no_grad(() => torch.scope(() => {
      const S = h ? la.eigvalsh(t).abs() : la.svdvals(t);
      const maxS = h ? S.amax(-1, true) : S.narrow(-1, 0, 1);
      const thr = torch.maximum(torch.tensor([at], { dtype: torch.float64 }), maxS.mul(rt));
      return S.gt(thr).sum(-1);
    }));
  };
  torch.matrix_rank = () => {
    throw new TensorError("('This function was deprecated since version 1.9 and is now removed.', " +
      "'Please use the `torch.linalg.matrix_rank` function instead.')");
  };

  // matrix_exp: one LinalgMatrixExpBackward0 node whichever name calls it
  const mexp = (A) => wrap(check(W.tp_linalg_matrix_exp(A._ptr)));
  la.matrix_exp = (...a) => {
    const { A, out } = bind('linalg_matrix_exp', a, ['A', 'out']);
    noOut(out);
    return mexp(asTensor(A, 'linalg_matrix_exp', 'A'));
  };
  torch.matrix_exp = (...a) => {
    const { input } = bind('matrix_exp', a, ['input']);
    return mexp(asTensor(input, 'matrix_exp'));
  };
  Tensor.prototype.matrix_exp = function () { return mexp(this); };

  // symeig(input, eigenvectors=False, upper=True) -> symeig(eigenvalues, eigenvectors); deprecated
  const symeig = (A, ev, up) => {
    ev = checkBool('symeig', 'eigenvectors', ev);
    up = checkBool('symeig', 'upper', up);
    warnOnce(SYMEIG_WARNING);
    if (!outPtr) outPtr = check(W.tp_malloc(16));
    checkStatus(W.tp_symeig(A._ptr, ev ? 1 : 0, up === false ? 0 : 1, outPtr));
    return namedTuple('symeig', ['eigenvalues', 'eigenvectors'], outs(2));
  };
  torch.symeig = (...a) => {
    const { input, eigenvectors, upper, out } = bind('symeig', a, ['input', 'eigenvectors', 'upper', 'out']);
    noOut(out);
    return symeig(asTensor(input, 'symeig'), eigenvectors, upper);
  };
  Tensor.prototype.symeig = function (...a) {
    const { eigenvectors, upper } = bind('symeig', a, ['eigenvectors', 'upper']);
    return symeig(this, eigenvectors, upper);
  };

  // geqrf(input) -> geqrf(a, tau); householder_product(A, tau) = orgqr(input, input2);
  // ormqr(input, input2, input3, left=True, transpose=False)
  const geqrf = (A) => {
    if (!outPtr) outPtr = check(W.tp_malloc(16));
    checkStatus(W.tp_geqrf(A._ptr, outPtr));
    return namedTuple('geqrf', ['a', 'tau'], outs(2));
  };
  torch.geqrf = (...a) => {
    const { input, out } = bind('geqrf', a, ['input', 'out']);
    noOut(out);
    return geqrf(asTensor(input, 'geqrf'));
  };
  Tensor.prototype.geqrf = function () { return geqrf(this); };
  const hprod = (A, tau, f) => wrap(check(W.tp_householder_product(A._ptr, asTensor(tau, f, 'tau', 2)._ptr)));
  la.householder_product = (...a) => {
    const { A, tau, out } = bind('linalg_householder_product', a, ['A', 'tau', 'out']);
    noOut(out);
    return hprod(asTensor(A, 'linalg_householder_product', 'A'), tau, 'linalg_householder_product');
  };
  torch.orgqr = (...a) => {
    const { input, input2, out } = bind('orgqr', a, ['input', 'input2', 'out']);
    noOut(out);
    return hprod(asTensor(input, 'orgqr'), input2, 'orgqr');
  };
  Tensor.prototype.orgqr = function (...a) {
    const { input2 } = bind('orgqr', a, ['input2']);
    return hprod(this, input2, 'orgqr');
  };
  const ormqr = (A, tau, C, left, transpose) => wrap(check(W.tp_ormqr(A._ptr, asTensor(tau, 'ormqr', 'input2', 2)._ptr,
    asTensor(C, 'ormqr', 'input3', 3)._ptr, checkBool('ormqr', 'left', left) === false ? 0 : 1, checkBool('ormqr', 'transpose', transpose) ? 1 : 0)));
  torch.ormqr = (...a) => {
    const { input, input2, input3, left, transpose, out } = bind('ormqr', a, ['input', 'input2', 'input3', 'left', 'transpose', 'out']);
    noOut(out);
    return ormqr(asTensor(input, 'ormqr'), input2, input3, left, transpose);
  };
  Tensor.prototype.ormqr = function (...a) {
    const { input2, input3, left, transpose } = bind('ormqr', a, ['input2', 'input3', 'left', 'transpose']);
    return ormqr(this, input2, input3, left, transpose);
  };
}
