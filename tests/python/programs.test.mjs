// The Python program suite: every tests/python/programs/NAME.py runs on tensorpad's Python
// mode and must print exactly what PyTorch 1.13 printed (tests/python/expected/NAME.out,
// written by tests/fixtures/gen_python_programs.py) and, when PyTorch ended in an uncaught
// exception (NAME.err), end in the same exception class and message.
// One interpreter runs all programs (Pyodide takes seconds to start), with py.reset()
// between them, in a child process (program_worker.mjs): a program that leaves the
// interpreter unusable gets a fresh one, one that kills the process a fresh process.
// Programs listed in known_failures.txt still run but are reported as todo, with the reason, not as failures.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import readline from 'node:readline';

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

const tally = { passed: 0, failed: 0, known: 0, fixed: [] };
const results = new Map();

// Every program's {stdout, exc} from program_worker.mjs in a child process; when the child
// dies mid-program, that program is recorded as a crash and a new child takes the rest.
function runChild(todo) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(here, 'program_worker.mjs'), ...todo],
      { stdio: ['ignore', 'pipe', 'pipe'] });
    let current = null;
    let stderr = '';
    child.stderr.on('data', (d) => { stderr = (stderr + d).slice(-2000); });
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      const m = JSON.parse(line);
      if (m.start) current = m.start;
      else { results.set(m.name, m); current = null; }
    });
    child.on('close', (code, signal) => {
      if (current) {
        const why = stderr.split('\n').filter((l) => l.trim() && !/^\s*\d+: 0x/.test(l)).slice(0, 4).join(' / ');
        results.set(current, { stdout: '', exc: `(interpreter process died: ${signal || `exit ${code}`}) ${why}` });
      }
      resolve();
    });
  });
}

// A known failure whose reason starts with "slow:" is not run at all (the suite's time budget).
const slow = (n) => known.has(n) && known.get(n).startsWith('slow:');

before(async () => {
  for (let guard = 0; guard < names.length; guard++) {
    const todo = names.filter((n) => !results.has(n) && !slow(n));
    if (!todo.length) break;
    await runChild(todo);
  }
}, { timeout: 600000 });

for (const name of names) {
  test(name, async (t) => {
    if (slow(name)) { tally.known++; t.skip(`known failing: ${known.get(name)}`); return; }
    const outFile = path.join(expectedDir, name + '.out');
    assert.ok(fs.existsSync(outFile), `${name}: no expected output; run make fixtures (gen_python_programs.py)`);
    const want = fs.readFileSync(outFile, 'utf8');
    const errFile = path.join(expectedDir, name + '.err');
    const wantExc = fs.existsSync(errFile) ? fs.readFileSync(errFile, 'utf8').replace(/\n+$/, '') : null;
    const got = results.get(name) ?? { stdout: '', exc: '(not run: the interpreter never reached it)' };
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
