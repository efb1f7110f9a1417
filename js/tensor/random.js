// Random sampling beyond rand/randn/randint: bernoulli, exponential_, geometric_,
// log_normal_, cauchy_, multinomial, randperm and torch.normal's tensor forms.
// install(torch, Tensor) is called once by tensorpad.js. The draws are the core's
// (src/ops/random/random.c, PyTorch's CPU kernels); this file only binds arguments.
import { W, args as argsOf, check, checkStatus, TensorError } from '../core/wasm.js';
import { bind, missingArg, isOptions, splitOptions, checkInt, checkBool, invalidCombination } from '../core/args.js';
import { bindGen, generatorOf } from '../core/generator.js';
import { byName, toDtype, describe, defaultFloat, checkDevice } from '../core/dtype.js';
import { wrap, asTensor, scalarValue } from './tensor.js';

const CREATE_KEYS = ['dtype', 'device', 'requires_grad', 'layout', 'pin_memory', 'generator', 'out'];

function noOut(o) {
  if (o.out !== undefined && o.out !== null) throw new TypeError("tensorpad does not support the 'out' argument");
  checkDevice(o.device);
}

/** A fresh tensor filled by init; released if init throws. */
function fresh(ptr, init) {
  const t = wrap(check(ptr));
  try {
    init(t);
  } catch (e) {
    t.dispose();
    throw e;
  }
  W.tp_tensor_created(t._ptr);
  return t;
}

/** A factory's result starts at version 0, as in PyTorch. */
function created(t) {
  W.tp_tensor_created(t._ptr);
  return t;
}

function requiresGrad(t, o) {
  if (o.requires_grad) t.requires_grad_(true);
  return t;
}

