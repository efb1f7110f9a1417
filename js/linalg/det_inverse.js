// Small dense linear algebra (src/ops/linalg/det_inverse.c): det, logdet, slogdet, inverse as Tensor methods
// and torch.* functions, and torch.linalg.det / slogdet / inv. Binds arguments only.
// install(torch, Tensor) is called once by tensorpad.js before the namespace is frozen.
import { W, check, checkStatus, memory } from '../core/wasm.js';
import { bind } from '../core/args.js';
import { wrap, asTensor } from '../tensor/tensor.js';

/** slogdet's (sign, logabsdet): an array with .sign / .logabsdet, printed as PyTorch's. */
class SlogdetResult extends Array {
  static get [Symbol.species]() { return Array; }
  toString() { return `torch.return_types.${this.fname}(\nsign=${this[0]},\nlogabsdet=${this[1]})`; }
  [Symbol.for('nodejs.util.inspect.custom')]() { return this.toString(); }
}

let pairPtr = 0;
function slogdet(fname, A) {
  if (!pairPtr) pairPtr = check(W.tp_malloc(8));
  checkStatus(W.tp_linalg_slogdet(A._ptr, pairPtr));
  const p = new Uint32Array(memory.buffer, pairPtr, 2);
  const r = new SlogdetResult();
  r.push(wrap(p[0]), wrap(p[1]));
  Object.defineProperty(r, 'fname', { value: fname });
  r.sign = r[0];
  r.logabsdet = r[1];
  return r;
}

function noOut(out) {
  if (out !== undefined && out !== null) throw new TypeError("tensorpad does not support the 'out' argument");
}

export function install(torch, Tensor) {
  // Every one takes one matrix (or a batch of them) A.
  const ops = {
    det: (A) => wrap(check(W.tp_linalg_det(A._ptr))),
    logdet: (A) => wrap(check(W.tp_logdet(A._ptr))),
    slogdet: (A) => slogdet('slogdet', A),
    inverse: (A) => wrap(check(W.tp_linalg_inv(A._ptr))),
  };
  for (const [name, fn] of Object.entries(ops)) {
    torch[name] = (...a) => {
      const { input, out } = bind(name, a, ['input', 'out']);
      noOut(out);
      return fn(asTensor(input, name));
    };
    Tensor.prototype[name] = function (...a) {
      bind(name, a, []);
      return fn(this);
    };
  }
  // torch.linalg names PyTorch's argument A.
  const la = torch.linalg || (torch.linalg = {});
  const one = (name, fn) => (...a) => {
    const { A, out } = bind(`linalg_${name}`, a, ['A', 'out']);
    noOut(out);
    return fn(asTensor(A, `linalg_${name}`, 'A'));
  };
  la.det = one('det', ops.det);
  la.slogdet = one('slogdet', (A) => slogdet('linalg_slogdet', A));
  la.inv = one('inv', ops.inverse);
}
