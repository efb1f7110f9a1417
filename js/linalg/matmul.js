// Linear algebra operators (matmul, mm, bmm, mv, dot, outer/ger): Tensor methods and torch.* functions.
// install(torch, Tensor) is called once by tensorpad.js before the namespace is frozen.
// Every op is one call of the core's tp_linalg(op, a, b); the op ids come from the core's
// name table (tp_linalg_name), so nothing here mirrors a C enum by hand.
import { W, check, cstr } from '../core/wasm.js';
import { bind, missingArg, isOptions, splitOptions } from '../core/args.js';
import { describe } from '../core/dtype.js';
import { wrap } from '../tensor/tensor.js';

const opId = {};
for (let i = 0, p; (p = W.tp_linalg_name(i)); i++) opId[cstr(p)] = i;

/** A Python scalar (beta, alpha): a number or a bool. */
function scalarArg(fname, name, v) {
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'number') return v;
  throw new TypeError(`${fname}(): argument '${name}' must be Number, not ${describe(v)}`);
}

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
  for (const [fname, [p0, p1]] of Object.entries(params)) {
    const id = opId[fname === 'ger' ? 'outer' : fname];
    const call = (a, b) => wrap(check(W.tp_linalg(id, a._ptr, b._ptr)));
    // torch.mm(input, mat2) — positional or keyword. Two tensors take the short road.
    torch[fname] = (...a) => {
      if (a.length === 2 && a[0] instanceof Tensor && a[1] instanceof Tensor) return call(a[0], a[1]);
      if (a.length && isOptions(a[a.length - 1]) && 'out' in a[a.length - 1]) {
        throw new TypeError("tensorpad does not support the 'out' argument");
      }
      const got = bind(fname, a, [p0, p1]);
      for (const n of [p0, p1]) {
        if (got[n] === undefined) throw missingArg(fname, n);
      }
      return call(tensorArg(Tensor, fname, p0, 1, got[p0]), tensorArg(Tensor, fname, p1, 2, got[p1]));
    };
    // x.mm(mat2): the tensor is `input`; the other operand is position 1, as in Python.
    Tensor.prototype[fname] = function (...a) {
      if (a.length === 1 && a[0] instanceof Tensor) return call(this, a[0]);
      const got = bind(fname, a, [p1]);
      if (got[p1] === undefined) throw missingArg(fname, p1);
      return call(this, tensorArg(Tensor, fname, p1, 1, got[p1]));
    };
  }

  // addmm(input, mat1, mat2, {beta = 1, alpha = 1}): beta and alpha are keyword-only.
  const addmm = (fname, args, self) => {
    const [pos, opts] = splitOptions(fname, args, ['input', 'mat1', 'mat2', 'beta', 'alpha', 'out']);
    if ('out' in opts) throw new TypeError("tensorpad does not support the 'out' argument");
    const names = self ? ['mat1', 'mat2'] : ['input', 'mat1', 'mat2'];
    if (pos.length > names.length) throw new TypeError(`${fname}() takes ${names.length} positional arguments but ${pos.length} were given`);
    const v = self ? { input: self } : {};
    names.forEach((n, i) => {
      if (i < pos.length) {
        if (n in opts) throw new TypeError(`${fname}() got multiple values for argument '${n}'`);
        v[n] = pos[i];
      } else if (n in opts) v[n] = opts[n];
      else throw missingArg(fname, n);
    });
    const t = ['input', 'mat1', 'mat2'].map((n, i) => tensorArg(Tensor, fname, n, self ? i : i + 1, v[n]));
    const beta = scalarArg(fname, 'beta', opts.beta ?? 1), alpha = scalarArg(fname, 'alpha', opts.alpha ?? 1);
    return wrap(check(W.tp_addmm(t[0]._ptr, t[1]._ptr, t[2]._ptr, beta, alpha)));
  };
  torch.addmm = (...a) => addmm('addmm', a, null);
  Tensor.prototype.addmm = function (...a) { return addmm('addmm', a, this); };
}
