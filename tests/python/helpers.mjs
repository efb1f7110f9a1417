// Shared by the Python-mode tests: one interpreter per test file (Pyodide takes ~2 s to
// start), reset() between programs, output captured as text.
import { loadPython } from '../../js/python.js';

let py = null, out = '', err = '';

export async function python() {
  if (!py) py = await loadPython({ stdout: (s) => { out += s; }, stderr: (s) => { err += s; } });
  return py;
}

/** Runs code in a fresh namespace; returns {stdout, stderr, error: [type, message] | null}. */
export async function runFresh(code, filename = '<case>') {
  const p = await python();
  p.reset();
  out = '';
  err = '';
  let error = null;
  try {
    await p.run(code, { filename });
  } catch (e) {
    if (!e.pythonType) throw e;
    error = [e.pythonType, e.pythonMessage];
  }
  return { stdout: out, stderr: err, error };
}

/** Object addresses differ between processes: `at 0x7f...` compares as `at 0xADDR`. */
export const normalize = (s) => s.replace(/ at 0x[0-9a-f]+/g, ' at 0xADDR');
