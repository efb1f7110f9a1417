// The JS API fuzzer: random calls over every public torch.* function, torch.nn.functional,
// torch.linalg, the classes of torch and torch.nn, and every Tensor method, with hostile
// arguments. Oracle, after every call: a throw is an Error that is not an engine error (V8's
// "Cannot read properties", "is not a function", "Invalid typed array length", "Maximum call
// stack", a wasm trap); a failed call changed none of the tensors it was given; a canary
// tensor made beforehand is unchanged; the module still computes a known result. A module it
// constructs is printed and, mostly, called on pool tensors.
//
//   node tests/fuzz/api_fuzz.mjs [--seed N] [--calls N]   one seeded, reproducible run
// It prints the seed and, for a failure, the call (its number and its arguments) and exits 1.
// tests/fuzz/run.mjs drives it (fixed seeds for `make test`, many seeds for `make fuzz`).
import torch from '../../js/tensorpad.js';

const argv = process.argv.slice(2);
const opt = (name, dflt) => { const i = argv.indexOf(`--${name}`); return i >= 0 ? Number(argv[i + 1]) : dflt; };
const SEED = opt('seed', 1) >>> 0, CALLS = opt('calls', 2000);
const KEEP_GOING = argv.includes('--keep-going');  // a survey: report every failure, once per target and text
const ONLY = (() => { const i = argv.indexOf('--only'); return i >= 0 ? argv[i + 1] : null; })();

