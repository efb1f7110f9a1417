// torch.Generator: PyTorch 1.13's CPU generator objects (src/core/generator.c). Each holds its own
// mt19937 state and cached normal; every random function's `generator` keyword passes one
// to the core (generatorOf), and torch.default_generator is the one torch.manual_seed seeds.
// A generator's state is freed with the JS object (FinalizationRegistry). Seeds are exact
// uint64s: a Number when they fit one exactly, else a BigInt (docs/API.md, "Generators").
import { W, check, checkStatus, TensorError } from './wasm.js';
import { describe } from './dtype.js';
import { bind, isOptions } from './args.js';
import { Tensor, wrap, device } from '../tensor/tensor.js';

const registry = new FinalizationRegistry((ptr) => W.tp_generator_free(ptr));
const internal = Symbol('default generator');
const inspect = Symbol.for('nodejs.util.inspect.custom');

function noArgs(name, a) {
  const n = a.filter((v) => v !== undefined).length;
  if (n) throw new TypeError(`Generator.${name}() takes no arguments (${n} given)`);
}

/** The device a Generator is made for: only the CPU, with PyTorch's messages otherwise. */
function checkDevice(d) {
  if (d === undefined || d === null || d === device) return;
  if (typeof d === 'number') throw new TensorError('Device type CUDA is not supported for torch.Generator() api.');
  if (typeof d !== 'string' && d?.type === undefined) throw new TypeError(`Generator(): argument 'device' (position 1) must be torch.device, not ${describe(d)}`);
  const s = String(d), type = s.split(':')[0];
  if (type === 'cpu') return;
  const known = ['cpu', 'cuda', 'ipu', 'xpu', 'mkldnn', 'opengl', 'opencl', 'ideep', 'hip', 've', 'fpga', 'ort', 'xla', 'lazy', 'vulkan', 'mps', 'meta', 'hpu', 'privateuseone'];
  if (!known.includes(type)) throw new TensorError(`Expected one of ${known.join(', ')} device type at start of device string: ${s}`);
  throw new TensorError(`Device type ${type.toUpperCase()} is not supported for torch.Generator() api.`);
}

/** A uint64 seed as JS hands it back: a Number when exact, else a BigInt. */
function seedValue(hi, lo) {
  const s = (BigInt(hi) << 32n) | BigInt(lo);
  return s <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(s) : s;
}

export class Generator {
  constructor(...a) {
    if (a[0] === internal) {
      this._p = W.tp_default_generator();
      return;
    }
    const pos = a.length && isOptions(a[a.length - 1]) ? a.length - 1 : a.length;
    if (pos > 1) throw new TypeError(`Generator() takes from 0 to 1 positional arguments but ${pos} were given`);
    const { device: d } = bind('Generator', a, ['device']);
    checkDevice(d);
    this._p = check(W.tp_generator_new());
    registry.register(this, this._p);
  }

  get device() { return device; }

  /** Seeds this generator (an int: a Number, a BigInt; -2^63 <= seed < 2^64); returns it. */
  manual_seed(seed, ...rest) {
    if (rest.some((v) => v !== undefined)) throw new TypeError(`manual_seed() takes exactly one argument (${1 + rest.length} given)`);
    let s;
    if (typeof seed === 'bigint') s = seed;
    else if (typeof seed === 'number' && Number.isInteger(seed)) s = BigInt(seed);
    else throw new TensorError(`manual_seed expected a long, but got ${describe(seed)}`);
    if (s >= 2n ** 64n || s < -(2n ** 63n)) throw new TensorError('Overflow when unpacking long');
    const u = BigInt.asUintN(64, s);
    W.tp_generator_manual_seed(this._p, Number(u >> 32n), Number(u & 0xffffffffn));
    return this;
  }

  /** Seeds from the platform's random source (64 bits, as PyTorch reads /dev/urandom); returns the seed. */
  seed(...a) {
    noArgs('seed', a);
    const w = new Uint32Array(2);
    globalThis.crypto.getRandomValues(w);
    W.tp_generator_manual_seed(this._p, w[0], w[1]);
    return seedValue(w[0], w[1]);
  }

  initial_seed(...a) {
    noArgs('initial_seed', a);
    return seedValue(W.tp_generator_initial_seed(this._p, 1), W.tp_generator_initial_seed(this._p, 0));
  }

  /** PyTorch's 5056 state bytes (Note [RNG state bytes], src/core/generator.c) as an int64 tensor. */
  get_state(...a) {
    noArgs('get_state', a);
    const t = wrap(check(W.tp_generator_get_state(this._p)));
    W.tp_tensor_created(t._ptr);
    return t;
  }

  /** Restores a state from get_state (here or, as byte values, from PyTorch); returns this. */
  set_state(state, ...rest) {
    if (rest.some((v) => v !== undefined)) throw new TypeError(`set_state() takes exactly one argument (${1 + rest.length} given)`);
    if (!(state instanceof Tensor)) throw new TypeError(`expected a torch.ByteTensor, but got ${describe(state)}`);
    if (state.dtype.is_floating_point || state.dtype.name === 'bool') throw new TypeError('RNG state must be a torch.ByteTensor');
    checkStatus(W.tp_generator_set_state(this._p, state._ptr));
    return this;
  }

  toString() { return '<torch._C.Generator object>'; }
  [inspect]() { return this.toString(); }
}
Object.defineProperty(Generator, 'pyName', { value: 'torch._C.Generator' });

/** torch.default_generator: the core's default generator (never freed). */
export const default_generator = Object.freeze(new Generator(internal));

/** The core pointer for a `generator` argument: 0 (the default) for undefined/null. `bad`
 *  makes the error of functions whose PyTorch binding has several overloads. */
export function generatorOf(fname, g, bad) {
  if (g === undefined || g === null) return 0;
  if (g instanceof Generator) return g._p;
  throw bad ? bad() : new TypeError(`${fname}(): argument 'generator' must be torch.Generator, not ${describe(g)}`);
}

/** Binds positional-or-keyword parameters plus the keyword-only `generator`, which is the
 *  last of `names` (a constant array: nothing is allocated per call), with Python's message
 *  when too many positional arguments come (min: how many are required). */
export function bindGen(fname, a, names, defaults, min = 0) {
  const last = a.length ? a[a.length - 1] : undefined;
  const n = last !== null && typeof last === 'object' && isOptions(last) ? a.length - 1 : a.length;
  const k = names.length - 1;
  if (n > k) {
    const takes = min === k ? `${k} positional argument${k === 1 ? '' : 's'}` : `from ${min} to ${k} positional arguments`;
    throw new TypeError(`${fname}() takes ${takes} but ${n} were given`);
  }
  return bind(fname, a, names, defaults);
}
