// The Python program suite: every tests/python/programs/NAME.py runs on tensorpad's Python
// mode and must print exactly what PyTorch 1.13 printed (tests/python/expected/NAME.out,
// written by tests/fixtures/gen_python_programs.py) and, when PyTorch ended in an uncaught
// exception (NAME.err), end in the same exception class and message.
// One interpreter runs all programs (Pyodide takes seconds to start), with py.reset()
// between them; a program that leaves it unusable gets a fresh one. Programs listed in
// known_failures.txt still run but are reported as todo, with the reason, not as failures.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPython } from 'tensorpad/python';

const here = path.dirname(fileURLToPath(import.meta.url));
const programsDir = path.join(here, 'programs');
const expectedDir = path.join(here, 'expected');
const only = process.env.PY_PROGRAMS ? new Set(process.env.PY_PROGRAMS.split(',')) : null;
const names = fs.readdirSync(programsDir).filter((f) => f.endsWith('.py'))
  .map((f) => f.slice(0, -3)).sort().filter((n) => !only || only.has(n));

// known_failures.txt: "NAME  reason" per line, '#' comments.
const known = new Map();
for (const line of fs.readFileSync(path.join(here, 'known_failures.txt'), 'utf8').split('\n')) {
  const m = line.match(/^\s*([A-Za-z0-9_]+)\s+(.*\S)\s*$/);
  if (m && !line.trimStart().startsWith('#')) known.set(m[1], m[2]);
}

let py = null;
let out = '';
const tally = { passed: 0, failed: 0, known: 0, fixed: [] };

async function fresh() {
  py = await loadPython({ stdout: (s) => { out += s; }, stderr: () => {}, cwd: programsDir });
}

before(fresh);


// The program's stdout and its uncaught exception as 'Class: message' (null if none).
async function runProgram(name) {
  const code = fs.readFileSync(path.join(programsDir, name + '.py'), 'utf8');
  try {
    await py.reset();
  } catch {
    await fresh();
  }
  out = '';
  let exc = null;
  try {
    await py.run(code, { filename: name + '.py' });
  } catch (e) {
    if (e && e.pythonType) exc = e.pythonMessage ? `${e.pythonType}: ${e.pythonMessage}` : e.pythonType;
    else {
      exc = `(not a Python exception) ${e && e.stack || e}`;
      await fresh();
    }
  }
  return { stdout: out, exc };
}

for (const name of names) {
  test(name, async (t) => {
    const outFile = path.join(expectedDir, name + '.out');
    assert.ok(fs.existsSync(outFile), `${name}: no expected output; run make fixtures (gen_python_programs.py)`);
    const want = fs.readFileSync(outFile, 'utf8');
    const errFile = path.join(expectedDir, name + '.err');
    const wantExc = fs.existsSync(errFile) ? fs.readFileSync(errFile, 'utf8').replace(/\n+$/, '') : null;
    const got = await runProgram(name);
    if (got.exc) got.exc = got.exc.replace(/\n+$/, '');
    const ok = got.stdout === want && got.exc === wantExc;
    if (known.has(name)) {
      if (ok) { tally.fixed.push(name); tally.passed++; return; }
      tally.known++;
      t.todo(`known failing: ${known.get(name)}`);
    } else if (ok) {
      tally.passed++;
      return;
    } else {
      tally.failed++;
    }
    assert.equal(got.stdout, want, `${name}: stdout differs`);
    assert.equal(got.exc, wantExc, `${name}: uncaught exception differs`);
  });
}

// Last, so that the reporter shows the line after every program's result.
test('python programs: summary', (t) => {
  const fixed = tally.fixed.length ? ` (now passing, remove from known_failures.txt: ${tally.fixed.join(', ')})` : '';
  const line = `python programs: ${tally.passed} passed, ${tally.failed} failed, ${tally.known} known failing${fixed}`;
  t.diagnostic(line);
  console.log(line);
});
