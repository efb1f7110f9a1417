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

// Note [Code cache]: Node compiles pyodide.asm.js (1 MB of CommonJS) at every start, and
// its ES module loader, through which pyodide.mjs would import() it, first parses it again
// to detect its format: together 0.2-0.5 s of CPU. Instead it is run here as CommonJS from
// a vm.Script with V8's code cache, kept in the OS's temporary folder next to the start-up
// snapshot (V8 checks that the cache matches the source and its flags, and rejects it
// otherwise: then it is made again). loadPyodide then finds _createPyodideModule defined.
let saveCodeCache = null;
async function loadAsmJs() {
  const { createRequire } = await import('node:module');
  const require = createRequire(import.meta.url);
  const file = require.resolve('pyodide/pyodide.asm.js');
  try {
    const fs = await import('node:fs');
    const vm = await import('node:vm');
    const { tmpdir } = await import('node:os');
    const { dirname, join } = await import('node:path');
    const { createHash } = await import('node:crypto');
    const src = fs.readFileSync(file, 'utf8');
    // V8 checks only the source's length: the name carries a hash of the text itself
    const hash = createHash('sha1').update(src).digest('hex').slice(0, 16);
    const cacheFile = join(tmpdir(), `tensorpad-pyodide-asm-${hash}-${process.version}-${process.getuid?.() ?? 0}.v8cache`);
    let cachedData;
    try { cachedData = fs.readFileSync(cacheFile); } catch { /* made after this start */ }
    // Node 20 runs no import() from a vm.Script without a flag: its import()s (all of Node's
    // own modules and `ws`) go through a function of the wrapper instead.
    const body = src.replace(/(?<![\w$.])import\(/g, '__tensorpadImport(');
    const script = new vm.Script(`(function (exports, require, module, __filename, __dirname, __tensorpadImport) {${body}\n})`, {
      filename: file, cachedData,
    });
    const module = { exports: {} };
    const requireAsm = createRequire(file);
    const { pathToFileURL } = await import('node:url');
    const importAsm = (spec) => import(/^(node:|file:|\/)/.test(spec) ? spec : pathToFileURL(requireAsm.resolve(spec)).href);
    script.runInThisContext()(module.exports, requireAsm, module, file, dirname(file), importAsm);
    if (!cachedData || script.cachedDataRejected) {
      // made once Pyodide has started, so that the functions start-up compiled are in it
      saveCodeCache = () => {
        saveCodeCache = null;
        try {
          const tmp = `${cacheFile}.${process.pid}`;
          fs.writeFileSync(tmp, script.createCachedData());
          fs.renameSync(tmp, cacheFile);
        } catch { /* no cache: compiled at every start */ }
      };
    }
  } catch {
    if (typeof globalThis._createPyodideModule !== 'function') require(file);
  }
}

async function importPyodide(indexURL) {
  if (isNode && !indexURL) {
    // pyodide.mjs would import() pyodide.asm.js (1 MB of CommonJS), and Node's ES module
    // loader parses it twice over to detect its format (0.15-0.4 s): require() it instead;
    // loadPyodide then finds _createPyodideModule already defined.
    if (typeof globalThis._createPyodideModule !== 'function') await loadAsmJs();
    return import('pyodide');
  }
  return import(/* @vite-ignore */ `${indexURL}pyodide.mjs`);
}

// Note [Start-up snapshot]: the interpreter's memory after start-up -- the standard modules
// and the whole `torch` package already imported -- is saved once and later starts restore
// it (Pyodide's memory snapshots): `import torch` then costs nothing. In Node it is kept in
// the OS's temporary folder under a key made of the Pyodide version and the sizes and
// mtimes of js/, python/ and dist/*.wasm (any change to the library makes a new one); pages
// pass `snapshotStore` ({get, put, remove}; the playground's and the tutorials' workers
// fetch one web/build.mjs made, read-only: no put). Any failure falls
// back to a cold start; `snapshot: false` turns it off, and so does `env` (the
// environment is the snapshot's). The V8 deoptimizer crash once seen restoring it under
// `node --test` is Note [V8 deopt crash], avoided since: the program suite runs restored.
//
// What the snapshot cannot hold is the JS side: Python's references to JS objects are saved
// as paths into the bridge module (js/python_bridge.js) and resolved again against this
// process's bridge; the bridge's own state that `import torch` creates (the objects Python
// keeps, keepObject; the warning sink, setWarnings) is recorded and redone after a restore.
// The import may call only the bridge functions in SNAPSHOT_CALLS (pure ones, and those two):
// any other call, a tensor left alive in the core, or a JS object that is not reachable
// from the bridge means no snapshot (a cold start), never a wrong one; the environment
// variable TENSORPAD_SNAPSHOT_DEBUG=1 prints how each start went and why a start was cold
// (also `py.coldStartReason`; tests/python/snapshot.test.mjs fails on a cold start, the CLI's too).
// A new import-time call of a pure bridge function only needs adding to SNAPSHOT_CALLS.
const SNAPSHOT_IMPORTS = 'import linecache, traceback, warnings, weakref, copy, functools, inspect, types, os, sys, collections, math, re';
const SNAPSHOT_CALLS = new Set(['W.tp_dtype_name', 'W.tp_linalg_name', 'str', 'tensorMethods', 'tensorGetters',
  'namespaceNames', 'keepObject', 'setWarnings']);
const SNAPSHOT_VERSION = 3;  // the layout below (a JSON header, then Pyodide's snapshot without its zero pages)

// Note [Zero pages]: a third of Pyodide's snapshot (the wasm memory after `import torch`:
// 7.7 of 20.5 MB) is 4 KB pages of zeros, free heap the interpreter has not touched. They
// are left out of the file -- the header lists the spans [offset, length] that are kept --
// and a restore puts the rest back into a buffer of the full size (new, so zero). A page
// reads the file from its HTTP cache at every start (decompressing gzip), so 13 MB instead of
// 20 MB is read, decompressed and copied; the gzip download hardly changes (zeros compress).
const PAGE = 4096;
/** body without its zero pages: {spans, kept}. */
function dropZeroPages(body) {
  const spans = [];
  const words = new Uint32Array(body.buffer, body.byteOffset, body.byteLength >>> 2);
  const isZero = (p) => {
    const end = Math.min((p + PAGE) >>> 2, words.length);
    for (let i = p >>> 2; i < end; i++) if (words[i] !== 0) return false;
    for (let i = Math.max(p, words.length * 4); i < Math.min(p + PAGE, body.length); i++) if (body[i] !== 0) return false;
    return true;
  };
  for (let p = 0; p < body.length; p += PAGE) {
    if (isZero(p)) continue;
    const n = Math.min(PAGE, body.length - p);
    const last = spans[spans.length - 1];
    if (last && last[0] + last[1] === p) last[1] += n;
    else spans.push([p, n]);
  }
  const kept = new Uint8Array(spans.reduce((a, [, n]) => a + n, 0));
  let at = 0;
  for (const [o, n] of spans) { kept.set(body.subarray(o, o + n), at); at += n; }
  return { spans, kept };
}
/** The body dropZeroPages took apart, whole again. */
function withZeroPages(kept, size, spans) {
  const body = new Uint8Array(size);
  let at = 0;
  for (const [o, n] of spans) { body.set(kept.subarray(at, at + n), o); at += n; }
  if (at !== kept.length) throw new Error('tensorpad: a start-up snapshot of the wrong length');
  return body;
}

/** Every object reachable from `root` in at most `depth` property steps -> its first path. */
function objectPaths(root, depth, paths = new Map(), prefix = []) {
  const queue = [[root, prefix]];
  paths.set(root, prefix);
  while (queue.length) {
    const [o, p] = queue.shift();
    if (p.length >= depth) continue;
    for (const k of Object.keys(o)) {
      let v;
      try { v = o[k]; } catch { continue; }
      if (v && (typeof v === 'object' || typeof v === 'function') && !paths.has(v)) {
        paths.set(v, [...p, k]);
        queue.push([v, [...p, k]]);
      }
    }
  }
  return paths;
}

/** A stand-in for the bridge that records the calls `import torch` makes (see the Note). */
function recordingBridge() {
  const calls = [];
  const kept = [];
  const record = (name, fn, self) => function (...args) {
    calls.push(name);
    const r = fn.apply(self, args);
    if (name === 'keepObject') kept.push([r, args[0]]);
    return r;
  };
  const rec = {};
  for (const [k, v] of Object.entries(bridge)) {
    if (typeof v === 'function') {
      rec[k] = record(k, v, bridge);
    } else if (k === 'W') {
      rec.W = {};
      for (const [f, g] of Object.entries(v)) rec.W[f] = typeof g === 'function' ? record(`W.${f}`, g, v) : g;
    } else {
      rec[k] = v;
    }
  }
  // The stand-in's objects stand for the real ones at the same path.
  const paths = objectPaths(bridge, 4);
  const fake = new Map([[rec, []], [rec.W, ['W']]]);
  for (const [k, v] of Object.entries(rec)) if (v !== bridge[k]) fake.set(v, [k]);
  for (const [f, g] of Object.entries(rec.W)) fake.set(g, ['W', f]);
  // the hot path's bound functions are made during the import (bridge.hot.rebind)
  const boundPath = (o) => {
    const k = Object.keys(bridge.hot.bound).find((key) => bridge.hot.bound[key] === o);
    return k && ['hot', 'bound', k];
  };
  return { rec, calls, kept, pathOf: (o) => fake.get(o) ?? paths.get(o) ?? boundPath(o) };
}

/** A JS object in a few words (for the message of a snapshot that could not be made). */
function describeJs(o) {
  if (typeof o === 'function') {
    return `function ${o.name || '(anonymous)'}: ${String(o).replace(/\s+/g, ' ').slice(0, 80)}`;
  }
  const ctor = o?.constructor?.name;
  return `${ctor && ctor !== 'Object' ? ctor : 'object'} {${Object.keys(o ?? {}).slice(0, 6).join(', ')}}`;
}

/** Where Python holds the JS object `o`: a path from a module of the package (torch.x._y,
 * a class attribute, a closure cell, an instance attribute), else the type of a holder. */
function holderOf(py, o) {
  const find = py.runPython(`
def _tp_find(is_it):
    import sys, gc, types
    from pyodide.ffi import JsProxy
    seen = set()
    todo = [(m, n) for n, m in list(sys.modules.items())
            if n.split('.')[0] in ('torch', 'numpy', '_tensorpad_runner')]
    for depth in range(7):
        nxt = []
        for v, path in todo:
            if id(v) in seen:
                continue
            seen.add(id(v))
            if isinstance(v, JsProxy):
                if is_it(v):
                    return path
                continue
            if isinstance(v, (types.ModuleType, type)):
                kids = [(x, f'{path}.{k}') for k, x in list(vars(v).items())]
            elif isinstance(v, dict):
                kids = [(x, f'{path}[{k!r}]') for k, x in v.items()]
            elif isinstance(v, (list, tuple, set, frozenset)):
                kids = [(x, f'{path}[{i}]') for i, x in enumerate(v)]
            elif isinstance(v, types.FunctionType):
                kids = [(c.cell_contents, f'{path} (closure {n})') for n, c in
                        zip(v.__code__.co_freevars, v.__closure__ or ()) if c.cell_contents is not None]
                kids += [(x, f'{path} (default)') for x in (v.__defaults__ or ())]
            elif isinstance(v, (types.MethodType, staticmethod, classmethod)):
                kids = [(v.__func__, path)]
            elif isinstance(v, property):
                kids = [(f, path) for f in (v.fget, v.fset) if f]
            elif hasattr(v, '__dict__') and not callable(v):
                kids = [(x, f'{path}.{k}') for k, x in list(vars(v).items())]
            else:
                kids = []
            nxt += kids
        todo = nxt
    for h in gc.get_objects():
        if any(isinstance(r, JsProxy) and is_it(r) for r in gc.get_referents(h)):
            return f'an object of type {type(h).__name__} (not reachable from the package)'
    return 'a place not found'
_tp_find`);
  try {
    return find((x) => x === o);
  } catch (e) {
    return `a place not found (${e.message})`;
  }
}

function resolvePath(path) {
  let o = bridge;
  for (const k of path) {
    o = o === bridge.hot.bound ? bridge.hot.rebind(k) : o?.[k];
    if (o === undefined) throw new Error(`tensorpad: the start-up snapshot names bridge.${path.join('.')}, which does not exist`);
  }
  return o;
}

/** Pyodide started, set up by attach(pyodide, bridgeModule), with `torch` imported; restored
 * from a snapshot when one is valid. Returns {pyodide, restored}. */
async function startPyodide(loadPyodide, options, attach, store, pycache) {
  const base = { ...(options.indexURL ? { indexURL: options.indexURL } : {}), env: { HOME: '/home/pyodide', ...(options.env ?? {}) } };
  const cold = async (why) => {
    const pyodide = await loadPyodide(base);
    attach(pyodide, bridge);
    return { pyodide, restored: null, why };
  };
  if (options.snapshot === false) return cold('the snapshot option is false');
  if (options.env) return cold('an env option was given (the environment is the snapshot\'s)');
  if (!store) return cold('no snapshotStore (Node keeps one itself; a page passes its own)');
  const saved = await store.get().catch(() => null);
  let unusable = saved ? null : 'no snapshot in the store';
  if (saved) {
    try {
      return await restore(loadPyodide, base, attach, saved);
    } catch (e) {
      unusable = `the stored snapshot could not be restored: ${e.message}`;
      await store.remove?.().catch(() => {});
    }
  }
  // a read-only store (a page's snapshot made at build time)
  if (!store.put) return cold(`${unusable}, and the store is read-only`);
  let snap;
  try {
    snap = await makeSnapshot(loadPyodide, base, attach, pycache);
  } catch (e) {
    return cold(`no snapshot could be made: ${e.message}`);
  }
  await store.put(snap).catch(() => {});
  return restore(loadPyodide, base, attach, snap);
}

async function makeSnapshot(loadPyodide, base, attach, pycache) {
  const py = await loadPyodide({ ...base, _makeSnapshot: true });
  py.runPython(SNAPSHOT_IMPORTS);
  const { rec, calls, kept, pathOf } = recordingBridge();
  const live = bridge.W.tp_live_tensors();
  attach(py, rec);
  py.runPython(`${setupCode(pycache)}\nimport torch, gc\ngc.collect()`);
  const bad = calls.filter((c) => !SNAPSHOT_CALLS.has(c));
  if (bad.length) throw new Error(`import torch called bridge.${bad[0]}, not in SNAPSHOT_CALLS`);
  if (bridge.W.tp_live_tensors() !== live) throw new Error(`import torch left ${bridge.W.tp_live_tensors() - live} tensors alive`);
  const objects = kept.map(([id, o]) => {
    const p = pathOf(o);
    if (!p) throw new Error(`import torch kept (keepObject) a JS ${describeJs(o)} that the bridge cannot name`);
    return [id, p];
  });
  let unnamed = null;
  let body;
  try {
    body = py.makeMemorySnapshot({
      serializer: (o) => {
        const p = pathOf(o);
        if (!p) { unnamed = o; throw new Error('unnamed'); }
        return p;
      },
    });
  } catch (e) {
    if (!unnamed) throw e;
    throw new Error(`Python holds a JS ${describeJs(unnamed)} that the bridge cannot name, at ${holderOf(py, unnamed)}`);
  }
  if (body.byteOffset % 4) body = body.slice();
  const { spans, kept: nonzero } = dropZeroPages(body);
  const header = { version: SNAPSHOT_VERSION, objects, warnings: calls.includes('setWarnings'), size: body.length, spans };
  body = nonzero;
  const enc = new TextEncoder().encode(JSON.stringify(header));
  const head = new Uint8Array(enc.length + ((4 - (enc.length % 4)) % 4)).fill(32);
  head.set(enc);
  const out = new Uint8Array(4 + head.length + body.length);
  new DataView(out.buffer).setUint32(0, head.length, true);
  out.set(head, 4);
  out.set(body, 4 + head.length);
  return out;
}

async function restore(loadPyodide, base, attach, snap) {
  const bytes = snap instanceof Uint8Array ? snap : new Uint8Array(snap);
  const n = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + n)));
  if (header.version !== SNAPSHOT_VERSION) throw new Error('tensorpad: an old start-up snapshot');
  // (Pyodide reads the snapshot through a Uint32Array: the new buffer is 4-byte aligned.)
  const body = withZeroPages(bytes.subarray(4 + n), header.size, header.spans);
  const pyodide = await loadPyodide({ ...base, _loadSnapshot: body, _snapshotDeserializer: resolvePath });
  attach(pyodide, bridge);
  bridge.restoreObjects(header.objects.map(([id, p]) => [id, resolvePath(p)]));
  if (header.warnings) {
    // what torch/__init__.py does at import, for this process's bridge
    pyodide.runPython('import torch._warnings, pyodide.ffi\ntorch._B.setWarnings(pyodide.ffi.create_proxy(torch._warnings._sink))');
  }
  return { pyodide, restored: header };
}

