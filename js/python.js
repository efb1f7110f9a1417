// Python mode: CPython (Pyodide, a pinned npm dependency) with tensorpad's `torch` package.
//
//   import { loadPython } from 'tensorpad/python';
//   const py = await loadPython({ stdout: (s) => process.stdout.write(s) });
//   await py.run('import torch\nprint(torch.ones(2))', { filename: 'main.py' });
//
// Nothing here is loaded by `import torch from 'tensorpad'`: Pyodide and the Python package
// are fetched only when loadPython is called (importing this module loads the JS library).
// In Node the package files are read from
// ../python/; in a page or worker pass `indexURL` (where pyodide.mjs, pyodide.asm.wasm and
// python_stdlib.zip are served) and `packageURL` (dist/tensorpad-python.json, the package
// as one file, built by `make build`).

// The bridge (and with it the JS library and its wasm) is a static import: bundled into a
// worker, a dynamic import of it would wait on the library's top-level await forever
// (esbuild's lazy module wrappers around a top-level await).
import * as bridge from './python_bridge.js';

const isNode = typeof process !== 'undefined' && !!process.versions?.node;
// Note [V8 deopt crash]: Node 20's V8 dies with "Fatal error ... unreachable code" in
// Deoptimizer::DoComputeBuiltinContinuation after a few hundred Python programs in one
// process (tests/python/programs.test.mjs hit it every run); without TurboFan's inlining it
// does not happen, at no measurable cost to Python mode. Set before Pyodide's code is compiled.
if (isNode) globalThis.process.getBuiltinModule?.('node:v8')?.setFlagsFromString('--no-turbo-inlining');
const PKG_DIR = '/lib/tensorpad-python';

/** Every file of the Python package: {path: text}, from ../python/ (Node) or the bundle. */
async function packageFiles(packageURL) {
  if (packageURL || !isNode) {
    const url = packageURL ?? new URL('../dist/tensorpad-python.json', import.meta.url);
    if (isNode && String(url).startsWith('file:')) {
      const { readFile } = await import('node:fs/promises');
      return JSON.parse(await readFile(new URL(url), 'utf8'));
    }
    const res = await fetch(url);
    if (!res.ok) throw new Error(`tensorpad: cannot load the Python package from ${url}: HTTP ${res.status}`);
    return res.json();
  }
  const { readdir, readFile } = await import('node:fs/promises');
  const root = new URL('../python/', import.meta.url);
  const files = {};
  async function walk(rel) {
    for (const e of await readdir(new URL(rel, root), { withFileTypes: true })) {
      const p = rel + e.name;
      if (e.isDirectory()) {
        if (e.name !== '__pycache__') await walk(`${p}/`);
      } else if (e.name.endsWith('.py')) {
        files[p] = await readFile(new URL(p, root), 'utf8');
      }
    }
  }
  await walk('');
  return files;
}

async function importPyodide(indexURL) {
  if (isNode && !indexURL) return import('pyodide');
  return import(/* @vite-ignore */ `${indexURL}pyodide.mjs`);
}

// Note [Start-up snapshot]: in Node, the interpreter's memory after start-up (the standard
// modules torch uses already imported) is saved once to the OS's temporary folder and later
// starts restore it (Pyodide's memory snapshots): about 3x faster than a cold start. Any
// failure falls back to a cold start; `snapshot: false` turns it off, and so does `env` (the
// environment is the snapshot's). The V8 deoptimizer crash once seen restoring it under
// `node --test` is Note [V8 deopt crash], avoided since: the program suite runs restored.
const SNAPSHOT_IMPORTS = 'import linecache, traceback, warnings, weakref, copy, functools, inspect, types, os, sys, collections, math, re';

async function startPyodide(loadPyodide, options) {
  const base = { ...(options.indexURL ? { indexURL: options.indexURL } : {}), env: { HOME: '/home/pyodide', ...(options.env ?? {}) } };
  if (!isNode || options.snapshot === false || options.indexURL || options.env) return loadPyodide(base);
  const fs = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  let version = 'unknown';
  try {
    version = JSON.parse(fs.readFileSync(new URL('../node_modules/pyodide/package.json', import.meta.url), 'utf8')).version;
  } catch { /* a hoisted or vendored pyodide: the name below still changes with SNAPSHOT_IMPORTS */ }
  const file = join(tmpdir(), `tensorpad-python-${version}-${SNAPSHOT_IMPORTS.length}-${process.getuid?.() ?? 0}.snapshot`);
  if (fs.existsSync(file)) {
    try {
      return await loadPyodide({ ...base, _loadSnapshot: fs.readFileSync(file) });
    } catch {
      fs.rmSync(file, { force: true });
    }
  }
  try {
    const py = await loadPyodide({ ...base, _makeSnapshot: true });
    py.runPython(SNAPSHOT_IMPORTS);
    const snap = py.makeMemorySnapshot();
    const tmp = `${file}.${process.pid}`;
    fs.writeFileSync(tmp, snap);
    fs.renameSync(tmp, file);
    return await loadPyodide({ ...base, _loadSnapshot: snap });
  } catch {
    return loadPyodide(base);
  }
}

/**
 * Starts CPython with tensorpad's torch. Options: stdout, stderr (callbacks taking text),
 * indexURL (Pyodide's files; default: the npm package in Node), packageURL (the Python
 * package bundle; default in Node: ../python/), argv (sys.argv), cwd (Node: a folder to
 * mount and make the current one), env, interruptBuffer (a Uint8Array or Int32Array over a
 * SharedArrayBuffer that the caller sets to 2 to interrupt; see Note [Interrupt buffer]).
 */
