// Pages and workers install the torch package from one file, dist/tensorpad-python.json
// (python/bundle.mjs, run by `make build`): the same package as python/, file for file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPython } from '../../js/python.js';

const bundleURL = new URL('../../dist/tensorpad-python.json', import.meta.url);
const root = fileURLToPath(new URL('../../python/', import.meta.url));

test('the bundle holds every .py file of python/ as it is', () => {
  const bundle = JSON.parse(readFileSync(bundleURL, 'utf8'));
  const files = [];
  (function walk(d) {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) { if (n !== '__pycache__') walk(p); } else if (n.endsWith('.py')) files.push(relative(root, p));
    }
  })(root);
  assert.deepEqual(Object.keys(bundle).sort(), files.sort());
  for (const f of files) assert.equal(bundle[f], readFileSync(join(root, f), 'utf8'), f);
});

test('loadPython({packageURL}) installs the package from the bundle', async () => {
  let out = '';
  const py = await loadPython({ packageURL: bundleURL, stdout: (s) => { out += s; } });
  await py.run('import torch, os\nprint(torch.ones(2) * 2.5, os.path.dirname(torch.__file__))');
  assert.equal(out, 'tensor([2.5000, 2.5000]) /lib/tensorpad-python/torch\n');
});
