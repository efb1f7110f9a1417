// dist/tensorpad.min.js, the minified bundle pages and bundlers load, must behave as
// js/tensorpad.js: every example with a Python twin prints exactly PyTorch's text through
// it too (minifying must not change printed class names, grad_fn names or errors). It is
// run from a copy in another directory, next to the wasm files only, as a page serves it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tensorpad-bundle-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, 'static'));
for (const f of ['tensorpad.min.js', 'tensorpad.wasm', 'tensorpad-plain.wasm']) copyFileSync(join(root, 'dist', f), join(dir, 'static', f));
const bundle = pathToFileURL(join(dir, 'static/tensorpad.min.js')).href;

test('the bundle is one self-contained module', () => {
  const code = readFileSync(join(dir, 'static/tensorpad.min.js'), 'utf8');
  assert.doesNotMatch(code, /from\s*["']\.{1,2}\//, 'no relative imports left');
});

for (const file of readdirSync(`${root}examples`).filter((f) => f.endsWith('.mjs')).sort()) {
  const expected = `${root}tests/fixtures/examples/${file.replace(/\.mjs$/, '.out')}`;
  test(`${file} through the bundle`, { skip: existsSync(expected) ? false : 'no Python twin yet' }, () => {
    const code = readFileSync(`${root}examples/${file}`, 'utf8');
    const rewritten = code.replace(/from '\.\.\/js\/tensorpad\.js'/, `from '${bundle}'`);
    assert.notEqual(rewritten, code, 'the example imports ../js/tensorpad.js');
    writeFileSync(join(dir, file), rewritten);
    const out = execFileSync(process.execPath, [join(dir, file)], { cwd: root, encoding: 'utf8' });
    assert.equal(out, readFileSync(expected, 'utf8'));
  });
}

test('errors and class names survive minification', async () => {
  const { default: torch } = await import(bundle);
  assert.throws(() => torch.zeros(2).add(torch.zeros(3)), {
    message: 'The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0',
  });
  const model = new torch.nn.Sequential(new torch.nn.Linear(2, 3), new torch.nn.ReLU());
  assert.equal(String(model), 'Sequential(\n  (0): Linear(in_features=2, out_features=3, bias=True)\n  (1): ReLU()\n)');
  const y = torch.ones(2, { requires_grad: true }).mul(2).sum();
  assert.equal(y.grad_fn.name(), 'SumBackward0');
});

/** Every function reachable from torch (namespaces, classes, prototypes), by path, with its .name. */
function names(torch) {
  const seen = new Set(), out = new Map();
  (function walk(o, path, depth) {
    if (!o || (typeof o !== 'object' && typeof o !== 'function') || seen.has(o) || depth > 4) return;
    seen.add(o);
    for (const k of Object.getOwnPropertyNames(o)) {
      if (['prototype', 'constructor', 'caller', 'arguments'].includes(k)) continue;
      let v;
      try { v = o[k]; } catch { continue; }
      if (typeof v === 'function') out.set(`${path}.${k}`, v);
      if (typeof v === 'function' || (v && typeof v === 'object' && !ArrayBuffer.isView(v))) walk(v, `${path}.${k}`, depth + 1);
    }
    if (typeof o === 'function' && o.prototype) walk(o.prototype, `${path}.prototype`, depth + 1);
  })(torch, 'torch', 0);
  return out;
}

test('js/build.mjs keeps the names of classes and public functions; a dropped name is empty, never a minified one', async () => {
  const { default: min } = await import(bundle);
  const { default: src } = await import('../../js/tensorpad.js');
  const a = names(src), b = names(min);
  assert.deepEqual([...b.keys()], [...a.keys()]);
  const isClass = (f) => /^class\b/.test(Function.prototype.toString.call(f));
  let classes = 0, kept = 0;
  for (const [path, f] of a) {
    const g = b.get(path);
    if (isClass(f)) { classes++; assert.equal(g.name, f.name, path); continue; }
    assert.ok(g.name === f.name || g.name === '', `${path}: '${g.name}' for '${f.name}'`);
    if (g.name === f.name && f.name) kept++;
  }
  assert.ok(classes >= 30 && kept >= 300, `${classes} classes, ${kept} function names kept`);
  for (const f of [min.tensor, min.save, min.serialization.load, min.autograd.grad, min.utils.data.random_split]) assert.notEqual(f.name, '');
  assert.equal(min.tensor.name, 'tensor');
  assert.equal(new min.optim.Adam([min.ones(1)]).constructor.name, 'Adam');
  assert.equal(min.ones(1).constructor.name, 'Tensor');
});
