// Every example in examples/ that has a Python twin (examples/NN.py, run by
// tests/fixtures/gen_examples.py) must print exactly what PyTorch 1.13 printed for the twin.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
for (const file of readdirSync(`${root}examples`).filter((f) => f.endsWith('.mjs')).sort()) {
  const expected = `${root}tests/fixtures/examples/${file.replace(/\.mjs$/, '.out')}`;
  test(file, { skip: existsSync(expected) ? false : 'no Python twin yet' }, () => {
    const out = execFileSync(process.execPath, [`examples/${file}`], { cwd: root, encoding: 'utf8' });
    assert.equal(out, readFileSync(expected, 'utf8'));
  });
}