export function install(torch, Tensor) {
  const P = Tensor.prototype;
  const num = (fname, v) => scalarValue(fname, v);

  // bernoulli_ and bernoulli have overloads in PyTorch's binding, so a positional or
  // mistyped generator gives its "invalid combination" message.
  const BERNOULLI_SIGS = ['Tensor p, *, torch.Generator generator', 'float p = 0.5, *, torch.Generator generator'];
  const bernoulliGen = (fname, a, g, sigs, isFunction) => generatorOf(fname, g, () => invalidCombination(fname, a, sigs, isFunction));
  const tooMany = (fname, a, max, sigs, isFunction) => {
    const n = a.length && isOptions(a[a.length - 1]) ? a.length - 1 : a.length;
    if (n > max) throw invalidCombination(fname, a, sigs, isFunction);
  };
  P.bernoulli_ = function (...a) {
    tooMany('bernoulli_', a, 1, BERNOULLI_SIGS);
    const { p, generator } = bind('bernoulli_', a, ['p', 'generator'], { p: 0.5 });
    const g = bernoulliGen('bernoulli_', a, generator, BERNOULLI_SIGS);
    if (p instanceof Tensor) checkStatus(W.tp_bernoulli_tensor_(this._ptr, p._ptr, g));
    else checkStatus(W.tp_bernoulli_(this._ptr, num('bernoulli_', p), g));
    return this;
  };
  // torch.bernoulli(input): input holds the probabilities; torch.bernoulli(input, p): a
  // tensor like input of draws with probability p (PyTorch's two overloads).
  const BERNOULLI_FN_SIGS = ['Tensor input, *, torch.Generator generator, Tensor out', 'Tensor input, float p, *, torch.Generator generator'];
  const BERNOULLI_M_SIGS = ['*, torch.Generator generator', 'float p, *, torch.Generator generator'];
  function bernoulli(input, isMethod, ...a) {
    const sigs = isMethod ? BERNOULLI_M_SIGS : BERNOULLI_FN_SIGS;
    const shown = isMethod ? a : [input, ...a];
    tooMany('bernoulli', a, 1, sigs);
    const { p, generator } = bind('bernoulli', a, ['p', 'generator']);
    const x = asTensor(input, 'bernoulli');
    const g = bernoulliGen('bernoulli', shown, generator, sigs);
    if (p !== undefined && p !== null && typeof p !== 'number' && !(p instanceof Tensor)) throw invalidCombination('bernoulli', shown, sigs);
    if (p === undefined || p === null) return created(wrap(check(W.tp_bernoulli(x._ptr, g))));
    return fresh(W.tp_empty_like(x._ptr, x.dtype.code), (t) => t.bernoulli_(p, generator == null ? {} : { generator }));
  }
  P.bernoulli = function (...a) { return bernoulli(this, true, ...a); };
  torch.bernoulli = (input, ...a) => {
    if (input && typeof input === 'object' && !(input instanceof Tensor) && 'input' in input) {
      const { input: x, ...rest } = input;
      return bernoulli(x, false, rest);
    }
    return bernoulli(input, false, ...a);
  };

  P.exponential_ = function (...a) {
    const { lambd, generator } = bindGen('exponential_', a, ['lambd', 'generator'], { lambd: 1 });
    const g = generatorOf('exponential_', generator);
    checkStatus(W.tp_exponential_(this._ptr, num('exponential_', lambd), g));
    return this;
  };
  P.geometric_ = function (...a) {
    const { p, generator } = bindGen('geometric_', a, ['p', 'generator'], undefined, 1);
    if (p === undefined) throw missingArg('geometric_', 'p');
    const g = generatorOf('geometric_', generator);
    checkStatus(W.tp_geometric_(this._ptr, num('geometric_', p), g));
    return this;
  };
  P.log_normal_ = function (...a) {
    const { mean, std, generator } = bindGen('log_normal_', a, ['mean', 'std', 'generator'], { mean: 1, std: 2 });
    const g = generatorOf('log_normal_', generator);
    checkStatus(W.tp_log_normal_(this._ptr, num('log_normal_', mean), num('log_normal_', std), g));
    return this;
  };
  P.cauchy_ = function (...a) {
    const { median, sigma, generator } = bindGen('cauchy_', a, ['median', 'sigma', 'generator'], { median: 0, sigma: 1 });
    const g = generatorOf('cauchy_', generator);
    checkStatus(W.tp_cauchy_(this._ptr, num('cauchy_', median), num('cauchy_', sigma), g));
    return this;
  };

  function multinomial(input, isMethod, ...a) {
    const n = a.length && isOptions(a[a.length - 1]) ? a.length - 1 : a.length;
    if (n > 2) throw new TypeError(`multinomial() takes from ${isMethod ? 1 : 2} to ${isMethod ? 2 : 3} positional arguments but ${n + !isMethod} were given`);
    const { num_samples, replacement, generator } = bind('multinomial', a, ['num_samples', 'replacement', 'generator'], { replacement: false });
    const x = asTensor(input, 'multinomial');
    if (num_samples === undefined) throw missingArg('multinomial', 'num_samples');
    checkBool('multinomial', 'replacement', replacement);
    const g = generatorOf('multinomial', generator);
    return wrap(check(W.tp_multinomial(x._ptr, checkInt('multinomial', 'num_samples', num_samples), replacement ? 1 : 0, g)));
  }
  P.multinomial = function (...a) { return multinomial(this, true, ...a); };
  torch.multinomial = (input, ...a) => multinomial(input, false, ...a);
  torch.poisson = (input, ...a) => {  // generator may be positional here (PyTorch's binding)
    const { generator } = bind('poisson', a, ['generator']);
    const x = asTensor(input, 'poisson');
    return created(wrap(check(W.tp_poisson(x._ptr, generatorOf('poisson', generator)))));
  };

  const RANDPERM_SIGS = ['int n, *, torch.Generator generator, Tensor out, torch.dtype dtype, torch.layout layout, torch.device device, bool pin_memory, bool requires_grad',
    'int n, *, Tensor out, torch.dtype dtype, torch.layout layout, torch.device device, bool pin_memory, bool requires_grad'];
  torch.randperm = (...a) => {
    const [pos0] = splitOptions('randperm', a, ['n', ...CREATE_KEYS]);
    if (pos0.length > 1) throw invalidCombination('randperm', a, RANDPERM_SIGS);
    const { n, ...o } = bind('randperm', a, ['n', ...CREATE_KEYS]);
    noOut(o);
    if (n === undefined) throw missingArg('randperm', 'n');
    const g = generatorOf('randperm', o.generator, () => invalidCombination('randperm', a, RANDPERM_SIGS));
    const dt = o.dtype === undefined || o.dtype === null ? byName.int64 : toDtype(o.dtype, 'randperm');
    if (!(typeof n === 'bigint' || Number.isInteger(n))) throw new TypeError(`randperm(): argument 'n' (position 1) must be int, not ${describe(n)}`);
    const t = wrap(check(W.tp_randperm(Number(n), dt.code, g)));
    W.tp_tensor_created(t._ptr);
    return requiresGrad(t, o);
  };

  // torch.normal: (Tensor mean, Tensor std), (Tensor mean, float std=1), (float mean,
  // Tensor std) and (float mean, float std, size). As 1.13's normal_out_impl: standard
  // normals drawn into the result (normal_ with mean 0), then scaled by std and shifted by
  // mean with in-place ops (src/ops/random/random.c), so the values are PyTorch's for the same seed.
  const NORMAL_SIGS = ['Tensor mean, Tensor std, *, torch.Generator generator, Tensor out', 'Tensor mean, float std, *, torch.Generator generator, Tensor out',
    'float mean, Tensor std, *, torch.Generator generator, Tensor out', 'float mean, float std, tuple of ints size, *, torch.Generator generator, Tensor out, torch.dtype dtype, torch.layout layout, torch.device device, bool pin_memory, bool requires_grad'];
  torch.normal = (...a) => {
    const [pos, o] = splitOptions('normal', a, ['mean', 'std', 'size', ...CREATE_KEYS]);
    noOut(o);
    if (pos.length > 3) throw invalidCombination('normal', a, NORMAL_SIGS);
    const [mean, std, size] = [pos[0] ?? o.mean, pos[1] ?? o.std, pos[2] ?? o.size];
    const g = generatorOf('normal', o.generator, () => invalidCombination('normal', a, NORMAL_SIGS));
    const isT = (v) => v instanceof Tensor;
    if (isT(mean) || isT(std)) {
      if (size !== undefined) throw new TypeError('normal() received an invalid combination of arguments: a size goes with float mean and std only');
      const m = isT(mean) ? 0 : num('normal', mean), s = isT(std) ? 1 : std === undefined ? 1 : num('normal', std);
      return created(wrap(check(W.tp_normal_tensor(isT(mean) ? mean._ptr : 0, isT(std) ? std._ptr : 0, m, s, g))));
    }
    if (size === undefined) throw new TypeError(`normal() received an invalid combination of arguments - got (${[mean, std].map(describe).join(', ')}), but expected a Tensor mean or std, or a size`);
    const dt = o.dtype === undefined || o.dtype === null ? defaultFloat() : toDtype(o.dtype, 'normal');
    const shape = Array.isArray(size) || ArrayBuffer.isView(size) ? Array.from(size, (s) => checkInt('normal', 'size', s)) : [checkInt('normal', 'size', size)];
    return requiresGrad(fresh(W.tp_empty(shape.length, argsOf(shape), dt.code), (t) => t.normal_(num('normal', mean), num('normal', std), { generator: o.generator })), o);
  };
}
