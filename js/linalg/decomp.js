// Matrix decompositions and solvers (src/ops/linalg/decomp.c): torch.linalg.solve, cholesky (Tensor method,
// torch.cholesky, torch.linalg.cholesky), and the functions PyTorch 1.13 removed (solve, lstsq,
// eig), which throw its messages. Binds arguments only; install(torch, Tensor) is called once
// by tensorpad.js before the namespace is frozen.
import { W, check, checkStatus, memory, TensorError } from '../core/wasm.js';
import { bind, missingArg, checkBool, warnOnce } from '../core/args.js';
import { wrap, asTensor, Tuple } from '../tensor/tensor.js';

// 1.13's TORCH_WARN_ONCE texts for the deprecated forms (once per process).
const DEPRECATED = {
  lu: "torch.lu is deprecated in favor of torch.linalg.lu_factor / torch.linalg.lu_factor_ex and will be removed in a future PyTorch release.\nLU, pivots = torch.lu(A, compute_pivots)\nshould be replaced with\nLU, pivots = torch.linalg.lu_factor(A, compute_pivots)\nand\nLU, pivots, info = torch.lu(A, compute_pivots, get_infos=True)\nshould be replaced with\nLU, pivots, info = torch.linalg.lu_factor_ex(A, compute_pivots) (Triggered internally at  ./aten/src/ATen/native/BatchLinearAlgebra.cpp:1915.)",
  cholesky: "torch.cholesky is deprecated in favor of torch.linalg.cholesky and will be removed in a future PyTorch release.\nL = torch.cholesky(A)\nshould be replaced with\nL = torch.linalg.cholesky(A)\nand\nU = torch.cholesky(A, upper=True)\nshould be replaced with\nU = torch.linalg.cholesky(A).mH().\nThis transform will produce equivalent results for all valid (symmetric positive definite) inputs. (Triggered internally at  ./aten/src/ATen/native/BatchLinearAlgebra.cpp:1615.)",
  qr: "torch.qr is deprecated in favor of torch.linalg.qr and will be removed in a future PyTorch release.\nThe boolean parameter 'some' has been replaced with a string parameter 'mode'.\nQ, R = torch.qr(A, some)\nshould be replaced with\nQ, R = torch.linalg.qr(A, 'reduced' if some else 'complete') (Triggered internally at  ./aten/src/ATen/native/BatchLinearAlgebra.cpp:2349.)",
  lu_solve: "torch.lu_solve is deprecated in favor of torch.linalg.lu_solveand will be removed in a future PyTorch release.\nNote that torch.linalg.lu_solve has its arguments reversed.\nX = torch.lu_solve(B, LU, pivots)\nshould be replaced with\nX = torch.linalg.lu_solve(LU, pivots, B) (Triggered internally at  ./aten/src/ATen/native/BatchLinearAlgebra.cpp:2072.)",
  triangular_solve: "torch.triangular_solve is deprecated in favor of torch.linalg.solve_triangularand will be removed in a future PyTorch release.\ntorch.linalg.solve_triangular has its arguments reversed and does not return a copy of one of the inputs.\nX = torch.triangular_solve(B, A).solution\nshould be replaced with\nX = torch.linalg.solve_triangular(A, B). (Triggered internally at  ./aten/src/ATen/native/BatchLinearAlgebra.cpp:2115.)",
};
const deprecated = (name) => warnOnce(DEPRECATED[name]);

function noOut(out) {
  if (out !== undefined && out !== null) throw new TypeError("tensorpad does not support the 'out' argument");
}

const removed = (what) => 'This function was deprecated since version 1.9 and is now removed. ' +
  `Please use the \`torch.linalg.${what}\` function instead.`;
// Python raises RuntimeError(a, b) for lstsq, whose text is the tuple's repr.
const LSTSQ = "('This function was deprecated since version 1.9 and is now removed.', " +
  "'Please use the `torch.linalg.lstsq` function instead.')";

/** A named tuple: an array whose fields are also properties, printed as torch.return_types. */
class NamedTuple extends Array {
  static get [Symbol.species]() { return Array; }
  toString() { return `torch.return_types.${this.fname}(\n${this.fields.map((f, i) => `${f}=${this[i]}`).join(',\n')})`; }
  [Symbol.for('nodejs.util.inspect.custom')]() { return this.toString(); }
}
export function namedTuple(fname, fields, values) {
  const r = new NamedTuple();
  r.push(...values);
  Object.defineProperty(r, 'fname', { value: fname });
  Object.defineProperty(r, 'fields', { value: fields });
  fields.forEach((f, i) => { r[f] = values[i]; });
  return r;
}

