// The Web Worker that owns the wasm module and runs the user's code. The page talks to it
// with messages only, so a runaway loop never freezes the page: Stop terminates this worker
// and starts a new one.
//
// page -> worker  {type: 'run', id, code, files}     code already prepared by transform.js; files:
//                 the uploaded files, name -> Uint8Array (torch.load('name') reads them)
// worker -> page  {type: 'ready', info} | {type: 'out', id, text, stream} | {type: 'plot', id, plot}
//                 {type: 'progress', id, value, total, text} | {type: 'views', id, graph, memory}
//                 {type: 'file', id, name, bytes}     torch.save(obj, 'name'): the page offers a download
//                 {type: 'done', id, ok, error, ms} | {type: 'fatal', message}
import * as tensorpad from '../../js/tensorpad.js';
import { format, inspect } from './inspect.js';
import { describeGraph, describeMemory } from './capture.js';
import { createOutQueue } from './outqueue.js';
import { trackBackward, resetBackward, withLastBackward } from './lastgraph.js';

const torch = tensorpad.default;
const USER_URL = 'tensorpad-user-code.js';
const AsyncFunction = (async () => {}).constructor;
const PREFIX = '"use strict";{';
const PARAMS = ['__modules', 'torch', 'print', 'console', 'show', 'plot', 'progress', 'sleep', '__yield', '__capture', '__importError', 'process'];

// Lines the Function constructor puts before the body differ between engines: measure them.
let measuredOffset = null;
async function measureOffset() {
  try {
    await new AsyncFunction(...PARAMS, '"use strict";{throw new Error("probe")\n}\n//# sourceURL=' + USER_URL)();
  } catch (e) {
    const line = userLine(e, 0);
    measuredOffset = line ? line.line - 1 : 0;
  }
}

function userLine(e, offset) {
  const m = new RegExp(`${USER_URL.replace(/\./g, '\\.')}:(\\d+):(\\d+)`).exec(String(e?.stack ?? ''));
  if (!m) return null;
  const line = Number(m[1]) - offset;
  // Line 1 of the user's code follows the '"use strict";{' prefix.
  return { line, col: line === 1 ? Math.max(Number(m[2]) - PREFIX.length, 1) : Number(m[2]) };
}

// ---- helpers the user's code sees ------------------------------------------------------------
let current = null;  // the run in progress: {id, shown, captured, plots}

const out = createOutQueue((msg) => self.postMessage(msg));
function post(msg) { out.flush(); self.postMessage(msg); }
function write(stream, text) { if (current) out.write(current.id, stream, text); }
function emit(stream, args) { if (current) write(stream, format(...args) + '\n'); }
const userConsole = {
  log: (...a) => emit('out', a), info: (...a) => emit('out', a), debug: (...a) => emit('out', a),
  warn: (...a) => emit('err', a), error: (...a) => emit('err', a),
  dir: (x) => emit('out', [inspect(x)]), table: (x) => emit('out', [inspect(x)]),
  time: () => {}, timeEnd: () => {}, assert: (c, ...a) => { if (!c) emit('err', ['Assertion failed', ...a]); },
};
// Library warnings (e.g. the heap-growth warning) land in the output too.
console.warn = (...a) => emit('err', a);

/** show(t, name?): put t (a tensor, or an object/array of tensors) in the graph and memory views. */
function show(t, name) {
  if (!current) return t;
  if (t instanceof tensorpad.Tensor) current.shown.push([name ?? `show${current.shown.length + 1}`, t]);
  else if (t && typeof t.named_parameters === 'function') current.shown.push(...expand([[name ?? t.constructor?.name ?? 'model', t]]));
  else if (t && typeof t === 'object') for (const [k, v] of Object.entries(t)) if (v instanceof tensorpad.Tensor) current.shown.push([k, v]);
  return t;
}

function numbers(v) {
  if (v instanceof tensorpad.Tensor) return v.detach().reshape(-1).tolist();
  if (ArrayBuffer.isView(v)) return Array.from(v, Number);
  if (Array.isArray(v)) return v.map((x) => (x instanceof tensorpad.Tensor ? x.item() : Number(x)));
  throw new TypeError('plot(): expected an array, a TypedArray or a tensor of numbers');
}
function rows(v) {
  if (v instanceof tensorpad.Tensor) return v.detach().tolist();
  return Array.from(v, (r) => Array.from(r instanceof tensorpad.Tensor ? r.tolist() : r, Number));
}

/** plot(ys | {name: ys, ...}, opts): a line chart; repeated calls with the same opts.id update it. */
function plot(ys, opts = {}) {
  if (!current) return;
  const series = ys && typeof ys === 'object' && !Array.isArray(ys) && !ArrayBuffer.isView(ys) && !(ys instanceof tensorpad.Tensor)
    ? Object.entries(ys).map(([name, v]) => ({ name, y: numbers(v) }))
    : [{ name: opts.label ?? 'last', y: numbers(ys) }];
  post({ type: 'plot', id: current.id, plot: { kind: 'line', id: opts.id ?? opts.title ?? 'plot', title: opts.title ?? '', series, xlabel: opts.xlabel ?? '', ylabel: opts.ylabel ?? '', logy: !!opts.logy } });
}
/**
 * plot.scatter(X, labels, {boundary, title, id}): 2-D points coloured by label; boundary(grid)
 * gets a (G*G, 2) tensor of grid points and returns one score per point (a probability in
 * [0, 1] or a logit), drawn as the background.
 */
