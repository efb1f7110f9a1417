// The layer check (docs/ARCHITECTURE.md, "Layers"): every #include in src/ and every import
// in js/ must go down the layer order below, never up. Edges that break the rule today are
// listed, with why, in tests/layers/known.txt: a new one fails this test, and a listed one
// that disappears must be removed from the list (so the list only shrinks).
//   C:  core < ops (kernels by domain) < nn < autograd < api (entry points)   (tensorpad.h, ops.def: everyone)
//       The one cycle, which higher-order gradients need, is between the two top layers and is
//       no include: src/api/ records through autograd's headers, and the formulas in
//       src/autograd/ call the entry points through declarations in tensorpad.h / derivatives.h.
//   JS: core < tensor < linalg = nn < optim = autograd = utils = torch < tensorpad.js < python
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, dirname, resolve, basename } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const C_RANK = { core: 0, ops: 1, nn: 2, autograd: 3, api: 4 };
const JS_RANK = { core: 0, tensor: 1, linalg: 2, nn: 2, optim: 3, autograd: 3, utils: 3, torch: 3, '': 4 };

function walk(dir, exts, out = []) {
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) walk(p, exts, out);
    else if (exts.some((x) => e.endsWith(x))) out.push(p);
  }
  return out;
}

/** C: a header's folder found by its file name (the Makefile puts every header folder on the include path). */
function cEdges() {
  const files = walk(join(root, 'src'), ['.c', '.h']);
  const where = new Map(files.map((f) => [basename(f), relative(join(root, 'src'), f)]));
  const edges = [];
  for (const f of files) {
    const from = relative(join(root, 'src'), f);
    for (const m of readFileSync(f, 'utf8').matchAll(/^#include "([^"]+)"/gm)) {
      const to = where.get(basename(m[1]));
      if (!to) continue;
      const a = from.split('/')[0], b = to.split('/')[0];
      if (!(a in C_RANK) || !(b in C_RANK) || a === b) continue;
      if (C_RANK[b] > C_RANK[a] || (C_RANK[a] === C_RANK[b] && a !== b)) edges.push(`src/${from} -> src/${to}`);
    }
  }
  return edges;
}

function jsEdges() {
  const base = join(root, 'js');
  const layer = (p) => (p.includes('/') ? p.split('/')[0] : (p.startsWith('python') ? 'python' : ''));
  const rank = (l) => (l === 'python' ? 5 : JS_RANK[l]);
  const edges = [];
  for (const f of walk(base, ['.js'])) {
    const from = relative(base, f);
    for (const m of readFileSync(f, 'utf8').matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+'(\.[^']+)'/gm)) {
      const to = relative(base, resolve(dirname(f), m[1]));
      const a = layer(from), b = layer(to);
      if (a === b || rank(a) === undefined || rank(b) === undefined) continue;
      if (rank(b) >= rank(a)) edges.push(`js/${from} -> js/${to}`);
    }
  }
  return edges;
}

const known = new Set(readFileSync(new URL('known.txt', import.meta.url), 'utf8').split('\n')
  .map((l) => l.replace(/#.*/, '').trim()).filter(Boolean).map((l) => l.split(/\s{2,}/)[0]));

if (process.env.LAYERS_PRINT) console.log([...cEdges(), ...jsEdges()].join('\n'));

test('layers: no include or import goes up the layer order (beyond the known list)', () => {
  const found = [...cEdges(), ...jsEdges()];
  const fresh = found.filter((e) => !known.has(e));
  assert.deepEqual(fresh, [], `new edges against the layers:\n${fresh.join('\n')}\n(see docs/ARCHITECTURE.md "Layers")`);
  const gone = [...known].filter((e) => !found.includes(e));
  assert.deepEqual(gone, [], `fixed edges still listed in tests/layers/known.txt (remove them):\n${gone.join('\n')}`);
});
