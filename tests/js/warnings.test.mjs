// PyTorch 1.13's warnings on console.warn, case by case against a fresh Python process each
// (tests/fixtures/bits/warnings.json from tests/fixtures/gen_warnings.py): once per line of the
// user's code, as Python's default filter shows them, TORCH_WARN_ONCE ones once per process.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import torch, { resetWarnings } from '../../js/tensorpad.js';

const { cases } = JSON.parse(readFileSync(new URL('../fixtures/bits/warnings.json', import.meta.url), 'utf8'));

function norm(v) {
  if (v instanceof torch.Tensor) return String(v);
  if (Array.isArray(v)) return v.map(norm);
  return v ?? null;
}

for (const c of cases) {
  test(`warnings: ${c.name}`, (t) => {
    resetWarnings();
    const warn = t.mock.method(console, 'warn', () => {});
    // one statement per line, as in the Python twin: the line is what a warning is keyed by
    const body = [...c.js.slice(0, -1), `return ${c.js[c.js.length - 1]};`].join('\n');
    const value = new Function('torch', body)(torch);
    assert.deepEqual(warn.mock.calls.map((call) => call.arguments.join(' ')), c.warnings);
    const close = (a, b) => (typeof a === 'number' && typeof b === 'number' ? Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b)) : a === b);
    const same = (a, b) => (Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((x, i) => same(x, b[i])) : close(a, b));
    assert.ok(same(norm(value), c.value), `value: ${JSON.stringify(norm(value))} vs ${JSON.stringify(c.value)}`);
  });
}

test('resetWarnings forgets what was shown: the same line warns again, as in a fresh process', (t) => {
  const warn = t.mock.method(console, 'warn', () => {});
  const y = torch.ones(2, { requires_grad: true }).mul(2);
  const read = () => y.grad;
  resetWarnings();
  read(); read();
  resetWarnings();
  read();
  assert.equal(warn.mock.calls.length, 2);
});