plot.scatter = (X, labels, opts = {}) => {
  if (!current) return;
  const pts = rows(X), lab = labels === undefined || labels === null ? pts.map(() => 0) : numbers(labels);
  let xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
  const pad = (a) => { const lo = Math.min(...a), hi = Math.max(...a), m = (hi - lo) * 0.1 || 1; return [lo - m, hi + m]; };
  const xr = opts.xrange ?? pad(xs), yr = opts.yrange ?? pad(ys);
  let grid = null;
  if (typeof opts.boundary === 'function') {
    const G = opts.resolution ?? 40, flat = [];
    for (let j = 0; j < G; j++) for (let i = 0; i < G; i++) flat.push([xr[0] + (i + 0.5) * (xr[1] - xr[0]) / G, yr[1] - (j + 0.5) * (yr[1] - yr[0]) / G]);
    const run = () => {
      const g = torch.tensor(flat, { dtype: torch.float32 });
      return numbers(opts.boundary(g));
    };
    const values = torch.no_grad ? torch.no_grad(() => torch.scope(run)) : torch.scope(run);
    grid = { n: G, values };
  }
  post({ type: 'plot', id: current.id, plot: { kind: 'scatter', id: opts.id ?? opts.title ?? 'scatter', title: opts.title ?? '', points: pts, labels: lab, xrange: xr, yrange: yr, grid } });
};

/** progress(i, n, text?): a progress bar in the output pane. */
function progress(value, total, text = '') {
  if (current) post({ type: 'progress', id: current.id, value, total, text: String(text) });
}

