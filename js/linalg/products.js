// More linear algebra (addmv, addr, baddbmm, addbmm and their in-place forms, addmm_, inner,
// vdot, kron, cross, matrix_power): Tensor methods and torch.* functions over the tp_* entries
// of src/ops/linalg/products.c. This file only binds Python's arguments; install(torch, Tensor) runs
// once, from tensorpad.js.
import { W, check, checkStatus } from '../core/wasm.js';
import { bind, missingArg, splitOptions, checkInt } from '../core/args.js';
import { describe } from '../core/dtype.js';
import { wrap } from '../tensor/tensor.js';

function scalarArg(fname, name, v) {
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'number') return v;
  throw new TypeError(`${fname}(): argument '${name}' must be Number, not ${describe(v)}`);
}

export function install(torch, Tensor) {
  const tensorArg = (fname, name, position, v) => {
    if (v instanceof Tensor) return v;
    throw new TypeError(`${fname}(): argument '${name}' (position ${position}) must be Tensor, not ${describe(v)}`);
  };
  const required = (fname, got, names) => {
    for (const n of names) if (got[n] === undefined) throw missingArg(fname, n);
  };

  // input + two operands, with keyword-only beta and alpha (as torch.addmm)
  const FAMILY = {
    addmv: ['mat', 'vec'], addr: ['vec1', 'vec2'], baddbmm: ['batch1', 'batch2'], addbmm: ['batch1', 'batch2'],
  };
  const family = (fname, a, self) => {
    const base = fname.replace(/_$/, '');
    const [p, q] = base === 'addmm' ? ['mat1', 'mat2'] : FAMILY[base];
    const [pos, opts] = splitOptions(fname, a, ['input', p, q, 'beta', 'alpha', 'out']);
    if ('out' in opts) throw new TypeError("tensorpad does not support the 'out' argument");
    const names = self ? [p, q] : ['input', p, q];
    if (pos.length > names.length) throw new TypeError(`${fname}() takes ${names.length} positional arguments but ${pos.length} were given`);
    const v = self ? { input: self } : {};
    names.forEach((n, i) => {
      if (i < pos.length) {
        if (n in opts) throw new TypeError(`${fname}() got multiple values for argument '${n}'`);
        v[n] = pos[i];
      } else if (n in opts) v[n] = opts[n];
    });
    required(fname, v, names);
    const t = ['input', p, q].map((n, i) => tensorArg(fname, n, self ? i : i + 1, v[n])._ptr);
    const beta = scalarArg(fname, 'beta', opts.beta ?? 1), alpha = scalarArg(fname, 'alpha', opts.alpha ?? 1);
    if (fname.endsWith('_')) {
      checkStatus(W[`tp_${fname}`](t[0], t[1], t[2], beta, alpha));
      return self;
    }
    return wrap(check(W[`tp_${fname}`](t[0], t[1], t[2], beta, alpha)));
  };
  for (const name of Object.keys(FAMILY)) {
    torch[name] = (...a) => family(name, a, null);
    Tensor.prototype[name] = function (...a) { return family(name, a, this); };
    Tensor.prototype[`${name}_`] = function (...a) { return family(`${name}_`, a, this); };
  }
  Tensor.prototype.addmm_ = function (...a) { return family('addmm_', a, this); };

  // two tensors: torch.inner(input, other) / x.inner(other)
  const pair = { inner: 'other', vdot: 'other', kron: 'other' };
  for (const [name, other] of Object.entries(pair)) {
    torch[name] = (...a) => {
      const o = bind(name, a, ['input', other]);
      required(name, o, ['input', other]);
      return wrap(check(W[`tp_${name}`](tensorArg(name, 'input', 1, o.input)._ptr, tensorArg(name, other, 2, o[other])._ptr)));
    };
    Tensor.prototype[name] = function (...a) {
      const o = bind(name, a, [other]);
      required(name, o, [other]);
      return wrap(check(W[`tp_${name}`](this._ptr, tensorArg(name, other, 1, o[other])._ptr)));
    };
  }

  // cross(input, other, dim=None): without dim, the first dim of size 3 (torch.cross's default)
  const cross = (fname, self, a) => {
    const o = bind(fname, a, self ? ['other', 'dim'] : ['input', 'other', 'dim']);
    const input = self ?? tensorArg(fname, 'input', 1, o.input);
    required(fname, { other: o.other }, ['other']);
    const dim = o.dim === undefined || o.dim === null ? -1e9 : checkInt(fname, 'dim', o.dim);
    return wrap(check(W.tp_cross(input._ptr, tensorArg(fname, 'other', self ? 1 : 2, o.other)._ptr, dim)));
  };
  torch.cross = (...a) => cross('cross', null, a);
  Tensor.prototype.cross = function (...a) { return cross('cross', this, a); };

  const matrixPower = (self, a) => {
    const { n } = bind('matrix_power', a, ['n']);
    required('matrix_power', { n }, ['n']);
    return wrap(check(W.tp_matrix_power(self._ptr, checkInt('matrix_power', 'n', n))));
  };
  torch.matrix_power = (x, ...a) => matrixPower(tensorArg('matrix_power', 'input', 1, x), a);
  Tensor.prototype.matrix_power = function (...a) { return matrixPower(this, a); };
}
