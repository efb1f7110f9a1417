// Linear algebra operators (matmul, mm, bmm, mv, dot, outer/ger): Tensor methods and torch.* functions.
// install(torch, Tensor) is called once by tensorpad.js before the namespace is frozen.
// Every op is one call of the core's tp_linalg(op, a, b); the op ids come from the core's
// name table (tp_linalg_name), so nothing here mirrors a C enum by hand.
import { W, check, cstr } from './core.js';
import { bind, isOptions } from './args.js';
import { describe } from './dtype.js';
import { wrap } from './tensor.js';

const opId = {};
for (let i = 0, p; (p = W.tp_linalg_name(i)); i++) opId[cstr(p)] = i;

// PyTorch's parameter names: they appear in keyword arguments and in its messages.
const params = {
  matmul: ['input', 'other'],
  mm: ['input', 'mat2'],
  bmm: ['input', 'mat2'],
  mv: ['input', 'vec'],
  dot: ['input', 'tensor'],
  outer: ['input', 'vec2'],
  ger: ['input', 'vec2'],
};

/** Python's argument check: "mm(): argument 'mat2' (position 2) must be Tensor, not list". */
function tensorArg(Tensor, fname, name, position, v) {
  if (v instanceof Tensor) return v;
  let msg = `${fname}(): argument '${name}' (position ${position}) must be Tensor, not ${describe(v)}`;
  if (Array.isArray(v)) msg += ' (wrap a JS array with torch.tensor(...))';
  throw new TypeError(msg);
}

export function install(torch, Tensor) {
  const call = (fname, a, b) => wrap(check(W.tp_linalg(opId[fname === 'ger' ? 'outer' : fname], a._ptr, b._ptr)));

  for (const [fname, [p0, p1]] of Object.entries(params)) {
    // torch.mm(input, mat2) — positional or keyword.
    torch[fname] = (...a) => {
      if (a.length && isOptions(a[a.length - 1]) && 'out' in a[a.length - 1]) {
        throw new TypeError("tensorpad does not support the 'out' argument");
      }
      const got = bind(fname, a, [p0, p1]);
      for (const n of [p0, p1]) {
        if (got[n] === undefined) throw new TypeError(`${fname}() missing 1 required positional arguments: "${n}"`);
      }
      return call(fname, tensorArg(Tensor, fname, p0, 1, got[p0]), tensorArg(Tensor, fname, p1, 2, got[p1]));
    };
    // x.mm(mat2): the tensor is `input`; the other operand is position 1, as in Python.
    Tensor.prototype[fname] = function (...a) {
      const got = bind(fname, a, [p1]);
      if (got[p1] === undefined) throw new TypeError(`${fname}() missing 1 required positional arguments: "${p1}"`);
      return call(fname, this, tensorArg(Tensor, fname, p1, 1, got[p1]));
    };
  }
}
