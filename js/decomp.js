// Matrix decompositions and solvers (src/decomp.c): torch.linalg.solve, cholesky (Tensor method,
// torch.cholesky, torch.linalg.cholesky), and the functions PyTorch 1.13 removed (solve, lstsq,
// eig), which throw its messages. Binds arguments only; install(torch, Tensor) is called once
// by tensorpad.js before the namespace is frozen.
import { W, check, TensorError } from './core.js';
import { bind, checkBool } from './args.js';
import { wrap, asTensor } from './tensor.js';

function noOut(out) {
  if (out !== undefined && out !== null) throw new TypeError("tensorpad does not support the 'out' argument");
}

const removed = (what) => 'This function was deprecated since version 1.9 and is now removed. ' +
  `Please use the \`torch.linalg.${what}\` function instead.`;
// Python raises RuntimeError(a, b) for lstsq, whose text is the tuple's repr.
const LSTSQ = "('This function was deprecated since version 1.9 and is now removed.', " +
  "'Please use the `torch.linalg.lstsq` function instead.')";

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
    noOut(out);
    return cholesky(asTensor(input, 'cholesky'), checkBool('cholesky', 'upper', upper), 0);
  };
  Tensor.prototype.cholesky = function (...a) {
    const { upper } = bind('cholesky', a, ['upper']);
    return cholesky(this, checkBool('cholesky', 'upper', upper), 0);
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
