// A few programs of the Python suite through the real CLI (package.json bin
// tensorpad-python): FILE.py with the programs folder current, `-c CODE` and `-` (stdin).
// Each run starts an interpreter (seconds), so only a handful, all passing ones.
// stdout must be PyTorch 1.13's bytes; a program that ends in an uncaught exception exits 1
// with a traceback on stderr that names the file (by its absolute path, as CPython 3.11) and
// the line PyTorch's traceback names (tests/python/expected/tracebacks.json), and ends in
// the same exception.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const programs = path.join(here, 'programs');
const expected = path.join(here, 'expected');
const bin = path.join(root, JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).bin['tensorpad-python']);
const frames = JSON.parse(fs.readFileSync(path.join(expected, 'tracebacks.json'), 'utf8')).frames;

function cli(args, input) {
  return spawnSync(process.execPath, [bin, ...args], { cwd: programs, input, encoding: 'utf8', timeout: 120000 });
}
const want = (name, ext) => fs.readFileSync(path.join(expected, `${name}.${ext}`), 'utf8');

for (const name of ['seed004_2_broadcasting']) {
  test(`tensorpad-python ${name}.py prints PyTorch's bytes and exits 0`, () => {
    const r = cli([`${name}.py`]);
    assert.equal(r.stdout, want(name, 'out'));
    assert.equal(r.status, 0, r.stderr);
  });
}

for (const name of ['err_traceback_nested']) {
  test(`tensorpad-python ${name}.py ends in PyTorch's exception with a traceback`, () => {
    const r = cli([`${name}.py`]);
    assert.equal(r.stdout, want(name, 'out'));
    assert.equal(r.status, 1);
    const [file, line] = frames[name];
    assert.match(r.stderr, /^Traceback \(most recent call last\):\n/m);
    // CPython 3.9+ names the script by its absolute path, as tensorpad-python does
    assert.ok(r.stderr.includes(`File "${path.join(programs, file)}", line ${line}`), `names ${file}:${line}:\n${r.stderr}`);
    assert.ok(r.stderr.trimEnd().endsWith(want(name, 'err').trimEnd()), r.stderr);
  });
}

test('tensorpad-python - reads the program from stdin', () => {
  const name = 'dtype_scalar_int_keeps';
  const r = cli(['-'], fs.readFileSync(path.join(programs, `${name}.py`), 'utf8'));
  assert.equal(r.stdout, want(name, 'out'));
  assert.equal(r.status, 0, r.stderr);
});

test('tensorpad-python -c CODE, and its uncaught exception', () => {
  let r = cli(['-c', 'import torch\nprint(torch.tensor([1., 2.]) * 2)']);
  assert.equal(r.stdout, 'tensor([2., 4.])\n');
  assert.equal(r.status, 0, r.stderr);
  r = cli(['-c', 'import torch\nx = torch.ones(2)\nx[5]']);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /File "<string>", line 3/);
  assert.match(r.stderr, /IndexError: index 5 is out of bounds for dimension 0 with size 2\n$/);
});