// ---- a seeded PRNG (mulberry32) -----------------------------------------------------------
let rs = SEED || 1;
function rnd() {
  rs = (rs + 0x6D2B79F5) | 0;
  let t = Math.imul(rs ^ (rs >>> 15), 1 | rs);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
const chance = (p) => rnd() < p;

// Warnings are expected for hostile input; keep the output to findings.
console.warn = () => {};
const realLog = console.log;
console.log = () => {};
const say = (...a) => realLog(...a);

// ---- the targets, enumerated from the runtime ------------------------------------------------
const SKIP = new Set([
  'torch.utils', 'torch.set_default_dtype',  // global state the fixed computation depends on
  'Tensor.dispose',  // tried on pool tensors only (see below), never on the canary
]);
const targets = [];
function addFns(prefix, obj) {
  for (const k of Object.keys(obj)) {
    const v = obj[k];
    const name = `${prefix}.${k}`;
    if (SKIP.has(name) || typeof v !== 'function') continue;
    if (/^[A-Z]/.test(k)) targets.push({ name, kind: 'new', fn: v });
    else targets.push({ name, kind: 'fn', fn: v });
  }
}
addFns('torch', torch);
addFns('torch.nn', torch.nn);
addFns('torch.nn.functional', torch.nn.functional);
if (torch.nn.init) addFns('torch.nn.init', torch.nn.init);
addFns('torch.linalg', torch.linalg);
addFns('torch.autograd', torch.autograd);
if (torch.special) addFns('torch.special', torch.special);
if (torch.fft) addFns('torch.fft', torch.fft);
for (const k of Object.getOwnPropertyNames(torch.Tensor.prototype)) {
  const d = Object.getOwnPropertyDescriptor(torch.Tensor.prototype, k);
  if (k === 'constructor' || typeof d.value !== 'function' || SKIP.has(`Tensor.${k}`)) continue;
  targets.push({ name: `Tensor.${k}`, kind: 'method', key: k });
}
const chosen = ONLY ? targets.filter((t) => t.name === ONLY || t.name.startsWith(ONLY + '.') || t.name.endsWith('.' + ONLY)) : targets;
if (!chosen.length) { say(`no target matches ${ONLY}`); process.exit(2); }

// ---- hostile values ---------------------------------------------------------------------------
const DTYPES = [torch.float32, torch.float64, torch.int32, torch.int64, torch.bool];
const NUMBERS = [0, 1, -1, 2, 3, 0.5, -2.5, 1e-300, -0, NaN, Infinity, -Infinity, 2 ** 31, 2 ** 32 + 1, 2 ** 53,
  2 ** 63, -(2 ** 63), 2 ** 64, 1e300, -1e300, 0.1, 7, 100, -100];
const SIZES = [0, 1, 2, 3, -1, -2, 1.5, NaN, Infinity, 2 ** 31, 2 ** 53, -(2 ** 63), 1e300];
let pool = [];

function deep(depth) {
  let v = [1];
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

function makeTensor() {
  const shape = pick([[], [0], [1], [3], [2, 3], [2, 1, 3], [3, 0], [1, 1], [4, 4], [2, 2, 2]]);
  const dt = pick(DTYPES);
  const n = shape.reduce((a, b) => a * b, 1);
  const data = Array.from({ length: n }, (_, i) => (dt === torch.bool ? i % 2 === 0 : dt.is_floating_point ? (i - 2) * 0.75 : i - 2));
  let t = torch.tensor(data, { dtype: dt }).reshape(shape);
  const r = rnd();
  if (r < 0.1 && t.ndim >= 2) t = t.transpose(0, 1);
  else if (r < 0.15 && t.ndim >= 1 && t.shape[0] > 1) t = t.narrow(0, 1, t.shape[0] - 1);
  else if (r < 0.2 && t.ndim >= 1) t = t.unsqueeze(0).expand(2, ...t.shape);
  else if (r < 0.3 && dt.is_floating_point) t = t.clone().requires_grad_();
  else if (r < 0.35 && dt.is_floating_point) t = t.clone().requires_grad_().mul(2);
  return t;
}

function refill() {
  for (const t of pool) if (chance(0.5)) t.dispose();
  pool = Array.from({ length: 12 }, makeTensor);
}

function value(depth = 0) {
  const r = rnd();
  if (r < 0.30) return pick(pool);
  if (r < 0.45) return pick(NUMBERS);
  if (r < 0.50) return pick(SIZES);
  if (r < 0.53) return pick([true, false]);
  if (r < 0.57) return pick([undefined, null]);
  if (r < 0.61) return pick(DTYPES);
  if (r < 0.64) return pick(['a', 'mean', 'sum', 'none', 'cpu', '', '1:3', '...', 'float32', 'reflect', 'fro', 'L', 'tanh']);
  if (r < 0.66) return pick([2n ** 63n, 2n ** 64n, -1n, 3n, -(2n ** 63n) - 1n]);
  if (r < 0.75 && depth < 2) {  // a list: of sizes, of tensors, nested, or deep
    const k = rnd();
    if (k < 0.4) return Array.from({ length: Math.floor(rnd() * 4) }, () => pick(SIZES));
    if (k < 0.6) return Array.from({ length: Math.floor(rnd() * 3) + 1 }, () => pick(pool));
    if (k < 0.8) return Array.from({ length: Math.floor(rnd() * 3) }, () => value(depth + 1));
    if (k < 0.9) return [[1, 2], [3, 4]];
    return deep(pick([5, 100, 5000, 50000]));
  }
  if (r < 0.85 && depth < 2) {  // an options object: known keys with hostile values, unknown keys
    const keys = ['dim', 'keepdim', 'dtype', 'out', 'p', 'inplace', 'training', 'alpha', 'requires_grad', 'generator',
      'size', 'input', 'other', 'weight', 'bias', 'reduction', 'eps', 'value', 'index', 'src', 'mode', 'unbiased',
      'correction', 'lower', 'upper', 'descending', 'stable', 'out_dtype', 'bogus_key', 'memory_format', 'device'];
    const o = {};
    const k = Math.floor(rnd() * 3) + (chance(0.2) ? 0 : 1);
    for (let i = 0; i < k; i++) o[pick(keys)] = value(depth + 1);
    return o;
  }
  if (r < 0.87) return pick([() => 1, (x) => x, function named() { return pool[0]; }]);
  if (r < 0.89) return pick([new Date(0), Symbol('s'), new Map([[1, 2]]), new Set([1]), new Float32Array(3), new Uint16Array(2), new BigInt64Array(2), new ArrayBuffer(8)]);
  if (r < 0.91) return pick([new torch.Slice(0, 2), new torch.Slice(null, null, -1), torch.Ellipsis, torch.default_generator]);
  if (r < 0.93) return Object.create(null);
  if (r < 0.95) return { valueOf: () => 2, toString: () => '2' };
  return pick(pool);
}

function describe(v, depth = 0) {
  if (v instanceof torch.Tensor) {
    if (v.is_disposed) return '<disposed tensor>';
    return `tensor(${JSON.stringify(v.shape)}, ${v.dtype.name}${v.is_contiguous() ? '' : ', strided'}${v.requires_grad ? ', grad' : ''}${v.storage_offset() ? ', off=' + v.storage_offset() : ''})`;
  }
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'symbol') return 'Symbol()';
  if (typeof v === 'function') return `fn ${v.name || 'arrow'}`;
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v);
  if (v === undefined) return 'undefined';
  if (Array.isArray(v)) {
    let d = 0;
    for (let x = v; Array.isArray(x) && x.length === 1; x = x[0]) d++;
    if (d > 8) return `<array nested ${d} deep>`;
    return depth > 2 ? '[...]' : `[${v.map((x) => describe(x, depth + 1)).join(', ')}]`;
  }
  if (v && typeof v === 'object') {
    if (v instanceof torch.dtype) return `torch.${v.name}`;
    if (Object.getPrototypeOf(v) === Object.prototype && depth < 3) return `{${Object.entries(v).map(([k, x]) => `${k}: ${describe(x, depth + 1)}`).join(', ')}}`;
    return `<${v.constructor?.name ?? 'object'}>`;
  }
  return JSON.stringify(v);
}

