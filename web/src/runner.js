// The page side of the worker: spawn, run, stop (terminate + respawn). One Runner per
// page; the embed script shares one among all its blocks. Stop must work even when the
// code is stuck in a synchronous loop, so it never asks the worker: it terminates it.
// After a fatal run (out of memory, a wasm trap, the worker dying) the runtime is marked
// worn (`worn`: the reason): restart() gives a fresh one, and the next run() does so itself.
import { prepare } from './transform.js';

const WARMED = 'tensorpad-python-warmed';
const stored = (key) => { try { return localStorage.getItem(key); } catch { return null; } };

export class Runner {
  /** workerUrl: the built worker bundle; on: {ready, out, plot, progress, views, done, fatal} callbacks. */
  constructor(workerUrl, on = {}, { early = null, python = false } = {}) {
    this.workerUrl = workerUrl;
    // Python (pyworker.js): the code goes as it is; Stop first tries the interrupt buffer
    // (KeyboardInterrupt, the worker and its interpreter live on), which needs
    // SharedArrayBuffer (a cross-origin-isolated page), then terminates.
    this.python = python;
    this.interrupt = null;
    this.early = early;  // {worker, messages, errors} started by the page's inline script
    this.on = on;
    this.worker = null;
    this.info = null;
    this.nextId = 1;
    this.pending = null;  // {id, resolve, handlers}
    this.readyPromise = null;
    this.listening = null;  // Python: resolves when the worker says 'hello'
    this.worn = null;     // why the runtime should be replaced before the next run, or null
  }

  /** Starts the worker (once); resolves with its info when the wasm module is loaded. */
  start() {
    if (this.readyPromise) return this.readyPromise;
    let heard;
    this.listening = new Promise((ok) => { heard = ok; });
    this.readyPromise = new Promise((resolve, reject) => {
      const early = this.early;
      this.early = null;
      const w = early?.worker ?? new Worker(this.workerUrl, { type: 'module', name: this.python ? 'tensorpad-python' : 'tensorpad' });
      this.worker = w;
      if (this.python) {
        this.interrupt = early?.interrupt !== undefined ? early.interrupt
          : globalThis.crossOriginIsolated && typeof SharedArrayBuffer === 'function' ? new Uint8Array(new SharedArrayBuffer(1)) : null;
      }
      const fail = (e) => {
        const message = e.message || 'the worker failed to start (is the page served by web/serve.mjs or another HTTP server?)';
        if (this.worker !== w) return;
        this.worn = message;
        // A worker that dies mid-run ends that run with its error instead of leaving it hanging.
        const p = this.pending;
        if (p && this.info) {
          this.pending = null;
          const msg = { type: 'done', id: p.id, ok: false, error: { name: 'RuntimeError', message: `the runtime stopped: ${message}`, line: null, fatal: true } };
          p.handlers.done?.(msg);
          p.resolve(msg);
        }
        this.on.fatal?.(message);
        reject(new Error(message));
      };
      w.onmessage = (e) => this.#message(e.data, resolve, heard);
      w.onerror = fail;
      for (const e of early?.messages ?? []) this.#message(e.data, resolve, heard);
      for (const e of early?.errors ?? []) fail(e);
    });
    return this.readyPromise;
  }

  #message(msg, resolveReady, heard) {
    if (msg.type === 'ready') {
      this.info = msg.info;
      this.on.ready?.(msg.info);
      resolveReady(msg.info);
      return;
    }
    if (msg.type === 'fatal') { this.on.fatal?.(msg.message); return; }
    if (msg.type === 'loading') { this.on.loading?.(msg); return; }
    // pyworker.js listens once its modules (and the wasm) are loaded: a message sent earlier
    // could be lost, so it asks for its start-up data.
    if (msg.type === 'hello') { this.worker.postMessage({ type: 'init', interrupt: this.interrupt, warmed: stored(WARMED) }); heard(); return; }
    // pyworker.js has made V8 tier up Python's hot wasm functions (so that this browser keeps
    // their code for the next visit): it needs doing once per key (Pyodide's build, the browser).
    if (msg.type === 'warmed') { try { localStorage.setItem(WARMED, msg.key); } catch { /* no storage: again next time */ } return; }
    const p = this.pending;
    if (!p || msg.id !== p.id) return;
    const h = p.handlers;
    if (msg.type === 'done') {
      this.pending = null;
      clearTimeout(p.stopTimer);
      if (p.stopping && msg.error?.interrupted) Object.assign(msg, { stopped: true, error: { name: 'Stopped', message: 'stopped by the user', line: null } });
      if (msg.error?.fatal) this.worn = `${msg.error.name}: ${msg.error.message}`;
      h.done?.(msg);
      p.resolve(msg);
    } else {
      h[msg.type]?.(msg);
    }
  }

  get running() { return !!this.pending; }

  /**
   * Runs source code; handlers receive out/plot/progress/views/file/done messages of this run;
   * files (name -> Uint8Array) are given to the program (torch.load('name')).
   * Resolves with the done message ({ok, error, ms}).
   */
  async run(source, handlers = {}, { files = null } = {}) {
    if (this.pending || this.worn) this.stop({ graceMs: 0 });
    const { code, syntaxError } = this.python ? { code: source, syntaxError: null } : prepare(source);
    // The Python worker takes a run as soon as it listens (it runs it once Python is up):
    // the page does not wait for 'ready' and then send it.
    const started = this.start();
    await (this.python ? Promise.race([this.listening, started]) : started);
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending = {
        id, resolve,
        handlers: {
          ...handlers,
          done: (msg) => {
            // The engine's SyntaxError has no position; the parser's does.
            if (msg.error?.syntax && syntaxError) Object.assign(msg.error, syntaxError);
            handlers.done?.(msg);
          },
        },
      };
      this.worker.postMessage({ type: 'run', id, code, files });
    });
  }

  /**
   * Ends the running code: Python with an interrupt buffer gets KeyboardInterrupt and has
   * `graceMs` to end; otherwise (or then) the worker is terminated and a fresh one started.
   */
  stop({ graceMs = 900 } = {}) {   // (600 ms was once too short for the interrupt to land on a busy machine: the page still answers within 1 s)
    const p = this.pending;
    if (p && this.interrupt && !this.worn && graceMs > 0) {
      if (p.stopping) return;
      p.stopping = true;
      this.interrupt[0] = 2;
      p.stopTimer = setTimeout(() => { if (this.pending === p) this.stop({ graceMs: 0 }); }, graceMs);
      return;
    }
    if (p) clearTimeout(p.stopTimer);
    this.pending = null;
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.readyPromise = null;
    this.worn = null;
    if (p) {
      const msg = { type: 'done', id: p.id, ok: false, stopped: true, error: { name: 'Stopped', message: 'stopped by the user', line: null } };
      p.handlers.done?.(msg);
      p.resolve(msg);
    }
    this.start().catch(() => {});
  }

  /** A fresh runtime (new worker, new wasm heap), ending any run: the same as stop(). */
  restart() { this.stop({ graceMs: 0 }); return this.start(); }
}