// Enough of Node's `process` for example scripts that write progress or read argv/env.
class ExitSignal { constructor(code) { this.code = code; } }
const userProcess = {
  stdout: { write: (s) => { write('out', String(s)); return true; } },
  stderr: { write: (s) => { write('err', String(s)); return true; } },
  argv: ['node', 'playground'], env: {}, platform: 'browser', versions: {},
  exit: (code = 0) => { throw new ExitSignal(code); },
  hrtime: Object.assign(() => { const t = performance.now(); return [Math.floor(t / 1e3), Math.round((t % 1e3) * 1e6)]; },
    { bigint: () => BigInt(Math.round(performance.now() * 1e6)) }),
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- files: a page has no file system, so torch.save(obj, 'name') hands the bytes to the page
// (a download link) and torch.load('name') reads an uploaded file or one this worker saved ----
// (the library's namespace is frozen: the program's `torch` is one that inherits from it)
const files = new Map();
const { save: librarySave, load: libraryLoad } = torch;
function save(obj, f, opts) {
  if (typeof f !== 'string') return librarySave(obj, f, opts);
  const bytes = librarySave(obj, undefined, opts);
  files.set(f, bytes);
  if (current) post({ type: 'file', id: current.id, name: f, bytes: bytes.slice() });
  return undefined;
}
function load(f, opts) {
  if (typeof f !== 'string') return libraryLoad(f, opts);
  const bytes = files.get(f);
  if (!bytes) throw new Error(`No such file: '${f}' (the playground has the files you upload with ⤒ Upload and those torch.save wrote)`);
  return libraryLoad(bytes, opts);
}
const userTorch = Object.create(torch, { save: { value: save, enumerable: true }, load: { value: load, enumerable: true } });

// A macrotask boundary costs ~0.1 ms; take one every few ms of synchronous loop time so
// posted output flushes and finalizers release the tensors of finished iterations.
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()?.();
const macrotask = () => new Promise((r) => { waiting.push(r); channel.port2.postMessage(0); });
let lastYield = 0;
function __yield() {
  const now = performance.now();
  if (now - lastYield < 8) return undefined;
  lastYield = now;
  out.flush();
  return macrotask().then(() => { lastYield = performance.now(); });
}

function __importError(what) {
  throw new Error(`the playground cannot import '${what}': only tensorpad (and node:util / node:assert shims) are available`);
}

const assert = Object.assign((c, m) => { if (!c) throw new Error(m ?? 'assertion failed'); }, {
  ok: (c, m) => { if (!c) throw new Error(m ?? 'assertion failed'); },
  equal: (a, b, m) => { if (a != b) throw new Error(m ?? `${inspect(a)} == ${inspect(b)}`); },
  strictEqual: (a, b, m) => { if (!Object.is(a, b)) throw new Error(m ?? `Expected values to be strictly equal:\n\n${inspect(a)} !== ${inspect(b)}`); },
  deepStrictEqual: (a, b, m) => { if (inspect(a) !== inspect(b)) throw new Error(m ?? `Expected values to be strictly deep-equal`); },
  throws: (fn, _e, m) => { try { fn(); } catch { return; } throw new Error(m ?? 'Missing expected exception.'); },
});
const modules = {
  tensorpad: { ...tensorpad, default: userTorch },
  util: { inspect, format },
  assert: Object.assign(assert, { default: assert, strict: assert }),
  perf_hooks: { performance },
};
modules.assert.default = assert;
modules.util.default = modules.util;
modules.perf_hooks.default = modules.perf_hooks;
trackBackward(torch, tensorpad.Tensor);
Object.assign(globalThis, { torch: userTorch, print: (...a) => emit('out', a), show, plot, progress });

/**
 * Top-level variables as [name, tensor-or-array] pairs: modules contribute their named
 * parameters (`model.0.weight`), short arrays and plain objects their tensor entries.
 */
function expand(vars) {
  const out = [];
  for (const [name, v] of vars) {
    if (v instanceof tensorpad.Tensor || ArrayBuffer.isView(v)) out.push([name, v]);
    else if (v && typeof v.named_parameters === 'function') {
      try { for (const [p, t] of v.named_parameters()) out.push([`${name}.${p}`, t]); } catch { /* not a module after all */ }
    } else if (Array.isArray(v) && v.length <= 16) {
      v.forEach((t, i) => { if (t instanceof tensorpad.Tensor) out.push([`${name}[${i}]`, t]); });
    } else if (v && Object.getPrototypeOf(v) === Object.prototype) {
      for (const [k, t] of Object.entries(v).slice(0, 16)) if (t instanceof tensorpad.Tensor) out.push([`${name}.${k}`, t]);
    }
  }
  return out;
}

/** The error of a run for the page: name, message, line in the user's code; null for exit(0). */
function describeError(e) {
  if (e instanceof ExitSignal) return e.code === 0 ? null : { name: 'Exit', message: `process.exit(${e.code})`, line: null };
  const where = userLine(e, measuredOffset ?? 0);
  const message = e?.message ?? String(e);
  return {
    name: e?.name ?? 'Error',
    message,
    line: where?.line ?? null,
    col: where?.col ?? null,
    syntax: e instanceof SyntaxError && !where,
    // The runtime itself may be worn out (a heap grown to its limit never shrinks; a trap
    // may leave the core mid-update): the page offers a fresh worker, and uses one next Run.
    fatal: e instanceof WebAssembly.RuntimeError || /not enough memory|out of memory|can't allocate memory|Array buffer allocation failed|WebAssembly\.Memory/i.test(message),
  };
}

// Errors from callbacks the run left behind (timers, promises nobody awaited).
self.addEventListener('unhandledrejection', (ev) => {
  ev.preventDefault();
  const d = describeError(ev.reason);
  if (d) emit('err', [`Uncaught (in promise) ${d.name}: ${d.message}${d.line ? ` (line ${d.line})` : ''}`]);
});
self.addEventListener('error', (ev) => {
  ev.preventDefault();
  const d = describeError(ev.error ?? new Error(ev.message));
  if (d) emit('err', [`Uncaught ${d.name}: ${d.message}${d.line ? ` (line ${d.line})` : ''}`]);
});

// ---- running ---------------------------------------------------------------------------------
async function run({ id, code, files: uploaded }) {
  current = { id, shown: [], captured: null };
  for (const [name, bytes] of uploaded ?? []) files.set(name, bytes);
  resetBackward();
  tensorpad.resetWarnings();   // each run shows PyTorch's warnings as a fresh process would
  const t0 = performance.now();
  lastYield = t0;
  let error = null;
  try {
    const fn = new AsyncFunction(...PARAMS, `${PREFIX}${code}\n}\n//# sourceURL=${USER_URL}`);
    await fn(modules, userTorch, (...a) => emit('out', a), userConsole, show, plot, progress, sleep, __yield,
      (vars) => { current.captured = vars; }, __importError, userProcess);
  } catch (e) {
    error = describeError(e);
  }
  const ms = performance.now() - t0;
  // Each view is best effort: a failure in one leaves the other (and the run) intact.
  const named = withLastBackward(current.shown.length ? current.shown : expand(Object.entries(current.captured ?? {})), code, tensorpad.Tensor);
  let graph = null, memory = null;
  try { graph = describeGraph(torch, tensorpad.Tensor, named); } catch (e) { graph = { unavailable: `could not export the graph (${e?.message ?? e})` }; }
  try { memory = describeMemory(torch, tensorpad.Tensor, named); } catch { memory = null; }
  post({ type: 'views', id, graph, memory });
  post({ type: 'done', id, ok: !error, error, ms, stats: torch.memory_stats() });
  current = null;
}

self.onmessage = (e) => {
  const msg = e.data;
  if (msg.type === 'run') run(msg);
};

await measureOffset();
post({
  type: 'ready',
  info: {
    shared: torch.shared_memory, isolated: self.crossOriginIsolated === true,
    autograd: typeof torch.autograd?.graph === 'function', backward: typeof tensorpad.Tensor.prototype.backward === 'function',
    ops: typeof tensorpad.Tensor.prototype.add === 'function',
  },
});
