// torch.special: PyTorch 1.13's special-function namespace. entr is an op of its own (the
// ops.def row _special_entr: kernel in src/ops/elementwise/math.c, formula in
// derivatives.c); the rest are the torch.* functions 1.13 also names here.
import { W, check } from '../core/wasm.js';
import { isOptions, splitOptions } from '../core/args.js';
import { OP } from '../tensor/ops.js';
import { asTensor, wrap } from '../tensor/tensor.js';

const ALIASES = {
  expit: 'sigmoid', exp2: 'exp2', expm1: 'expm1', erf: 'erf', erfc: 'erfc', erfinv: 'erfinv', log1p: 'log1p',
  logit: 'logit', xlogy: 'xlogy', xlog1py: 'xlog1py', i0: 'i0', sinc: 'sinc', round: 'round', digamma: 'digamma',
  psi: 'digamma', gammaln: 'lgamma', logsumexp: 'logsumexp', softmax: 'softmax', log_softmax: 'log_softmax',
  polygamma: 'polygamma', multigammaln: 'mvlgamma', gammainc: 'igamma', gammaincc: 'igammac',
};

/** A unary op of the table that PyTorch has only under torch.special. */
function unaryOp(fname, op) {
  return (x, ...a) => {
    if (a.length && isOptions(a[a.length - 1])) splitOptions(fname, [a.pop()], []);
    if (a.length) throw new TypeError(`${fname}() takes 1 positional argument but ${a.length + 1} were given`);
    return wrap(check(W.tp_unary(op, asTensor(x, fname)._ptr)));
  };
}

export function install(torch) {
  const special = { entr: unaryOp('special_entr', OP._special_entr) };
  for (const [k, v] of Object.entries(ALIASES)) if (typeof torch[v] === 'function') special[k] = torch[v];
  torch.special = Object.freeze(special);
}
