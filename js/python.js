// Python mode: CPython (Pyodide, a pinned npm dependency) with tensorpad's `torch` package.
//
//   import { loadPython } from 'tensorpad/python';
//   const py = await loadPython({ stdout: (s) => process.stdout.write(s) });
//   await py.run('import torch\nprint(torch.ones(2))', { filename: 'main.py' });
//
// Nothing here is loaded by `import torch from 'tensorpad'`: Pyodide and the Python package
// are fetched only when loadPython is called. In Node the package files are read from
// ../python/; in a page or worker pass `indexURL` (where pyodide.mjs, pyodide.asm.wasm and
// python_stdlib.zip are served) and `packageURL` (dist/tensorpad-python.json, the package
// as one file, built by `make build`).

const isNode = typeof process !== 'undefined' && !!process.versions?.node;
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

/**
 * Starts CPython with tensorpad's torch. Options: stdout, stderr (callbacks taking text),
 * indexURL (Pyodide's files; default: the npm package in Node), packageURL (the Python
 * package bundle; default in Node: ../python/), argv (sys.argv), cwd (Node: a folder to
 * mount and make the current one), env.
 */
export async function loadPython(options = {}) {
  const { stdout = (s) => globalThis.process?.stdout.write(s) ?? console.log(s),
    stderr = (s) => globalThis.process?.stderr.write(s) ?? console.error(s) } = options;
  const [{ loadPyodide }, bridge, files] = await Promise.all([
    importPyodide(options.indexURL),
    import('./python_bridge.js'),
    packageFiles(options.packageURL),
  ]);
  const pyodide = await loadPyodide({
    ...(options.indexURL ? { indexURL: options.indexURL } : {}),
    env: { HOME: '/home/pyodide', ...(options.env ?? {}) },
  });
  const decoder = (write) => {
    const d = new TextDecoder();
    return { write: (buf) => { write(d.decode(buf, { stream: true })); return buf.length; }, isatty: false };
  };
  pyodide.setStdout(decoder((s) => stdout(s)));
  pyodide.setStderr(decoder((s) => stderr(s)));

  const FS = pyodide.FS;
  for (const [path, text] of Object.entries(files)) {
    const full = `${PKG_DIR}/${path}`;
    FS.mkdirTree(full.slice(0, full.lastIndexOf('/')));
    FS.writeFile(full, text);
  }
  if (isNode && options.cwd) {
    FS.mkdirTree(options.cwd);
    FS.mount(FS.filesystems.NODEFS, { root: options.cwd }, options.cwd);
  }
  pyodide.registerJsModule('_tensorpad_bridge', bridge);

  let interruptBuffer = null;
  if (typeof SharedArrayBuffer !== 'undefined' && (isNode || globalThis.crossOriginIsolated)) {
    interruptBuffer = new Uint8Array(new SharedArrayBuffer(1));
    pyodide.setInterruptBuffer(interruptBuffer);
  }

  pyodide.runPython(`
import sys
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
    /** Raises KeyboardInterrupt in running code (needs SharedArrayBuffer: Node, isolated pages, workers). */
    interrupt() {
      if (!interruptBuffer) throw new Error('tensorpad: interrupt() needs SharedArrayBuffer (a cross-origin-isolated page or a worker)');
      interruptBuffer[0] = 2;
    },
  };
}
