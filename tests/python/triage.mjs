// Triage for the Python program suite: runs programs on tensorpad and prints, for each one
// that differs from PyTorch 1.13, the first differing line (expected vs got) and the
// exception. `node tests/python/triage.mjs [NAME...]` (all programs when no name is given).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPython } from 'tensorpad/python';

const here = path.dirname(fileURLToPath(import.meta.url));
const programsDir = path.join(here, 'programs');
const expectedDir = path.join(here, 'expected');
let names = process.argv.slice(2);
if (!names.length) names = fs.readdirSync(programsDir).filter((f) => f.endsWith('.py')).map((f) => f.slice(0, -3)).sort();
let out = '';
let py = await loadPython({ stdout: (s) => { out += s; }, stderr: () => {}, cwd: programsDir });
const clip = (s) => JSON.stringify(s.length > 160 ? s.slice(0, 160) + '…' : s);
for (const name of names) {
  if (!fs.existsSync(path.join(expectedDir, name + '.out'))) { console.log(`${name}
  no expected output (make fixtures)`); continue; }
  const want = fs.readFileSync(path.join(expectedDir, name + '.out'), 'utf8');
  const errFile = path.join(expectedDir, name + '.err');
  const wantExc = fs.existsSync(errFile) ? fs.readFileSync(errFile, 'utf8').replace(/\n+$/, '') : null;
  if (process.env.TRIAGE_TRACE) process.stderr.write(`running ${name}\n`);
  try { py.reset(); } catch { py = await loadPython({ stdout: (s) => { out += s; }, stderr: () => {}, cwd: programsDir }); }
  out = '';
  let exc = null;
  try {
    await py.run(fs.readFileSync(path.join(programsDir, name + '.py'), 'utf8'), { filename: name + '.py' });
  } catch (e) {
    exc = e.pythonType ? (e.pythonMessage ? `${e.pythonType}: ${e.pythonMessage}` : e.pythonType).replace(/\n+$/, '') : `JS ${e.message}`;
    if (!e.pythonType) py = await loadPython({ stdout: (s) => { out += s; }, stderr: () => {}, cwd: programsDir });
  }
  if (out === want && exc === wantExc) continue;
  const a = want.split('\n'), b = out.split('\n');
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  console.log(`${name}`);
  if (out !== want) console.log(`  line ${i + 1}: expected ${clip(a[i] ?? '<end>')}\n           got      ${clip(b[i] ?? '<end>')}`);
  if (exc !== wantExc) console.log(`  exception: expected ${clip(wantExc ?? 'none')}\n             got      ${clip(exc ?? 'none')}`);
}
