// The Web Worker that runs the playground's Python programs: CPython (Pyodide, served from
// this site's pyodide/<version>/, fetched only when this worker starts) with tensorpad's
// torch package (js/python.js). The same messages as worker.js, plus:
//
// worker -> page  {type: 'hello'}   listening (sent once its modules are loaded)
// page -> worker  {type: 'init', interrupt}   a Uint8Array over a SharedArrayBuffer (or null):
//                 the page sets it to 2 to raise KeyboardInterrupt in the running program
// worker -> page  {type: 'loading', what, received, total}   bytes of Pyodide fetched so far
// page -> worker  {type: 'run', id, code, files}   files (name -> Uint8Array, the uploads) are
//                 written into the program's current folder first; the page may send it
//                 any time after 'init' (before 'ready': it runs once Python is up)
// worker -> page  {type: 'file', id, name, bytes}  a file the run wrote or changed there (torch.save):
//                 the page offers it as a download
//
// Each run starts from a fresh __main__ and torch state (python.js's reset), as `python
// main.py` would; its tracebacks name the file main.py.
import { mark, marks, PYODIDE_DIR, PACKAGE_URL, SIZES, snapshotBytes } from './pytiming.js';
import * as tensorpad from '../../js/tensorpad.js';
import { loadPython } from '../../js/python.js';
import { describeGraph, describeMemory } from './capture.js';
import { trackBackward, resetBackward, withLastBackward } from './lastgraph.js';
import { createOutQueue } from './outqueue.js';
import HELPERS from './playground.py';

mark('library ready');
const torch = tensorpad.default;
trackBackward(torch, tensorpad.Tensor);

let current = null;  // the run in progress: {id}
const out = createOutQueue((msg) => self.postMessage(msg));
function post(msg) { out.flush(); self.postMessage(msg); }
// Python runs synchronously, so the queue's timer never fires during a run: flush by time.
let lastFlush = 0;
function write(stream, text) {
  if (!current) return;
  out.write(current.id, stream, text);
  const now = performance.now();
  if (now - lastFlush > 40) { lastFlush = now; out.flush(); }
}

// The start begins when the worker does (not when the page answers 'hello'); the page's
// interrupt buffer, which comes with 'init', is installed once both are there.
let gotInit;
const init = new Promise((ok) => { gotInit = ok; });
let interruptBuf = null;
async function start() {
  // (pytiming.js has begun it: the files requested, the wasm compiling, the loader imported.)
  const py = await loadPython({
    indexURL: PYODIDE_DIR, packageURL: PACKAGE_URL, argv: ['main.py'],
    stdout: (s) => write('out', s), stderr: (s) => write('err', s),
    snapshotStore: 'tensorpad-python.snapshot' in SIZES ? { get: () => snapshotBytes } : undefined,
  });
  mark('loadPython done');
  py.pyodide.registerJsModule('_playground_js', {
    post: (kind, json) => { if (current) post({ type: kind, id: current.id, ...JSON.parse(json) }); },
  });
  py.pyodide.FS.writeFile('/lib/tensorpad-python/_playground.py', HELPERS);
  await py.run('import torch, _playground', { filename: '<playground>' });
  mark('torch, _playground imported');
  const interrupt = await init;
  if (interrupt) { py.pyodide.setInterruptBuffer(interrupt); interruptBuf = interrupt; }
  return { py, helpers: py.pyodide.pyimport('_playground'), startedFrom: py.startedFrom };
}

// ---- errors -------------------------------------------------------------------------------
const FATAL = /not enough memory|out of memory|can't allocate memory|Array buffer allocation failed|WebAssembly\.Memory/i;
/** The page's view of a failed run: the traceback, and the line of main.py it points at. */
export function describePythonError(e) {
  if (e?.pythonType === 'SystemExit') return e.exitCode === 0 ? null : { name: 'SystemExit', message: String(e.exitCode), line: null, traceback: e.message };
  if (!e?.pythonType) return { name: e?.name ?? 'Error', message: e?.message ?? String(e), line: null, fatal: true };
  const tb = e.traceback ?? e.message;
  const lines = [...tb.matchAll(/File "main\.py", line (\d+)/g)];
  const line = lines.length ? Number(lines[lines.length - 1][1]) : null;
  let col = null;
  if (/^(SyntaxError|IndentationError|TabError)\b/m.test(tb)) {
    // '    source\n    ^^^' under the File line: the caret's column in the source line.
    const m = /File "main\.py", line \d+\n( +)(\S.*)\n( *)\^/.exec(tb);
    if (m) col = m[3].length - m[1].length + 1;
  }
  return { name: e.pythonType, message: e.pythonMessage, traceback: tb, line, col, python: true,
    interrupted: e.pythonType === 'KeyboardInterrupt', fatal: e.pythonType === 'MemoryError' || FATAL.test(e.pythonMessage ?? '') };
}

// ---- running --------------------------------------------------------------------------------
let ready = null;
/** name -> mtime of the files in the program's current folder. */
function listing(FS) {
  const dir = FS.cwd();
  const out = new Map();
  for (const name of FS.readdir(dir)) {
    if (name === '.' || name === '..') continue;
    try {
      const st = FS.stat(`${dir}/${name}`);
      if (FS.isFile(st.mode)) out.set(name, `${+st.mtime}:${st.size}`);
    } catch { /* gone */ }
  }
  return out;
}

