// Runs every PyTorch fixture file in tests/fixtures/*.json against tensorpad.
// Each case holds a JS function body (`js`) and what PyTorch 1.13 gave for the same
// program (`expect`), compared by `kind`: repr text, values with tolerance, JSON, or error
// message. The generators (tests/fixtures/gen_*.py) are run with Debian's python3-torch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import torch from '../../js/tensorpad.js';
import { close } from './compare.mjs';

export { close };

const dir = new URL('../fixtures/', import.meta.url);

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
