// The bridge to the wasm core: loading, the one error check, strings, scratch vectors and
// heap views. Everything that touches `memory` goes through here.
//
// Node and cross-origin-isolated pages get the shared-memory build, whose growth never
// detaches a TypedArray already handed out; other pages get the plain build, which
// reserves 128 MB up front (see docs/API.md, "Memory").

const isNode = typeof process !== 'undefined' && !!process.versions?.node;
const sharedOK = isNode || globalThis.crossOriginIsolated === true;
const wasmName = sharedOK ? 'tensorpad.wasm' : 'tensorpad-plain.wasm';
// Node's modules come from process.getBuiltinModule (Node >= 20.16), never from an `import` of
// `node:*`, so that bundlers see nothing of Node on the browser path.
const nodeModule = isNode ? (name) => process.getBuiltinModule(name) : null;

/* global TENSORPAD_WASM_DIR, TENSORPAD_SYNC_LOAD */
/** Where the wasm is. In order: the page's override, set before the library loads
 *  (globalThis.TENSORPAD_WASM_PATH: a folder URL that holds both builds, or an object from
 *  file name to URL); a folder fixed at build time (TENSORPAD_WASM_DIR: './' in the dist/
 *  bundles, '../dist/' in the playground); else ../../dist/ from here. The last two URLs are
 *  written out literally so that bundlers (Vite, webpack, Rollup, esbuild's file loader) see
 *  `new URL('…wasm', import.meta.url)` and emit the file. */
// (`here`, not import.meta.url, for computed names: webpack takes `new URL(expr, import.meta.url)` for an asset.)
const here = import.meta.url;
function wasmLocation() {
  const o = globalThis.TENSORPAD_WASM_PATH;
  const page = globalThis.location?.href ?? here;
  if (typeof o === 'string' || o instanceof URL) return new URL(wasmName, new URL(String(o), page));
  if (o && typeof o === 'object' && o[wasmName]) return new URL(String(o[wasmName]), page);
  if (o !== undefined && o !== null) throw new TypeError(`tensorpad: globalThis.TENSORPAD_WASM_PATH must be a folder URL or {'${wasmName}': url}`);
  if (typeof TENSORPAD_WASM_DIR === 'string') return new URL(TENSORPAD_WASM_DIR + wasmName, here);
  return sharedOK ? new URL('../../dist/tensorpad.wasm', import.meta.url) : new URL('../../dist/tensorpad-plain.wasm', import.meta.url);
}
const wasmUrl = wasmLocation();

/** A message as text, for any value (as Python's exceptions take any object): no engine error
 * for an object without a primitive value or an array nested too deep to join. */
function textOf(v) {
  if (typeof v === 'string' || v === undefined) return v;
  try { return String(v); } catch { return Object.prototype.toString.call(v); }
}

/** Errors from the core carry PyTorch's message text. */
export class TensorError extends Error {
  constructor(message) {
    super(textOf(message));
    this.name = 'TensorError';
  }
}

// ---- heap growth ------------------------------------------------------------------------
// Finalizers only run between macrotasks, so a long synchronous loop that never disposes
// its tensors grows the heap. Warn once when one synchronous stretch grows it a lot.
const GROWTH_WARN_BYTES = 256 * 1024 * 1024;
let stretchStart = null;
let warnedGrowth = false;
let lastBytes = 0;
const heapListeners = [];

function onMemoryGrowth() {
  const now = memory.buffer.byteLength;
  if (stretchStart === null) {
    stretchStart = lastBytes;
    const timer = setTimeout(() => { stretchStart = null; }, 0);
    timer?.unref?.();
  }
  lastBytes = now;
  for (const fn of heapListeners) fn();
  if (!warnedGrowth && now - stretchStart > GROWTH_WARN_BYTES) {
    warnedGrowth = true;
    console.warn(
      `tensorpad: the wasm heap grew by ${Math.round((now - stretchStart) / 2 ** 20)} MB in one ` +
      'synchronous stretch. Tensors are released by the garbage collector only between ' +
      'macrotasks: wrap each loop iteration in torch.scope(() => ...), call t.dispose(), ' +
      'or await a macrotask (setTimeout) now and then.');
  }
}

function readNodeFile(url) {
  return nodeModule('node:fs').readFileSync(url.protocol === 'file:' ? url : String(url));
}

/** The response if it is the wasm (not a 404, nor a dev server's index.html), else null. */
async function fetchWasm(url) {
  const res = await fetch(url);
  return res.ok && !/text\/html|json/.test(res.headers.get('Content-Type') ?? '') ? res : null;
}

async function loadBytes() {
  if (isNode && wasmUrl.protocol === 'file:') return readNodeFile(wasmUrl);
  // Bundlers that do not emit `new URL` assets (esbuild) leave the URL pointing nowhere: then
  // the wasm is looked for next to the bundle, where it can be copied.
  const res = await fetchWasm(wasmUrl) ?? (globalThis.TENSORPAD_WASM_PATH ? null : await fetchWasm(new URL(wasmName, here)));
  if (!res) throw new Error(`tensorpad: cannot load ${wasmUrl}; copy node_modules/tensorpad/dist/*.wasm next to your bundle, or set globalThis.TENSORPAD_WASM_PATH to their folder before importing tensorpad`);
  return res.arrayBuffer();
}

// Gradient hooks (register_hook) are JS functions the core calls during backward.
let hookHandler = () => 0;
/** Installs the function the core calls as env.tp_hook(id, gradPtr) -> tensor pointer or 0. */
export function setHookHandler(fn) { hookHandler = fn; }
// Custom autograd Functions' backward (Note [Custom Functions] in src/autograd/derivatives.c).
let customHandler = () => 0;
/** Installs env.tp_custom(id, nout, goutPtr, nin, ginPtr) -> 0 or -1 (nout -1: the node is freed;
 *  -2: its saved tensors are released). */