// ---- the oracle ---------------------------------------------------------------------------------
const ENGINE = /Cannot read propert|Cannot set propert|is not a function|(?<!object) is not iterable|is not a constructor|Invalid typed array length|Invalid array length|Maximum call stack|unreachable|memory access out of bounds|Cannot convert|Cannot mix BigInt|BigInt value|to a BigInt|is not defined|undefined is not|null is not|has no properties|Cannot create property|Reduce of empty array|Array buffer allocation|out of memory|toFixed|toPrecision|Invalid string length|detached|before initialization|Symbol\(|\[object |NaN\)|undefined\)|: undefined|of undefined|not an object|integer overflow|divide by zero|call stack|wasm|RuntimeError: /;

function engineError(e) {
  if (!(e instanceof Error)) return `threw a non-Error: ${String(e)}`;
  if (e instanceof WebAssembly.RuntimeError) return `wasm trap: ${e.message}`;
  if (e instanceof RangeError && e.message !== 'list index out of range') return `RangeError: ${e.message}`;
  if (e instanceof SyntaxError || e instanceof ReferenceError || e instanceof EvalError) return `${e.name}: ${e.message}`;
  if (ENGINE.test(e.message)) return `engine error: ${e.name}: ${e.message}`;
  if (!e.message) return `${e.name} without a message`;
  return null;
}

const canary = torch.tensor([1.5, -2.25, 3.125, 4, 5, 6, 7, 8], { dtype: torch.float64 });
const canaryF = torch.arange(64, { dtype: torch.float32 });
const CANARY = JSON.stringify([canary.tolist(), canaryF.tolist()]);

function moduleComputes() {
  const a = torch.tensor([[1, 2], [3, 4]], { dtype: torch.float32 });
  const b = a.matmul(a).add(1).sum();
  const v = b.item();
  const c = torch.tensor([1, 2, 3]).mul(2).tolist();
  a.dispose(); b.dispose();
  return v === 58 && JSON.stringify(c) === '[2,4,6]';
}

/** A tensor's values as text (an empty tensor whose lists do not fit, tolist's MemoryError: its shape and strides). */
function listText(t) {
  try { return JSON.stringify(t.detach().tolist()); } catch { return `unlisted ${t.shape} ${t.stride()} ${t.storage_offset()}`; }
}

