// Unit tests of Python mode's torch layer: every case of tests/python/unit_cases.py runs
// under tensorpad and must print what PyTorch 1.13 printed (tests/fixtures/bits/python_unit.json,
// made by tests/fixtures/gen_python_unit.py) and end in the same exception, if any.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { runFresh, normalize } from './helpers.mjs';

const { prelude, cases } = JSON.parse(readFileSync(new URL('../fixtures/bits/python_unit.json', import.meta.url), 'utf8'));

for (const c of cases) {
  test(c.name, async () => {
    const r = await runFresh(prelude + c.code);
    assert.equal(normalize(r.stdout), normalize(c.stdout));
    assert.deepEqual(r.error, c.error);
  });
}
