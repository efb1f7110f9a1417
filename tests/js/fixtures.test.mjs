// Runs every PyTorch fixture file in tests/fixtures/*.json against tensorpad.
// Each case holds a JS function body (`js`) and what PyTorch 1.13 gave for the same
// program (`expect`), compared by `kind`: repr text, values with tolerance, JSON, or error
// message. The generators (tests/fixtures/gen_*.py) are run with Debian's python3-torch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import torch from '../../js/tensorpad.js';

const dir = new URL('../fixtures/', import.meta.url);
const ATOL = 1e-6, RTOL = 1e-5;

function decode(v) {
  if (v === 'nan') return NaN;
  if (v === 'inf') return Infinity;
  if (v === '-inf') return -Infinity;
  return v;
}

export function close(a, b, path = '') {
  b = decode(b);
  if (Array.isArray(b)) {
    assert.ok(Array.isArray(a), `${path}: expected an array, got ${JSON.stringify(a)}`);
    assert.equal(a.length, b.length, `${path}: length`);
    b.forEach((x, i) => close(a[i], x, `${path}[${i}]`));
  } else if (typeof b === 'number') {
    if (typeof a === 'bigint') a = Number(a);
    assert.equal(typeof a, 'number', `${path}: expected a number, got ${a}`);
    if (Number.isNaN(b)) assert.ok(Number.isNaN(a), `${path}: expected NaN, got ${a}`);
    else if (!Number.isFinite(b)) assert.equal(a, b, path);
    else assert.ok(Math.abs(a - b) <= ATOL + RTOL * Math.abs(b), `${path}: ${a} != ${b} (diff ${Math.abs(a - b)})`);
  } else if (b && typeof b === 'object') {
    assert.equal(typeof a, 'object', `${path}: expected an object`);
    for (const k of Object.keys(b)) close(a[k], b[k], `${path}.${k}`);
  } else {
    assert.equal(a, b, path);
  }
}

/** The first name in `requires` (e.g. 'torch.cat', 'Tensor.chunk') that does not exist yet. */
function missing(requires = []) {
  const roots = { torch, Tensor: torch.Tensor.prototype };
  return requires.find((path) => {
    const [root, ...rest] = path.split('.');
    let v = roots[root];
    for (const k of rest) v = v?.[k];
    return v === undefined;
  });
}

const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
for (const file of files) {
  const { cases } = JSON.parse(readFileSync(new URL(file, dir), 'utf8'));
  test(file, async (t) => {
    for (const c of cases) {
      const gap = missing(c.requires);
      if (gap) {
        await t.test(c.name, { skip: `needs ${gap}, which is not built yet` }, () => {});
        continue;
      }
      await t.test(c.name, () => {
        const run = () => new Function('torch', c.js)(torch);
        if (c.kind === 'error') {
          assert.throws(run, (e) => {
            assert.ok(e instanceof Error, 'throws an Error');
            assert.ok(e.message.includes(c.expect), `message ${JSON.stringify(e.message)} lacks ${JSON.stringify(c.expect)}`);
            return true;
          });
          return;
        }
        const got = run();
        if (c.kind === 'repr') assert.equal(String(got), c.expect);
        else if (c.kind === 'values') {
          assert.deepEqual(Array.from(got.shape), c.expect.shape, 'shape');
          assert.equal(got.dtype.name, c.expect.dtype, 'dtype');
          close(got.tolist(), c.expect.data, 'data');
        } else if (c.kind === 'json') close(got, c.expect, 'result');
        else throw new Error(`unknown fixture kind ${c.kind}`);
      });
    }
  });
}
