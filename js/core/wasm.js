// The bridge to the wasm core: loading, the one error check, strings, scratch vectors and
// heap views. Everything that touches `memory` goes through here.
//
// Node and cross-origin-isolated pages get the shared-memory build, whose growth never
// detaches a TypedArray already handed out; other pages get the plain build, which
// reserves 128 MB up front (see docs/API.md, "Memory").

const isNode = typeof process !== 'undefined' && !!process.versions?.node;
const sharedOK = isNode || globalThis.crossOriginIsolated === true;
const wasmName = sharedOK ? 'tensorpad.wasm' : 'tensorpad-plain.wasm';
/* global TENSORPAD_WASM_DIR */
// js/core/wasm.js finds the wasm in ../../dist/; the minified bundle (dist/tensorpad.min.js) is built with
// TENSORPAD_WASM_DIR defined as './', so it finds the wasm next to itself wherever it is served.
const wasmDir = typeof TENSORPAD_WASM_DIR === 'string' ? TENSORPAD_WASM_DIR : '../../dist/';
const wasmUrl = new URL(`${wasmDir}${wasmName}`, import.meta.url);

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

async function loadBytes() {
  if (isNode) {
    const { readFile } = await import('node:fs/promises');
    return readFile(wasmUrl);
  }
  const res = await fetch(wasmUrl);
  if (!res.ok) throw new Error(`tensorpad: cannot load ${wasmUrl}: HTTP ${res.status}`);
  return res.arrayBuffer();
}

// Gradient hooks (register_hook) are JS functions the core calls during backward.
let hookHandler = () => 0;
/** Installs the function the core calls as env.tp_hook(id, gradPtr) -> tensor pointer or 0. */
export function setHookHandler(fn) { hookHandler = fn; }

const { instance } = await WebAssembly.instantiate(await loadBytes(), {
  env: {
    emscripten_notify_memory_growth: () => onMemoryGrowth(),
    tp_hook: (id, grad) => hookHandler(id, grad),
  },
});

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
    const v8 = await import('node:v8');
    const vm = await import('node:vm');
    v8.setFlagsFromString('--expose-gc');
    forceGC = vm.runInNewContext('gc');
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
