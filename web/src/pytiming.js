// The Python worker's start, begun at its first line (imported first by pyworker.js, so that
// this runs before the library's wasm is loaded and before the page answers 'hello'), and its
// timeline.
//
// The timeline: [what, epoch ms] marks (performance.timeOrigin + performance.now(), so that
// the page and a benchmark can line them up with their own clocks), sent with the worker's
// 'ready' and 'done' messages as info.timing; bench/playground_python.mjs prints them.
//
// The start: every file is requested here, at once, and each is put to work as soon as it
// arrives instead of when the loader asks for it, so that the downloads, the wasm compile
// (background threads) and the worker's own JavaScript overlap:
// - pyodide.asm.wasm goes to WebAssembly.compileStreaming as the browser's own response
//   (Chromium keeps the compiled code of a streamed, cacheable response: a warm page loads
//   it from its code cache); the loader's instantiateStreaming of it gets this module
//   (instantiateStreaming below);
// - pyodide.asm.js and pyodide.mjs are import()ed (the loader then finds them loaded);
// - the start-up snapshot's body is read (the loader gets its bytes: snapshotBytes);
// - the rest (pyodide-lock.json, python_stdlib.zip, the package) wait in take() for the
//   loader's fetch.
// Bytes are counted as they arrive, for the page's progress ('loading' messages).
export const marks = [];
export function mark(what) { marks.push([what, performance.timeOrigin + performance.now()]); }
mark('worker start');

// Set by web/build.mjs: where Pyodide is, relative to this file, and its files' sizes.
export const PYODIDE_DIR = new URL(PYODIDE_PATH, self.location.href).href;
export const PACKAGE_URL = new URL('../dist/tensorpad-python.json', self.location.href).href;
export const SNAPSHOT_URL = new URL('../dist/tensorpad-python.snapshot', self.location.href).href;
export const SIZES = PYODIDE_SIZES;
const WASM_URL = `${PYODIDE_DIR}pyodide.asm.wasm`;

// ---- progress: the bytes of the start-up files received so far -----------------------------
const total = Object.values(SIZES).reduce((a, b) => a + b, 0);
let received = 0, lastReport = 0;
export function report(what, force = false) {
  const now = performance.now();
  if (!force && now - lastReport < 50) return;
  lastReport = now;
  self.postMessage({ type: 'loading', what, received: Math.min(received, total), total });
}
/** res with a body that counts its bytes as they are read. */
function counted(res, name) {
  if (!res.ok || !res.body) return res;
  const reader = res.body.getReader();
  const body = new ReadableStream({
    async pull(c) {
      const { done, value } = await reader.read();
      if (done) { mark(`body ${name}`); c.close(); report(name, true); return; }
      received += value.byteLength;
      report(name);
      c.enqueue(value);
    },
    cancel(r) { return reader.cancel(r); },
  });
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}
report('Python (Pyodide)', true);

// ---- the early requests ---------------------------------------------------------------------
const realFetch = self.fetch.bind(self);
const waiting = new Map();  // url -> the early response (a promise), until the loader takes it
for (const f of ['python_stdlib.zip', 'pyodide-lock.json']) waiting.set(`${PYODIDE_DIR}${f}`, realFetch(`${PYODIDE_DIR}${f}`));
waiting.set(PACKAGE_URL, realFetch(PACKAGE_URL));
for (const [, p] of waiting) p.catch(() => {});

// The wasm: compiled from the browser's own response while everything else loads (a new
// Response around a counting stream would lose the code cache): its bytes are counted on a clone.
const wasmResponse = realFetch(WASM_URL);
wasmResponse.then((res) => { if (res.ok && res.body) counted(res.clone(), 'pyodide.asm.wasm').arrayBuffer().catch(() => {}); }, () => {});
const compiled = WebAssembly.compileStreaming(wasmResponse);
compiled.then(() => mark('pyodide.asm.wasm compiled'), () => {});
// What the loader's fetch of the wasm returns: instantiateStreaming knows it (below).
const wasmStandIn = Promise.resolve(new Response(null, { headers: { 'Content-Type': 'application/wasm' } }));
const instantiateStreaming = WebAssembly.instantiateStreaming.bind(WebAssembly);
WebAssembly.instantiateStreaming = async (source, imports) => {
  if (source !== wasmStandIn) return instantiateStreaming(source, imports);
  let module;
  try {
    module = await compiled;
  } catch {
    // not compiled early (a host that sends the wasm without Content-Type application/wasm,
    // for one): the loader's own way, on a new request
    return instantiateStreaming(realFetch(WASM_URL), imports);
  }
  mark('pyodide.asm.wasm instantiate');
  return { module, instance: await WebAssembly.instantiate(module, imports) };
};

// pyodide.asm.js (1 MB, which defines globalThis._createPyodideModule) and pyodide.mjs (the
// loader, which python.js imports): the module map keeps them for the loader's own import().
export const loaderReady = Promise.all([
  import(/* @vite-ignore */ `${PYODIDE_DIR}pyodide.asm.js`).then(() => {
    mark('pyodide.asm.js evaluated');
    received += SIZES['pyodide.asm.js'] ?? 0;
    report('pyodide.asm.js', true);
  }),
  import(/* @vite-ignore */ `${PYODIDE_DIR}pyodide.mjs`).then(() => { received += SIZES['pyodide.mjs'] ?? 0; }),
]);
loaderReady.catch(() => {});

/** The start-up snapshot's bytes (web/build.mjs made it), or null when the site has none. */
export const snapshotBytes = 'tensorpad-python.snapshot' in SIZES
  ? realFetch(SNAPSHOT_URL).then(async (res) => {
    if (!res.ok) return null;
    return new Uint8Array(await counted(res, 'tensorpad-python.snapshot').arrayBuffer());
  }).catch(() => null)
  : Promise.resolve(null);

// The loader's requests: the early responses, counted (the wasm's stand-in as it is: not
// an async function, whose promise would be another one).
async function loaderFetch(url, input, init) {
  const name = url.slice(url.lastIndexOf('/') + 1);
  mark(`fetch ${name}`);
  const early = waiting.get(url);
  waiting.delete(url);
  const res = await (early ?? realFetch(input, init));
  return name in SIZES ? counted(res, name) : res;
}
self.fetch = (input, init) => {
  const url = String(input?.url ?? input);
  return url === WASM_URL ? wasmStandIn : loaderFetch(url, input, init);
};