async function run({ id, code, files }) {
  // The page sends a run as soon as this worker listens: it waits here for Python to start.
  let started;
  try {
    started = await ready;
  } catch (e) {
    post({ type: 'done', id, ok: false, error: { name: 'Error', message: `Python did not start: ${e?.message ?? e}`, line: null, fatal: true }, ms: 0 });
    return;
  }
  const { py, helpers } = started;
  current = { id };
  const FS = py.pyodide.FS;
  for (const [name, bytes] of files ?? []) FS.writeFile(`${FS.cwd()}/${name}`, bytes);
  const before = listing(FS);
  py.reset();
  resetBackward();
  helpers._begin();
  if (interruptBuf) interruptBuf[0] = 0;
  mark('run begin');
  const t0 = performance.now();
  let error = null;
  try {
    await py.run(code, { filename: 'main.py' });
  } catch (e) {
    error = describePythonError(e);
  }
  const ms = performance.now() - t0;
  for (const [name, stamp] of listing(FS)) {
    if (before.get(name) !== stamp) post({ type: 'file', id, name, bytes: FS.readFile(`${FS.cwd()}/${name}`) });
  }
  let graph = null, memory = null;
  try {
    const pairs = helpers._named().toJs();
    torch.scope(() => {
      // Python's loss.backward() runs the JS Tensor's backward (python_bridge.js hot.backward),
      // which lastgraph.js tracks: after a training loop the Graph tab shows its last step.
      const named = withLastBackward(pairs.map(([n, h]) => [n, py.jsTensor(h)]), code, tensorpad.Tensor);
      try { graph = describeGraph(torch, tensorpad.Tensor, named); } catch (e) { graph = { unavailable: `could not export the graph (${e?.message ?? e})` }; }
      try { memory = describeMemory(torch, tensorpad.Tensor, named); } catch { memory = null; }
    });
  } catch (e) {
    graph = { unavailable: `could not read the program's tensors (${e?.message ?? e})` };
  }
  mark('run end');
  post({ type: 'views', id, graph, memory });
  post({ type: 'done', id, ok: !error, error, ms, stats: torch.memory_stats(), timing: marks });
  current = null;
  if (warmUp === 'wanted') { warmUp = 'started'; setTimeout(() => warm(started.py), 200); }
}

// ---- V8's code cache for pyodide.asm.wasm --------------------------------------------------
// Note [Warm-up]: Chromium keeps the compiled code of pyodide.asm.wasm for the next visit
// only once V8 has optimised ~1 MB of it (the functions that ran hot), which a start from
// the snapshot and a small first program never reach: then every visit compiles the ~1,500
// functions a start runs, lazily, on this thread, and runs them unoptimised. So after the
// first run, once per key (Pyodide's build and the browser; the page keeps it in
// localStorage), this worker runs a short warm-up in idle time -- compiling the torch
// package's sources, tensor arithmetic and its repr, the work a start and a first program
// do -- in small steps that give way to any run the page sends;
// V8 writes the cache ~2 s after its threshold, so 'warmed' is sent 4 s after the last step.
// A later visit deserializes that code (~1,480 optimised functions, ~14 ms): its restore,
// import and first run measured ~80 ms faster (docs/playground.md, Measured).
const WARM_KEY = `${PYODIDE_DIR.replace(/^.*\/pyodide\//, '')} ${SIZES['pyodide.asm.wasm']} ${self.navigator?.userAgent ?? ''}`;
let warmUp = null;  // 'wanted' (set by init), 'started'
let queued = 0;     // runs the page has sent that have not ended
const WARM_STEPS = [
  `import os as _os
_warm_files = [_os.path.join(_r, _f) for _r, _, _fs in _os.walk('/lib/tensorpad-python')
               for _f in sorted(_fs) if _f.endswith('.py')][:120]`,
  ...Array.from({ length: 24 }, (_, i) => `for _p in _warm_files[${i * 5}:${i * 5 + 5}]:
    try:
        compile(open(_p).read(), _p, 'exec')
    except Exception:
        pass`),
  ...Array.from({ length: 12 }, () => `import torch as _t
for _i in range(20):
    _x = _t.linspace(-1, 1, 64).reshape(8, 8)
    _y = (_x @ _x.T).relu().sum(dim=0)
    repr(_y); str(_x[0]); [float(v) for v in _y.tolist()]
del _x, _y`),
];
async function warm(py) {
  const scope = py.pyodide.toPy({});
  try {
    for (const step of WARM_STEPS) {
      while (queued || current) await new Promise((r) => setTimeout(r, 100));
      py.pyodide.runPython(step, { globals: scope });
      await new Promise((r) => setTimeout(r, 0));
    }
  } catch {
    return;  // (interrupted, say): no cache this time
  } finally {
    scope.destroy();
  }
  setTimeout(() => self.postMessage({ type: 'warmed', key: WARM_KEY }), 4000);
}

self.onmessage = (e) => {
  const msg = e.data;
  if (msg.type === 'init' && !inited) {
    inited = true;
    mark('init');
    gotInit(msg.interrupt ?? null);
    if (msg.warmed !== undefined && msg.warmed !== WARM_KEY) warmUp = 'wanted';
    ready.then(({ startedFrom }) => post({ type: 'ready', info: { python: true, startedFrom, shared: torch.shared_memory, isolated: self.crossOriginIsolated === true, interrupt: !!msg.interrupt, autograd: true, warmUp: warmUp !== null } }),
      (err) => post({ type: 'fatal', message: `Python did not start: ${err?.message ?? err}` }));
  } else if (msg.type === 'run') {
    queued++;
    run(msg).finally(() => { queued--; });
  }
};
let inited = false;
ready = start();
ready.catch(() => {});  // reported on 'init'
mark('hello');
self.postMessage({ type: 'hello' });
