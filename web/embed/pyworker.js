// The Python runtime of a tutorial page (built to assets/embed-python.js): one CPython
// (Pyodide, served from this origin under pyodide/<version>/) with tensorpad's torch, one __main__
// shared by every Python block of the page, like a notebook's kernel. The page side
// (web/embed/python.js) sends one message at a time: {type: 'run', id, code, filename} or
// {type: 'reset'}; output is posted as it is written, tagged with the block's id.
// The library (and its top-level await for the wasm) is imported when Python is first needed,
// as a chunk of its own (web/build.mjs): a static import would hold this module's evaluation,
// and the page's first message would arrive before `onmessage` is set and be lost.
import { pageSnapshot } from '../src/pysnapshot.js';

const loadPython = async (o) => (await import('../../js/python.js')).loadPython(o);

let py = null;
let current = null;  // the id of the block whose output is being written

const post = (m) => postMessage(m);
const write = (stream) => (text) => post({ type: 'out', id: current, stream, text });

function runtime() {
  py ??= (post({ type: 'status', text: 'loading Python…' }), loadPython({
    indexURL: new URL(PYODIDE_PATH, self.location.href).href,  // pyodide/<version>/ (web/build.mjs)
    packageURL: new URL('../dist/tensorpad-python.json', self.location.href).href,
    snapshotStore: pageSnapshot(new URL('../dist/tensorpad-python.snapshot', self.location.href).href),
    stdout: write('out'),
    stderr: write('err'),
  }).catch((e) => { py = null; throw e; }));
  return py;
}

onmessage = async ({ data }) => {
  const t0 = performance.now();
  try {
    const p = await runtime();
    if (data.type === 'reset') {
      p.reset();
      post({ type: 'reset' });
      return;
    }
    current = data.id;
    post({ type: 'status', text: 'running…' });
    await p.run(data.code, { filename: data.filename });
    post({ type: 'done', id: data.id, ok: true, ms: performance.now() - t0 });
  } catch (e) {
    const error = e.pythonType
      ? { type: e.pythonType, message: e.pythonMessage, traceback: e.traceback ?? e.message }
      : { type: 'Error', message: String(e?.message ?? e), traceback: `tensorpad: ${e?.message ?? e}\n`, fatal: true };
    post({ type: 'done', id: data.id, ok: false, error, ms: performance.now() - t0 });
  } finally {
    current = null;
  }
};