/** The Python half of the set-up (idempotent: it runs again after a restore). */
function setupCode(pycache) {
  return `import sys
${pycache ? `sys.pycache_prefix = ${JSON.stringify(pycache)}; sys.dont_write_bytecode = False` : ''}
if ${JSON.stringify(PKG_DIR)} not in sys.path: sys.path.insert(0, ${JSON.stringify(PKG_DIR)})
import _tensorpad_runner`;
}

/** Node's snapshot store: one file in the OS's temporary folder, named by the library's state. */
async function nodeSnapshotStore() {
  const fs = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { createHash } = await import('node:crypto');
  const { fileURLToPath } = await import('node:url');
  const h = createHash('sha1');
  let version = 'unknown';
  try {
    version = JSON.parse(fs.readFileSync(new URL('../node_modules/pyodide/package.json', import.meta.url), 'utf8')).version;
  } catch { /* a hoisted or vendored pyodide: its version is part of the snapshot's build id check */ }
  h.update(`${version} ${SNAPSHOT_VERSION} ${SNAPSHOT_IMPORTS}`);
  const stamp = (dir, filter) => {
    let entries;
    try { entries = fs.readdirSync(dir, { withFileTypes: true }); } catch { return; }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = join(dir, e.name);
      if (e.isDirectory()) { if (e.name !== '__pycache__') stamp(p, filter); continue; }
      if (!filter(e.name)) continue;
      const st = fs.statSync(p);
      h.update(`${p} ${st.size} ${st.mtimeMs}\n`);
    }
  };
  const here = (rel) => fileURLToPath(new URL(rel, import.meta.url));
  stamp(here('./'), (n) => n.endsWith('.js'));
  stamp(here('../python/'), (n) => n.endsWith('.py'));
  stamp(here('../dist/'), (n) => n.endsWith('.wasm'));
  const file = join(tmpdir(), `tensorpad-python-${version}-${h.digest('hex').slice(0, 16)}-${process.getuid?.() ?? 0}.snapshot`);
  return {
    get: async () => (fs.existsSync(file) ? fs.readFileSync(file) : null),
    put: async (bytes) => {
      const tmp = `${file}.${process.pid}`;
      fs.writeFileSync(tmp, bytes);
      fs.renameSync(tmp, file);
    },
    remove: async () => fs.rmSync(file, { force: true }),
  };
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
  let pycache = null;
  let pycacheDir = null;
  if (mountPackage) {
    try {
      const { tmpdir } = await import('node:os');
      const { mkdirSync } = await import('node:fs');
      pycacheDir = `${tmpdir()}/tensorpad-python-pycache-${process.getuid?.() ?? 0}`;
      mkdirSync(pycacheDir, { recursive: true });
      pycache = '/tmp/tensorpad-pycache';
    } catch { /* no bytecode cache: compiled at every start */ }
  }
  const pkgRoot = mountPackage ? (await import('node:url')).fileURLToPath(new URL('../python/', import.meta.url)) : null;
  const utf8 = new TextEncoder();
  let encoded = null;
  /** The JS half of the set-up, for every interpreter (a restored one too): files, mounts, the bridge. */
  const attach = (py, bridgeModule) => {
    const FS = py.FS;
    FS.mkdirTree(PKG_DIR);
    if (mountPackage) {
      FS.mount(FS.filesystems.NODEFS, { root: pkgRoot }, PKG_DIR);
      if (pycache) {
        FS.mkdirTree(pycache);
        FS.mount(FS.filesystems.NODEFS, { root: pycacheDir }, pycache);
      }
    } else {
      // as UTF-8 bytes from the browser's encoder: FS.writeFile of a string encodes it in JS,
      // a character at a time (the package's 460 KB took ~40 ms of a page's start)
      encoded ??= Object.entries(files).map(([path, text]) => [`${PKG_DIR}/${path}`, utf8.encode(text)]);
      for (const [full, bytes] of encoded) {
        FS.mkdirTree(full.slice(0, full.lastIndexOf('/')));
        FS.writeFile(full, bytes);
      }
    }
    if (isNode && options.cwd) {
      FS.mkdirTree(options.cwd);
      FS.mount(FS.filesystems.NODEFS, { root: options.cwd }, options.cwd);
    }
    py.registerJsModule('_tensorpad_bridge', bridgeModule);
  };
  const store = options.snapshotStore ?? (isNode && !options.indexURL ? await nodeSnapshotStore() : null);
  const { pyodide, restored, why } = await startPyodide(loadPyodide, options, attach, store, pycache);
  if (globalThis.process?.env?.TENSORPAD_SNAPSHOT_DEBUG) {
    stderr(restored ? 'tensorpad: started from the start-up snapshot\n' : `tensorpad: a cold start: ${why}\n`);
  }
  saveCodeCache?.();
  const decoder = (write) => {
    const d = new TextDecoder();
    return { write: (buf) => { write(d.decode(buf, { stream: true })); return buf.length; }, isatty: false };
  };
  pyodide.setStdout(decoder((s) => stdout(s)));
  pyodide.setStderr(decoder((s) => stderr(s)));

  // Note [Interrupt buffer]: a byte that, set to 2 from outside, raises KeyboardInterrupt in
  // running Python. A page that runs Python in a worker makes it itself (a SharedArrayBuffer
  // both sides see) and passes it as options.interruptBuffer; otherwise one is made here when
  // SharedArrayBuffer is available (Node, cross-origin-isolated pages and their workers).
  let interruptBuffer = options.interruptBuffer ?? null;
  if (!interruptBuffer && typeof SharedArrayBuffer !== 'undefined' && (isNode || globalThis.crossOriginIsolated)) {
    interruptBuffer = new Uint8Array(new SharedArrayBuffer(1));
  }
  if (interruptBuffer) pyodide.setInterruptBuffer(interruptBuffer);

  pyodide.runPython(setupCode(pycache));
  const runner = pyodide.pyimport('_tensorpad_runner');
  runner.setup(options.cwd ?? null, pyodide.toPy(options.argv ?? ['']));

  return {
    pyodide,
    /** 'snapshot' when the interpreter was restored from the start-up snapshot (torch already imported), else 'cold'. */
    startedFrom: restored ? 'snapshot' : 'cold',
    /** Why the start was cold (null after a restore): e.g. which JS object Python held that the snapshot could not name. */
    coldStartReason: restored ? null : why,
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