export async function loadPython(options = {}) {
  const { stdout = (s) => globalThis.process?.stdout.write(s) ?? console.log(s),
    stderr = (s) => globalThis.process?.stderr.write(s) ?? console.error(s) } = options;
  // In Node the package folder itself is mounted (stable mtimes: CPython's bytecode cache
  // in the OS's temporary folder stays valid across runs); elsewhere its files are written.
  const mountPackage = isNode && !options.packageURL;
  const [{ loadPyodide }, files] = await Promise.all([
    importPyodide(options.indexURL),
    mountPackage ? null : packageFiles(options.packageURL),
  ]);
  const pyodide = await startPyodide(loadPyodide, options);
  const decoder = (write) => {
    const d = new TextDecoder();
    return { write: (buf) => { write(d.decode(buf, { stream: true })); return buf.length; }, isatty: false };
  };
  pyodide.setStdout(decoder((s) => stdout(s)));
  pyodide.setStderr(decoder((s) => stderr(s)));

  const FS = pyodide.FS;
  let pycache = null;
  if (mountPackage) {
    const { fileURLToPath } = await import('node:url');
    FS.mkdirTree(PKG_DIR);
    FS.mount(FS.filesystems.NODEFS, { root: fileURLToPath(new URL('../python/', import.meta.url)) }, PKG_DIR);
    try {
      const { tmpdir } = await import('node:os');
      const { mkdirSync } = await import('node:fs');
      const dir = `${tmpdir()}/tensorpad-python-pycache-${process.getuid?.() ?? 0}`;
      mkdirSync(dir, { recursive: true });
      FS.mkdirTree('/tmp/tensorpad-pycache');
      FS.mount(FS.filesystems.NODEFS, { root: dir }, '/tmp/tensorpad-pycache');
      pycache = '/tmp/tensorpad-pycache';
    } catch { /* no bytecode cache: compiled at every start */ }
  } else {
    for (const [path, text] of Object.entries(files)) {
      const full = `${PKG_DIR}/${path}`;
      FS.mkdirTree(full.slice(0, full.lastIndexOf('/')));
      FS.writeFile(full, text);
    }
  }
  if (isNode && options.cwd) {
    FS.mkdirTree(options.cwd);
    FS.mount(FS.filesystems.NODEFS, { root: options.cwd }, options.cwd);
  }
  pyodide.registerJsModule('_tensorpad_bridge', bridge);

  // Note [Interrupt buffer]: a byte that, set to 2 from outside, raises KeyboardInterrupt in
  // running Python. A page that runs Python in a worker makes it itself (a SharedArrayBuffer
  // both sides see) and passes it as options.interruptBuffer; otherwise one is made here when
  // SharedArrayBuffer is available (Node, cross-origin-isolated pages and their workers).
  let interruptBuffer = options.interruptBuffer ?? null;
  if (!interruptBuffer && typeof SharedArrayBuffer !== 'undefined' && (isNode || globalThis.crossOriginIsolated)) {
    interruptBuffer = new Uint8Array(new SharedArrayBuffer(1));
  }
  if (interruptBuffer) pyodide.setInterruptBuffer(interruptBuffer);

  pyodide.runPython(`
import sys
${pycache ? `sys.pycache_prefix = ${JSON.stringify(pycache)}; sys.dont_write_bytecode = False` : ''}
sys.path.insert(0, ${JSON.stringify(PKG_DIR)})
import _tensorpad_runner
`);
  const runner = pyodide.pyimport('_tensorpad_runner');
  runner.setup(options.cwd ?? null, pyodide.toPy(options.argv ?? ['']));

  return {
    pyodide,
    /** Runs code in the persistent __main__ namespace; rejects with the Python traceback. */
    async run(code, { filename = '<exec>' } = {}) {
      if (interruptBuffer) interruptBuffer[0] = 0;
      const r = runner.run(code, filename);
      if (r === undefined || r === null) return undefined;
      const [type, message, traceback] = r.toJs();
      r.destroy();
      if (type === 'SystemExit') {
        const err = new Error(traceback);
        Object.assign(err, { pythonType: type, pythonMessage: message, exitCode: Number(message) || 0 });
        throw err;
      }
      const err = new Error(traceback);
      Object.assign(err, { name: 'PythonError', pythonType: type, pythonMessage: message, traceback });
      throw err;
    },
    /** A fresh __main__ and torch's global state as a new process has it. */
    reset() {
      runner.reset();
    },
    /** The JS Tensor under a Python torch.Tensor (or its handle): a new reference, to dispose() (or make in a torch.scope). */
    jsTensor(t) {
      const h = typeof t === 'number' ? t : t?._h;
      if (typeof h !== 'number' || !h) throw new TypeError('tensorpad: jsTensor() expects a Python torch.Tensor');
      return bridge.tensorFromHandle(h);
    },
    /** Raises KeyboardInterrupt in running code (needs SharedArrayBuffer: Node, isolated pages, workers). */
    interrupt() {
      if (!interruptBuffer) throw new Error('tensorpad: interrupt() needs SharedArrayBuffer (a cross-origin-isolated page or a worker)');
      interruptBuffer[0] = 2;
    },
  };
}
