// The tensorpad-python CLI: FILE.py [args], -c CODE, - (stdin); exit 0, or 1 after an
// uncaught exception with a Python traceback on stderr naming the user's file and line;
// sys.argv; files in the current folder readable; imports of sibling modules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../bin/tensorpad-python.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tp-cli-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

function cli(args, input) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: dir, input, encoding: 'utf8', timeout: 300e3 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('-c runs code and prints what PyTorch prints', () => {
  const r = cli(['-c', 'import torch; x = torch.tensor([1., 2.], requires_grad=True); y = (x * 2).sum(); y.backward(); print(x.grad)']);
  assert.equal(r.stderr, '');
  assert.equal(r.stdout, 'tensor([2., 2.])\n');
  assert.equal(r.status, 0);
});

test('a file with arguments: sys.argv, cwd files, sibling imports', () => {
  writeFileSync(join(dir, 'data.txt'), '1.5 2.5\n');
  writeFileSync(join(dir, 'helper.py'), 'def double(t):\n    return t * 2\n');
  writeFileSync(join(dir, 'main.py'), [
    'import sys, os, torch', 'from helper import double',
    'print(sys.argv)', 'vals = [float(v) for v in open("data.txt").read().split()]',
    'print(double(torch.tensor(vals)))', 'open("out.txt", "w").write("written")', 'print(os.path.exists("out.txt"))', '',
  ].join('\n'));
  const r = cli(['main.py', 'a', '--flag']);
  assert.equal(r.stderr, '');
  assert.equal(r.stdout, "['main.py', 'a', '--flag']\ntensor([3., 5.])\nTrue\n");
  assert.equal(r.status, 0);
});

test('an uncaught exception: exit 1, traceback naming the file and line, stdout kept', () => {
  writeFileSync(join(dir, 'bad.py'), 'import torch\nprint("before")\ndef f():\n    return torch.ones(2) @ torch.ones(3)\nf()\n');
  const r = cli(['bad.py']);
  assert.equal(r.status, 1);
  assert.equal(r.stdout, 'before\n');
  assert.match(r.stderr, /^Traceback \(most recent call last\):\n/);
  assert.match(r.stderr, /File ".*bad\.py", line 5, in <module>\n/);
  assert.match(r.stderr, /File ".*bad\.py", line 4, in f\n/);
  assert.match(r.stderr, /\nRuntimeError: inconsistent tensor size, expected tensor \[2\] and src \[3\] to have the same number of elements, but got 2 and 3 elements respectively\n$/);
  assert.doesNotMatch(r.stderr, /_bridge|_tensorpad_runner|python_bridge/);
});

test('- reads the program from stdin; sys.exit sets the status', () => {
  const r = cli(['-'], 'import sys, torch\nprint(torch.ones(2))\nsys.exit(3)\n');
  assert.equal(r.stdout, 'tensor([1., 1.])\n');
  assert.equal(r.status, 3);
  const ok = cli(['-'], 'import sys\nsys.exit()\n');
  assert.equal(ok.status, 0);
});

test('-c with a syntax error and a missing file', () => {
  const r = cli(['-c', 'print(1']);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /SyntaxError/);
  const m = cli(['nope.py']);
  assert.equal(m.status, 2);
  assert.match(m.stderr, /can't open file .*nope\.py.*No such file or directory/);
});

test('warnings go to stderr once per line, as Python shows them', () => {
  const r = cli(['-c', 'import torch\nfor i in range(3):\n    (torch.ones(1, requires_grad=True) * 2).grad\nprint("done")']);
  assert.equal(r.status, 0);
  assert.equal(r.stdout, 'done\n');
  assert.equal((r.stderr.match(/UserWarning: The \.grad attribute of a Tensor that is not a leaf Tensor/g) ?? []).length, 1);
});