function snapshot(vals) {
  const out = [];
  const seen = new Set();
  const visit = (v, d) => {
    if (v instanceof torch.Tensor) {
      if (!seen.has(v) && !v.is_disposed) {  // (an empty tensor's lists may not fit: tolist's MemoryError)
        seen.add(v);
        out.push([v, listText(v), v._version]);
      }
    } else if (d < 2 && Array.isArray(v) && v.length < 10) v.forEach((x) => visit(x, d + 1));
    else if (d < 2 && v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) Object.values(v).forEach((x) => visit(x, d + 1));
  };
  vals.forEach((v) => visit(v, 0));
  return out;
}

class Continue extends Error {}

// ---- the loop -----------------------------------------------------------------------------------
const reported = new Set();
let failures = 0;
function fail(i, call, why) {
  failures++;
  if (KEEP_GOING) {
    const key = call.split('(')[0] + why.split('\n')[0].replace(/\d+/g, 'N');
    if (!reported.has(key)) { reported.add(key); say(`FAIL seed=${SEED} call #${i}: ${call}\n  ${why.split('\n').slice(0, 2).join('\n  ')}`); }
    throw new Continue();
  }
  say(`FAIL seed=${SEED} call #${i}: ${call}\n  ${why}`);
  say(`  reproduce: node tests/fuzz/api_fuzz.mjs --seed ${SEED} --calls ${i + 1}`);
  process.exit(1);
}

refill();
say(`api_fuzz seed=${SEED} calls=${CALLS} targets=${chosen.length}`);
let thrown = 0;
for (let i = 0; i < CALLS; i++) {
  try {
    step(i);
  } catch (e) {
    if (!(e instanceof Continue)) throw e;
  }
}
function step(i) {
  if (i % 150 === 0 && i) refill();
  const target = pick(chosen);
  const nargs = Math.floor(rnd() * 5);
  const vals = Array.from({ length: nargs }, () => value());
  const self = target.kind === 'method' ? pick(pool) : null;
  const call = `${target.kind === 'new' ? 'new ' : ''}${target.name}${self ? ` on ${describe(self)}` : ''}(${vals.map((v) => describe(v)).join(', ')})`;
  const snap = snapshot(self ? [self, ...vals] : vals);
  process.stdout.write?.('');
  globalThis.__fuzzCurrent = call;
  let res;
  try {
    if (target.kind === 'new') res = new target.fn(...vals);
    else if (target.kind === 'fn') res = target.fn(...vals);
    else res = self[target.key](...vals);
    if (res instanceof torch.Tensor && !res.is_disposed) {
      res.shape; String(res).length;  // a result must be usable: its header and its printing
    }
    if (res instanceof torch.nn.Module) {  // a module made of hostile arguments: print it, call it
      String(res).length;
      if (chance(0.7)) {
        const input = Array.from({ length: 1 + Math.floor(rnd() * 2) }, () => (chance(0.8) ? pick(pool) : value()));
        snap.push(...snapshot(input));
        res.call(...input);
      }
    }
    if (res && typeof res.then === 'function') res.then(() => {}, () => {});
  } catch (e) {
    thrown++;
    const bad = engineError(e);
    if (bad) fail(i, call, `${bad}\n  ${(e?.stack ?? '').split('\n').slice(1, 4).join('\n  ')}`);
    for (const [t, before] of snap) {
      if (!t.is_disposed && listText(t) !== before) fail(i, call, `a failed call changed a tensor it was given: ${before} -> ${listText(t)} (${e.message.split('\n')[0]})`);
    }
  }
  let ok;
  try {
    ok = JSON.stringify([canary.tolist(), canaryF.tolist()]) === CANARY;
  } catch (e) {
    fail(i, call, `the canary cannot be read any more: ${e.message}`);
  }
  if (!ok) fail(i, call, `the canary changed: ${JSON.stringify([canary.tolist(), canaryF.tolist()])}`);
  let computes = false;
  try { computes = moduleComputes(); } catch (e) { fail(i, call, `the module no longer computes: ${e.message}`); }
  if (!computes) fail(i, call, 'the module computes a wrong result after this call');
}
if (failures) { say(`seed=${SEED}: ${failures} failures`); process.exit(1); }
say(`ok seed=${SEED}: ${CALLS} calls, ${thrown} clean errors`);