let pairPtr = 0;
function triangularSolve(b, A, upper = true, transpose = false, unitriangular = false) {
  if (!pairPtr) pairPtr = check(W.tp_malloc(8));
  checkStatus(W.tp_triangular_solve(b._ptr, A._ptr, upper ? 1 : 0, transpose ? 1 : 0, unitriangular ? 1 : 0, pairPtr));
  const p = new Uint32Array(memory.buffer, pairPtr, 2);
  return namedTuple('triangular_solve', ['solution', 'cloned_coefficient'], [wrap(p[0]), wrap(p[1])]);
}

let triplePtr = 0;
function luFactor(A, linalg) {
  if (!triplePtr) triplePtr = check(W.tp_malloc(12));
  checkStatus(W.tp_lu_factor(A._ptr, linalg ? 1 : 0, triplePtr));
  const p = new Uint32Array(memory.buffer, triplePtr, 3);
  return [wrap(p[0]), wrap(p[1]), wrap(p[2])];
}

export function install(torch, Tensor) {
  const la = torch.linalg || (torch.linalg = {});

  la.solve = (...a) => {
    const { A, B, left, out } = bind('linalg_solve', a, ['A', 'B', 'left', 'out']);
    noOut(out);
    if (checkBool('linalg_solve', 'left', left) === false) throw new TensorError('tensorpad: linalg.solve with left=False is not supported');
    return wrap(check(W.tp_linalg_solve(asTensor(A, 'linalg_solve', 'A')._ptr, asTensor(B, 'linalg_solve', 'B')._ptr)));
  };

  const cholesky = (A, upper, linalg) => wrap(check(W.tp_cholesky(A._ptr, upper ? 1 : 0, linalg)));
  la.cholesky = (...a) => {
    const { A, upper, out } = bind('linalg_cholesky', a, ['A', 'upper', 'out']);
    noOut(out);
    return cholesky(asTensor(A, 'linalg_cholesky', 'A'), checkBool('linalg_cholesky', 'upper', upper), 1);
  };
  torch.cholesky = (...a) => {
    const { input, upper, out } = bind('cholesky', a, ['input', 'upper', 'out']);
    deprecated('cholesky');
    noOut(out);
    return cholesky(asTensor(input, 'cholesky'), checkBool('cholesky', 'upper', upper), 0);
  };
  Tensor.prototype.cholesky = function (...a) {
    const { upper } = bind('cholesky', a, ['upper']);
    deprecated('cholesky');
    return cholesky(this, checkBool('cholesky', 'upper', upper), 0);
  };

  la.solve_triangular = (...a) => {
    const f = 'linalg_solve_triangular';
    const { A, B, upper, left, unitriangular, out } = bind(f, a, ['A', 'B', 'upper', 'left', 'unitriangular', 'out']);
    noOut(out);
    if (upper === undefined) throw missingArg(f, 'upper');
    return wrap(check(W.tp_linalg_solve_triangular(asTensor(A, f, 'A')._ptr, asTensor(B, f, 'B')._ptr, checkBool(f, 'upper', upper) ? 1 : 0,
      checkBool(f, 'left', left) === false ? 0 : 1, checkBool(f, 'unitriangular', unitriangular) ? 1 : 0)));
  };
  // b.triangular_solve(A, upper=True, transpose=False, unitriangular=False)
  const TS = ['A', 'upper', 'transpose', 'unitriangular'];
  const tsArgs = (f, o) => [checkBool(f, 'upper', o.upper), checkBool(f, 'transpose', o.transpose), checkBool(f, 'unitriangular', o.unitriangular)];
  Tensor.prototype.triangular_solve = function (...a) {
    const o = bind('triangular_solve', a, TS);
    deprecated('triangular_solve');
    return triangularSolve(this, asTensor(o.A, 'triangular_solve', 'A'), ...tsArgs('triangular_solve', o));
  };
  torch.triangular_solve = (...a) => {
    const o = bind('triangular_solve', a, ['input', ...TS, 'out']);
    deprecated('triangular_solve');
    noOut(o.out);
    return triangularSolve(asTensor(o.input, 'triangular_solve'), asTensor(o.A, 'triangular_solve', 'A'), ...tsArgs('triangular_solve', o));
  };
  // cholesky_solve(input, input2, upper=False), cholesky_inverse(input, upper=False)
  const cholSolve = (B, L, upper) => wrap(check(W.tp_cholesky_solve(B._ptr, L._ptr, checkBool('cholesky_solve', 'upper', upper) ? 1 : 0)));
  torch.cholesky_solve = (...a) => {
    const { input, input2, upper, out } = bind('cholesky_solve', a, ['input', 'input2', 'upper', 'out']);
    noOut(out);
    return cholSolve(asTensor(input, 'cholesky_solve'), asTensor(input2, 'cholesky_solve', 'input2'), upper);
  };
  Tensor.prototype.cholesky_solve = function (...a) {
    const { input2, upper } = bind('cholesky_solve', a, ['input2', 'upper']);
    return cholSolve(this, asTensor(input2, 'cholesky_solve', 'input2'), upper);
  };
  const cholInv = (L, upper) => wrap(check(W.tp_cholesky_inverse(L._ptr, checkBool('cholesky_inverse', 'upper', upper) ? 1 : 0)));
  torch.cholesky_inverse = (...a) => {
    const { input, upper, out } = bind('cholesky_inverse', a, ['input', 'upper', 'out']);
    noOut(out);
    return cholInv(asTensor(input, 'cholesky_inverse'), upper);
  };
  Tensor.prototype.cholesky_inverse = function (...a) {
    const { upper } = bind('cholesky_inverse', a, ['upper']);
    return cholInv(this, upper);
  };

  // LU: linalg.lu_factor(A, *, pivot=True) -> (LU, pivots); torch.lu / Tensor.lu(pivot=True,
  // get_infos=False) -> a tuple (LU, pivots), or (LU, pivots, info) named _lu_with_info.
  const noPivot = (pivot, f) => {
    if (checkBool(f, 'pivot', pivot) === false) throw new TensorError('linalg.lu_factor: LU without pivoting is not implemented on the CPU');
  };
  la.lu_factor = (...a) => {
    const { A, pivot, out } = bind('linalg_lu_factor', a, ['A', 'pivot', 'out']);
    noOut(out);
    noPivot(pivot, 'linalg_lu_factor');
    const [LU, piv, info] = luFactor(asTensor(A, 'linalg_lu_factor', 'A'), true);
    info.dispose();
    return namedTuple('linalg_lu_factor', ['LU', 'pivots'], [LU, piv]);
  };
  const lu = (A, pivot, getInfos) => {
    noPivot(pivot, 'lu');
    const [LU, piv, info] = luFactor(A, false);
    if (checkBool('lu', 'get_infos', getInfos)) return namedTuple('_lu_with_info', ['LU', 'pivots', 'info'], [LU, piv, info]);
    info.dispose();
    const t = new Tuple();
    t.push(LU, piv);
    return t;
  };
  torch.lu = (...a) => {
    const { A, pivot, get_infos: gi, out } = bind('lu', a, ['A', 'pivot', 'get_infos', 'out']);
    deprecated('lu');
    noOut(out);
    return lu(asTensor(A, 'lu', 'A'), pivot, gi);
  };
  Tensor.prototype.lu = function (...a) {
    const { pivot, get_infos: gi } = bind('lu', a, ['pivot', 'get_infos']);
    deprecated('lu');
    return lu(this, pivot, gi);
  };
  // linalg.lu_solve(LU, pivots, B, *, left=True, adjoint=False); torch.lu_solve(b, LU_data, LU_pivots)
  la.lu_solve = (...a) => {
    const f = 'linalg_lu_solve';
    const { LU, pivots, B, left, adjoint, out } = bind(f, a, ['LU', 'pivots', 'B', 'left', 'adjoint', 'out']);
    noOut(out);
    if (checkBool(f, 'left', left) === false) throw new TensorError('tensorpad: linalg.lu_solve with left=False is not supported');
    return wrap(check(W.tp_lu_solve(asTensor(LU, f, 'LU')._ptr, asTensor(pivots, f, 'pivots')._ptr, asTensor(B, f, 'B')._ptr,
      checkBool(f, 'adjoint', adjoint) ? 1 : 0)));
  };
  const luSolve = (b, LU, piv) => wrap(check(W.tp_lu_solve(LU._ptr, piv._ptr, b._ptr, 0)));
  torch.lu_solve = (...a) => {
    const { input, LU_data, LU_pivots, out } = bind('lu_solve', a, ['input', 'LU_data', 'LU_pivots', 'out']);
    deprecated('lu_solve');
    noOut(out);
    return luSolve(asTensor(input, 'lu_solve'), asTensor(LU_data, 'lu_solve', 'LU_data'), asTensor(LU_pivots, 'lu_solve', 'LU_pivots'));
  };
  Tensor.prototype.lu_solve = function (...a) {
    const { LU_data, LU_pivots } = bind('lu_solve', a, ['LU_data', 'LU_pivots']);
    deprecated('lu_solve');
    return luSolve(this, asTensor(LU_data, 'lu_solve', 'LU_data'), asTensor(LU_pivots, 'lu_solve', 'LU_pivots'));
  };

  // QR: linalg.qr(A, mode='reduced') -> linalg_qr(Q, R); torch.qr / Tensor.qr(some=True) -> qr(Q, R)
  const qr = (A, mode, fname) => {
    if (!pairPtr) pairPtr = check(W.tp_malloc(8));
    checkStatus(W.tp_linalg_qr(A._ptr, mode, pairPtr));
    const p = new Uint32Array(memory.buffer, pairPtr, 2);
    return namedTuple(fname, ['Q', 'R'], [wrap(p[0]), wrap(p[1])]);
  };
  const MODES = { reduced: 0, complete: 1, r: 2 };
  la.qr = (...a) => {
    const { A, mode = 'reduced', out } = bind('linalg_qr', a, ['A', 'mode', 'out']);
    noOut(out);
    if (typeof mode !== 'string') throw new TypeError(`linalg_qr(): argument 'mode' must be str, not ${typeof mode}`);
    if (!(mode in MODES)) throw new TensorError(`qr received unrecognized mode '${mode}' but expected one of 'reduced' (default), 'r', or 'complete'`);
    return qr(asTensor(A, 'linalg_qr', 'A'), MODES[mode], 'linalg_qr');
  };
  torch.qr = (...a) => {
    const { input, some, out } = bind('qr', a, ['input', 'some', 'out']);
    deprecated('qr');
    noOut(out);
    return qr(asTensor(input, 'qr'), checkBool('qr', 'some', some) === false ? 1 : 0, 'qr');
  };
  Tensor.prototype.qr = function (...a) {
    const { some } = bind('qr', a, ['some']);
    deprecated('qr');
    return qr(this, checkBool('qr', 'some', some) === false ? 1 : 0, 'qr');
  };

  // eigh(A, UPLO='L') -> linalg_eigh(eigenvalues, eigenvectors); eigvalsh(A, UPLO='L')
  const eigh = (A, UPLO, f) => {
    if (UPLO !== 'L' && UPLO !== 'U') throw new TensorError(`Expected UPLO argument to be 'L' or 'U', but got ${UPLO}`);
    if (!pairPtr) pairPtr = check(W.tp_malloc(8));
    checkStatus(W.tp_linalg_eigh(asTensor(A, f, 'A')._ptr, UPLO === 'U' ? 1 : 0, pairPtr));
    const p = new Uint32Array(memory.buffer, pairPtr, 2);
    return [wrap(p[0]), wrap(p[1])];
  };
  la.eigh = (...a) => {
    const { A, UPLO = 'L', out } = bind('linalg_eigh', a, ['A', 'UPLO', 'out']);
    noOut(out);
    return namedTuple('linalg_eigh', ['eigenvalues', 'eigenvectors'], eigh(A, UPLO, 'linalg_eigh'));
  };
  la.eigvalsh = (...a) => {
    const { A, UPLO = 'L', out } = bind('linalg_eigvalsh', a, ['A', 'UPLO', 'out']);
    noOut(out);
    const [L, V] = eigh(A, UPLO, 'linalg_eigvalsh');
    V.dispose();
    return L;
  };

  // Removed in 1.9: PyTorch 1.13 keeps the names and throws.
  for (const [name, msg] of [['solve', removed('solve')], ['eig', removed('eig')], ['lstsq', LSTSQ]]) {
    torch[name] = () => { throw new TensorError(msg); };
    Tensor.prototype[name] = function () { throw new TensorError(msg); };
  }
  // Complex results: tensorpad has no complex dtypes.
  for (const name of ['eig', 'eigvals']) {
    la[name] = () => {
      throw new TensorError(`tensorpad: torch.linalg.${name} returns complex tensors, and tensorpad has no complex dtypes`);
    };
  }
}
