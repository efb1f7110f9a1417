// The page side of a tutorial page's Python blocks: one worker (web/embed/pyworker.js),
// started on the first Run of a Python block, never before, so a page read without running
// Python downloads none of it. The blocks are cells of one notebook in page order: running
// block k first runs every earlier block that has not run since the last start-over (each
// printing into its own box), so a block may use what an earlier one defined. startOver()
// gives a fresh __main__ (or, while a block runs, a fresh worker).

export class PythonCells {
  /** workerUrl: the built assets/embed-python.js. */
  constructor(workerUrl) {
    this.workerUrl = workerUrl;
    this.worker = null;
    this.cells = [];      // {index, name, code(), show: {status, out, err, error, clear}} in page order
    this.pending = null;  // {id, resolve, cell}
    this.queue = Promise.resolve();
    this.generation = 0;  // bumped by startOver(): queued runs of an older generation are dropped
  }

  /** Registers a block; returns its cell (cells run in the order they are added). */
  add(name, code, show) {
    const cell = { index: this.cells.length, name, code, show, ran: false };
    this.cells.push(cell);
    return cell;
  }

  #spawn() {
    const w = new Worker(this.workerUrl, { type: 'module', name: 'tensorpad-python' });
    w.onmessage = ({ data }) => this.#message(data);
    w.onerror = (e) => this.#finish({ type: 'done', ok: false, error: { type: 'Error', message: e.message || 'the Python worker failed', traceback: `tensorpad: the Python worker failed: ${e.message || 'see the console'}\n`, fatal: true } });
    this.worker = w;
  }

  #message(m) {
    const cell = this.pending?.cell;
    if (m.type === 'out') cell?.show[m.stream === 'err' ? 'err' : 'out'](m.text);
    else if (m.type === 'status') cell?.show.status(m.text);
    else if (m.type === 'done' || m.type === 'reset') this.#finish(m);
  }

  #finish(m) {
    const p = this.pending;
    this.pending = null;
    if (m.error?.fatal) { this.worker?.terminate(); this.worker = null; }
    p?.resolve(m);
  }

  #send(msg, cell) {
    if (!this.worker) this.#spawn();
    return new Promise((resolve) => {
      this.pending = { resolve, cell };
      this.worker.postMessage(msg);
    });
  }

  /** Runs one cell's code as it is now in its editor; resolves with the worker's done message. */
  async #exec(cell) {
    cell.show.clear();
    cell.show.status(this.worker ? 'running…' : 'loading Python…');
    const m = await this.#send({ type: 'run', id: cell.index, code: cell.code(), filename: `block${cell.index + 1}.py` }, cell);
    cell.ran = m.ok;
    cell.show.done(m);
    return m;
  }

  /** Runs cell k, after every earlier cell that has not run since the last start-over. */
  run(cell) {
    const gen = this.generation;
    cell.show.status('waiting…');
    const job = this.queue.then(async () => {
      if (gen !== this.generation) return { ok: false, dropped: true };
      for (const before of this.cells.slice(0, cell.index)) {
        if (before.ran) continue;
        const m = await this.#exec(before);
        if (gen !== this.generation) return { ok: false, dropped: true };
        if (!m.ok) {
          cell.show.clear();
          cell.show.blocked(before.index);
          return m;
        }
      }
      return this.#exec(cell);
    });
    this.queue = job.catch(() => {});
    return job;
  }

  /** A fresh namespace: every cell unrun, its output cleared. A running block is ended. */
  async startOver() {
    this.generation++;
    for (const c of this.cells) { c.ran = false; c.show.clear(); c.show.status(''); }
    if (this.pending) {
      // A block is running (perhaps a loop without end): a fresh worker, not a message.
      this.worker?.terminate();
      this.worker = null;
      this.#finish({ type: 'done', ok: false, error: { type: 'KeyboardInterrupt', message: '', traceback: 'Stopped: Start over ended this run.\n' } });
    }
    const job = this.queue.then(() => (this.worker ? this.#send({ type: 'reset' }, null) : null));
    this.queue = job.catch(() => {});
    await job;
  }
}