export function setCustomHandler(fn) { customHandler = fn; }

const imports = {
  env: {
    emscripten_notify_memory_growth: () => onMemoryGrowth(),
    tp_hook: (id, grad) => hookHandler(id, grad),
    tp_custom: (id, nout, gout, nin, gin) => customHandler(id, nout, gout, nin, gin),
  },
};
// The CommonJS build (dist/tensorpad.cjs, Node only) compiles synchronously: there is no
// top-level await in CommonJS, and Node allows a synchronous compile of any size.
const instance = typeof TENSORPAD_SYNC_LOAD !== 'undefined' && TENSORPAD_SYNC_LOAD
  ? new WebAssembly.Instance(new WebAssembly.Module(readNodeFile(wasmUrl)), imports)
  : (await WebAssembly.instantiate(await loadBytes(), imports)).instance;

/** The raw exports of the core (tp_* functions). */
export const W = instance.exports;
export const memory = W.memory;
export const sharedMemory = typeof SharedArrayBuffer !== 'undefined' && memory.buffer instanceof SharedArrayBuffer;
W._initialize();
lastBytes = memory.buffer.byteLength;

// ---- collection pressure ---------------------------------------------------------------------
// V8 collects when the JS heap fills, and tensor handles are tiny JS objects whose memory
// lives in the wasm heap, so without help a loop that awaits macrotasks could still grow
// the wasm heap for a long time before any finalizer runs. In Node, when many tensors or
// bytes have become live since the last collection, one full GC is scheduled for the next
// macrotask (never inside synchronous code); the finalizers then release the handles.
// Browsers offer no such hook: there the docs teach torch.scope / dispose.
let forceGC = null;
if (isNode) {
  try {
    nodeModule('node:v8').setFlagsFromString('--expose-gc');
    forceGC = nodeModule('node:vm').runInNewContext('gc');
  } catch {
    forceGC = null;
  }
}
const PRESSURE_TENSORS = 10000;
const PRESSURE_BYTES = 32 * 1024 * 1024;
let untilCheck = 1024, baseTensors = 0, baseBytes = 0, gcScheduled = false;

/** Called for every new tensor handle; cheap except once every 1024 calls. */
export function notePressure() {
  if (--untilCheck > 0 || !forceGC) return;
  untilCheck = 1024;
  const n = W.tp_live_tensors(), b = W.tp_live_bytes();
  if (n < baseTensors) baseTensors = n;
  if (b < baseBytes) baseBytes = b;
  if (gcScheduled || (n - baseTensors < PRESSURE_TENSORS && b - baseBytes < PRESSURE_BYTES)) return;
  gcScheduled = true;
  const timer = setTimeout(() => {
    gcScheduled = false;
    forceGC();
    baseTensors = W.tp_live_tensors();
    baseBytes = W.tp_live_bytes();
  }, 0);
  timer?.unref?.();
}

/** Called after every heap growth (views over the old buffer may be stale). */
export function onHeapGrowth(fn) { heapListeners.push(fn); }

/** Every ArrayBuffer/SharedArrayBuffer object that has backed the heap. */
export const heapBuffers = new WeakSet([memory.buffer]);
export function heapBuffer() {
  const b = memory.buffer;
  heapBuffers.add(b);
  return b;
}

// ---- errors ---------------------------------------------------------------------------
export function lastError() { return cstr(W.tp_last_error()); }

/** Throws the core's last error when a call returned NULL. */
export function check(ptr) {
  if (!ptr) throw new TensorError(lastError());
  return ptr;
}

/** Throws the core's last error when a call returned a negative status. */
/** fn() with gradient recording on or off (torch.no_grad / enable_grad's core), then the mode as it was. */
export function withGradMode(enabled, fn) {
  const old = W.tp_set_grad_enabled(enabled ? 1 : 0);
  try {
    return fn();
  } finally {
    W.tp_set_grad_enabled(old);
  }
}

export function checkStatus(rc) {
  if (rc < 0) throw new TensorError(lastError());
  return rc;
}

// ---- strings and scratch --------------------------------------------------------------
const decoder = new TextDecoder();
export function cstr(ptr) {
  const bytes = new Uint8Array(memory.buffer);
  let end = ptr;
  while (bytes[end] !== 0) end++;
  return decoder.decode(bytes.slice(ptr, end));  // slice: TextDecoder refuses shared views
}

const argsPtr = W.tp_args();
/** Writes numbers into the core's static scratch vector and returns its address. */
export function args(values) {
  if (values.length > 64) throw new TensorError(`too many values (${values.length}) for one call`);
  const f = new Float64Array(memory.buffer, argsPtr, values.length);
  try {
    f.set(values);
  } catch {  // BigInt values (a BigInt64Array, 2n): as numbers
    for (let i = 0; i < values.length; i++) f[i] = typeof values[i] === 'bigint' ? Number(values[i]) : +values[i];
  }
  return argsPtr;
}

const encoder = new TextEncoder();
/** Runs fn(ptr) with a NUL-terminated copy of s on the heap. */
export function withCString(s, fn) {
  if (!s) return fn(0);
  const bytes = encoder.encode(s);
  const p = check(W.tp_malloc(bytes.length + 1));
  try {
    const view = new Uint8Array(memory.buffer, p, bytes.length + 1);
    view.set(bytes);
    view[bytes.length] = 0;
    return fn(p);
  } finally {
    W.tp_free(p);
  }
}
