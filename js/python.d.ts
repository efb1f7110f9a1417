// Types for `tensorpad/python` (js/python.js): CPython (Pyodide) with tensorpad's torch.

export interface LoadPythonOptions {
  /** Receives the program's stdout as text, as it is written. Default: process.stdout / console.log. */
  stdout?: (text: string) => void;
  /** Receives the program's stderr (tracebacks of `print`ed warnings) as text. */
  stderr?: (text: string) => void;
  /** Where Pyodide's files (pyodide.mjs, pyodide.asm.wasm, python_stdlib.zip, ...) are served; default in Node: the npm package. */
  indexURL?: string;
  /** The Python package as one file (dist/tensorpad-python.json); default in Node: the package's python/ folder. */
  packageURL?: string | URL;
  /** sys.argv (default ['']). */
  argv?: string[];
  /** Node only: a folder mounted into the interpreter (NODEFS) and made the current one. */
  cwd?: string;
  /** Restore a start-up snapshot (CPython with torch already imported) instead of starting cold. Node keeps one in the OS's temporary folder (made on the first run, remade when the library changes). Default true; not used with `env`. */
  snapshot?: boolean;
  /** Where the start-up snapshot is kept (default in Node: the OS's temporary folder; elsewhere none). `get` resolves with the bytes or null; without `put` a missing or invalid snapshot means a cold start (a snapshot made at build time, as web/build.mjs does for the playground). */
  snapshotStore?: { get(): Promise<Uint8Array | ArrayBuffer | null>; put?(bytes: Uint8Array): Promise<void>; remove?(): Promise<void> };
  /** Environment variables of the interpreter. */
  env?: Record<string, string>;
  /**
   * A Uint8Array or Int32Array over a SharedArrayBuffer, made by the caller (e.g. the page that
   * started the worker running Python): setting element 0 to 2 raises KeyboardInterrupt in the
   * running code. Default: one made by loadPython when SharedArrayBuffer is available.
   */
  interruptBuffer?: Uint8Array | Int32Array;
}

/** The Error `run` rejects with: its message is the Python traceback. */
export interface PythonRunError extends Error {
  /** The exception's class name: 'RuntimeError', 'IndexError', 'SystemExit', ... */
  pythonType: string;
  /** str() of the exception. */
  pythonMessage: string;
  /** The traceback text, as Python prints it (also `message`). */
  traceback?: string;
  /** For SystemExit: the exit status. */
  exitCode?: number;
}

export interface Python {
  /** Runs code in the one persistent __main__ namespace; rejects with a PythonRunError. */
  run(code: string, options?: { filename?: string }): Promise<void>;
  /** A fresh __main__, and torch's global state as a new process has it (seed, print options, grad mode, default dtype, warnings shown). */
  reset(): void;
  /** The JS Tensor (`import { Tensor } from 'tensorpad'`) under a Python torch.Tensor, or under a handle: a new reference, to dispose() or to make inside torch.scope(). */
  jsTensor(t: unknown): import('./tensorpad.js').Tensor;
  /** Raises KeyboardInterrupt in running code (needs SharedArrayBuffer: Node, workers, cross-origin-isolated pages). */
  interrupt(): void;
  /** 'snapshot' when the interpreter was restored from the start-up snapshot (torch already imported), 'cold' otherwise. */
  startedFrom: 'snapshot' | 'cold';
  /** Why the start was cold (e.g. `no snapshot could be made: Python holds a JS function ... that the bridge cannot name, at torch._x._y`); null after a restore. TENSORPAD_SNAPSHOT_DEBUG=1 in the environment writes it (or that the start was a restore) to stderr. */
  coldStartReason: string | null;
  /** The Pyodide instance underneath. */
  pyodide: unknown;
}

/** Starts CPython with tensorpad's torch installed (about 2 s on a quiet machine). */
export function loadPython(options?: LoadPythonOptions): Promise<Python>;
