// The TypeScript declarations (js/tensorpad.d.ts) against the code: a usage file written from
// the README and docs type-checks under --strict, and every declared name exists at run time
// and every public runtime name is declared (tests/types/runtime_names.mjs writes the check).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { source } from '../types/runtime_names.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tsc = (...a) => spawnSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, ...a], { cwd: root, encoding: 'utf8' });

test('tensorpad.d.ts type-checks a usage file', () => {
  const r = tsc('-p', 'tests/types/tsconfig.json');
  assert.equal(r.status, 0, r.stdout + r.stderr);
});

test('every declared name exists at run time, every public runtime name is declared', () => {
  mkdirSync(`${root}build/types`, { recursive: true });
  writeFileSync(`${root}build/types/runtime_names.ts`, source('../../js/tensorpad.js'));
  writeFileSync(`${root}build/types/tsconfig.json`, JSON.stringify({
    compilerOptions: { strict: true, noErrorTruncation: true, noEmit: true, target: 'es2022', module: 'es2022', moduleResolution: 'bundler' },
    files: ['runtime_names.ts'],
  }));
  const r = tsc('-p', 'build/types/tsconfig.json');
  assert.equal(r.status, 0, r.stdout + r.stderr);
});

test('the check fails when the declarations and the runtime disagree', () => {
  // a name the runtime does not have, and a runtime name left undeclared, must both be reported
  const src = source('../../js/tensorpad.js').replace(/type (R\d+) = "BoolTensor"/, 'type $1 = "not_a_function" | "BoolTensor"')
    .replace(/ \| "zeros_like"/, '');
  writeFileSync(`${root}build/types/runtime_names.ts`, src);
  const r = tsc('-p', 'build/types/tsconfig.json');
  assert.notEqual(r.status, 0);
  assert.match(r.stdout, /at_runtime_but_undeclared_in_torch: "not_a_function"/);
  assert.match(r.stdout, /declared_but_missing_at_runtime_in_torch: "zeros_like"/);
});

test('no catch-all index signature on torch, Tensor or their namespaces', async () => {
  const { readFileSync } = await import('node:fs');
  const dts = readFileSync(`${root}js/tensorpad.d.ts`, 'utf8');
  // user-named containers (ModuleDict, ParameterDict, an RNN's per-layer weights) keep theirs
  const found = [...dts.matchAll(/\[(\w+): string\]: any/g)].map((m) => m[1]);
  assert.deepEqual(found.filter((k) => !['key', 'param', 'option'].includes(k)), []);
});
