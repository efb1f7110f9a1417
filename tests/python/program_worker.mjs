// Runs Python programs of tests/python/programs one after another on one interpreter (with
// py.reset() between) and writes one JSON line per event to stdout: {start: name} before a
// program, then {name, stdout, exc}. programs.test.mjs drives it in a child process so that
// a crash of the whole process (a V8 fatal error, a wasm trap escaping) costs one program,
// not the rest of the suite. Usage: node program_worker.mjs NAME...
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPython } from 'tensorpad/python';

const programsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'programs');
const emit = (o) => fs.writeSync(1, JSON.stringify(o) + '\n');
let out = '';
let py = null;
const fresh = async () => {
  py = await loadPython({ stdout: (s) => { out += s; }, stderr: () => {}, cwd: programsDir });
};
await fresh();
for (const name of process.argv.slice(2)) {
  emit({ start: name });
  const t0 = performance.now();
  const code = fs.readFileSync(path.join(programsDir, name + '.py'), 'utf8');
  try {
    py.reset();
  } catch {
    await fresh();
  }
  out = '';
  let exc = null;
  try {
    await py.run(code, { filename: name + '.py' });
  } catch (e) {
    if (e && e.pythonType) {
      exc = (e.pythonMessage ? `${e.pythonType}: ${e.pythonMessage}` : e.pythonType).replace(/\n+$/, '');
    } else {
      exc = `(not a Python exception) ${(e && e.stack) || e}`;
      await fresh();
    }
  }
  emit({ name, stdout: out, exc, ms: Math.round(performance.now() - t0) });
}
