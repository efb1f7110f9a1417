// tsc --strict over what users copy: examples/*.mjs (checked as JavaScript) and every ```js
// snippet of README.md and docs/*.md (as JavaScript modules too), against js/tensorpad.d.ts.
// Two of strict's flags are off, and only these: noImplicitAny and useUnknownInCatchVariables
// report what plain JavaScript cannot annotate (an unannotated parameter, `catch (e)`), not
// whether the declarations are true; strictNullChecks and the rest stay on.
// A snippet is a fragment: its imports are hoisted (a repeated default import, shown as an
// alternative, is dropped), `torch` is imported when the snippet does not, the rest runs in a
// block inside an async function whose parameters (typed by JSDoc) are the free names the docs
// use (X, Y, y, model, blob, process), and `{ ... }` is an empty block.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const out = `${root}build/tsc_examples/`;
const tsc = (dir) => spawnSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', `${dir}tsconfig.json`], { encoding: 'utf8' });

/** [file, index, code] of every ```js block of the markdown files. */
export function snippets() {
  const files = ['README.md', ...readdirSync(`${root}docs`).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
  const found = [];
  for (const f of files) {
    const md = readFileSync(`${root}${f}`, 'utf8');
    let i = 0;
    for (const m of md.matchAll(/^```js\n([\s\S]*?)^```/gm)) found.push([f, i++, m[1]]);
  }
  return found;
}

const FREE = { X: 'Tensor', Y: 'Tensor', y: 'Tensor', model: 'InstanceType<typeof torch.nn.Linear>', blob: 'Blob',
  process: '{ stdout: { write(s: string): boolean } }' };

/** A snippet as a JavaScript module. */
export function moduleOf(code) {
  const imports = [];
  const defaults = new Set();
  const body = [];
  for (const line of code.split('\n')) {
    const m = line.match(/^import\s+(\w+)?[\s,{]*.*from\s+'([^']+)';/);
    if (!m) { body.push(line); continue; }
    if (m[1] && defaults.has(m[1])) continue;
    if (m[1]) defaults.add(m[1]);
    imports.push(line.replace(/'(\.{1,2}\/)+js\/tensorpad\.js'/, "'tensorpad'"));
  }
  if (!defaults.has('torch')) imports.push("import torch from 'tensorpad';");
  return [...imports, "/** @typedef {import('tensorpad').Tensor} Tensor */", '/**',
    ...Object.entries(FREE).map(([k, t]) => ` * @param {${t}} ${k}`), ' */',
    `export async function snippet(${Object.keys(FREE).join(', ')}) {`, '{', body.join('\n').replace(/\{ \.\.\. \}/g, '{}'), '}', '}', ''].join('\n');
}

function writeProject(dir, files, extra = {}) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(`${dir}${name}`, text);
  writeFileSync(`${dir}tsconfig.json`, JSON.stringify({
    compilerOptions: {
      strict: true, noImplicitAny: false, useUnknownInCatchVariables: false, noEmit: true, allowJs: true, checkJs: true,
      target: 'es2022', module: 'es2022', moduleResolution: 'bundler', noErrorTruncation: true, types: [],
      paths: { tensorpad: [`${root}js/tensorpad.d.ts`], 'tensorpad/python': [`${root}js/python.d.ts`] },
    },
    files: Object.keys(files).filter((f) => /\.(ts|mjs)$/.test(f)),
    include: [`${root}examples/*.mjs`],
    ...extra,
  }));
}

test('tsc --strict passes over examples/*.mjs and the docs\' JS snippets', () => {
  const list = snippets();
  assert.ok(list.length >= 8, `only ${list.length} snippets found`);
  const files = {};
  for (const [f, i, code] of list) files[`${f.replace(/\W/g, '_')}_${i}.mjs`] = moduleOf(code);
  writeProject(out, files);
  const r = tsc(out);
  assert.equal(r.status, 0, r.stdout + r.stderr);
});

test('the check reports a wrong snippet (a misspelt op, a nullable grad used as a tensor, a bool item() as a number)', () => {
  const dir = `${out}negative/`;
  writeProject(dir, {
    'bad.mjs': moduleOf([
      "const x = torch.tensor([1, 2], { dtype: torch.float32, requires_grad: true });",
      'x.tanhh();',
      'x.grad.zero_();',
      'const n = x.gt(0).all().item();',
      'n.toFixed(2);',
    ].join('\n')),
  }, { include: [] });
  const r = tsc(dir);
  assert.notEqual(r.status, 0);
  assert.match(r.stdout, /Property 'tanhh' does not exist/);
  assert.match(r.stdout, /'x\.grad' is possibly 'null'/);
  assert.match(r.stdout, /Property 'toFixed' does not exist on type 'boolean'/);
  assert.equal(r.stdout.match(/error TS/g).length, 3, r.stdout);
});
