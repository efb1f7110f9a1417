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
  // A cold start (no snapshot: one already holds an imported torch), so that `import torch`
  // reads the files the bundle wrote, and a mark added to the bundle's copy shows it did.
  const bundle = JSON.parse(readFileSync(bundleURL, 'utf8'));
  bundle['torch/__init__.py'] += '\n_from_the_bundle = True\n';
  const marked = `data:application/json;base64,${Buffer.from(JSON.stringify(bundle)).toString('base64')}`;
  let out = '';
  const py = await loadPython({ packageURL: marked, snapshot: false, stdout: (s) => { out += s; } });
  assert.equal(py.startedFrom, 'cold');
  await py.run('import torch, os\nprint(torch.ones(2) * 2.5, os.path.dirname(torch.__file__), torch._from_the_bundle)');
  assert.equal(out, 'tensor([2.5000, 2.5000]) /lib/tensorpad-python/torch True\n');
});
