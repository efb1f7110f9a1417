// The source rewrite the runner applies before the worker runs user code (Node, no browser):
// line numbers never move, imports of tensorpad bind to the worker's module, loops in async
// context yield, and top-level variables are captured.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { prepare } from '../../web/src/transform.js';

const lines = (s) => s.split('\n').length;

test('imports: tensorpad from any path, node shims, unknown modules, multi-line clauses', () => {
  const src = "import torch from '../js/tensorpad.js';\nimport { inspect as show2,\n  format } from 'node:util';\nimport * as tp from 'tensorpad';\nimport fs from 'node:fs';\nimport './side-effect.js';\nconst a = 1;";
  const { code, names } = prepare(src);
  const out = code.split('\n');
  assert.equal(out[0], "const { default: torch } = __modules['tensorpad'];");
  assert.match(out[1], /^const \{ inspect: show2, format \} = __modules\["util"\];$/);
  assert.equal(out[3], "const tp = __modules['tensorpad'];");
  assert.equal(out[4], '__importError("node:fs");');
  assert.equal(out[5], '');
  assert.equal(out[6], 'const a = 1;');
  assert.deepEqual(names, ['a']);
  assert.equal(lines(code), lines(src) + 1, 'one capture line appended, nothing else moves');
});

test('loops yield in async context only, with or without braces', () => {
  const src = 'for (let i = 0; i < 3; i++) f(i);\nwhile (x) { g(); }\ndo h(); while (y);\nfunction plain() { for (;;) {} }\nasync function run() { for (const v of vs) { await k(v); } }\nconst arrow = async () => { while (z) {} };\nouter: for (const a of b) { continue outer; }';
  const { code } = prepare(src);
  const out = code.split('\n');
  assert.equal(out[0], 'for (let i = 0; i < 3; i++) {await __yield();f(i);}');
  assert.equal(out[1], 'while (x) {await __yield(); g(); }');
  assert.equal(out[2], 'do {await __yield();h();} while (y);');
  assert.equal(out[3], 'function plain() { for (;;) {} }', 'no await in a plain function');
  assert.equal(out[4], 'async function run() { for (const v of vs) {await __yield(); await k(v); } }');
  assert.equal(out[5], 'const arrow = async () => { while (z) {await __yield();} };');
  assert.equal(out[6], 'outer: for (const a of b) {await __yield(); continue outer; }');
});

test('top-level variables (also destructured and exported) are captured; nested ones are not', () => {
  const { names, code } = prepare('const [a, {b, c: d}] = f();\nlet e = 1, g;\nexport const h = 2;\n{ const inner = 3; }\nfunction k() { const local = 1; }');
  assert.deepEqual(names, ['a', 'b', 'd', 'e', 'g', 'h']);
  assert.match(code, /^ {6} const h = 2;$/m, '`export` is blanked out, columns kept');
  assert.match(code.split('\n').pop(), /^;__capture\(\{"a": /);
});

test('syntax errors come back with their line', () => {
  const { syntaxError } = prepare('const a = 1;\nconst b = (;\n');
  assert.equal(syntaxError.line, 2);
  assert.equal(prepare('const ok = 1;').syntaxError, null);
});
