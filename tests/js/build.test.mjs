// js/build.mjs's second pass: which esbuild `__name` calls it keeps, and that blanking the
// others changes nothing else (same length, same line breaks, same behaviour). The built
// bundle itself is checked in bundle.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dropFunctionNames } from '../../js/build.mjs';

const HELPER = 'var __name = (target, value) => Object.defineProperty(target, "name", { value, configurable: true });\n';
const run = (code) => new Function(`${code}\nreturn out;`)();

test('dropFunctionNames keeps classes and published functions, blanks the rest in place', () => {
  const code = `${HELPER}function helper2() { return 1; }
__name(helper2, "helper");
var Tensor2 = class {
  static {
    __name(this, "Tensor");
  }
};
class Module2 {}
__name(Module2, "Module");
var tensor2 = /* @__PURE__ */ __name((x) => x, "tensor");
var inner = /* @__PURE__ */ __name((x) => x + 1, "inner");
var called = __name(function () { return 7; }, "called").call();
var E = __name(class {}, "Err");
var ns = { tensor: tensor2, other: helper2 };
var out = [Tensor2.name, Module2.name, tensor2.name, inner.name, helper2.name, called, E.name, inner(1)];`;
  const { code: dropped, kept, dropped: n } = dropFunctionNames(code);
  assert.equal(dropped.length, code.length);
  assert.equal(dropped.split('\n').length, code.split('\n').length);
  assert.deepEqual([kept, n], [5, 2]);
  assert.deepEqual(run(code), ['Tensor', 'Module', 'tensor', 'inner', 'helper', 7, 'Err', 2]);
  // helper2 sits in an object: public; inner and the called function expression are not (unminified,
  // inner still gets its name from its variable: minifying is what renames it)
  assert.deepEqual(run(dropped), ['Tensor', 'Module', 'tensor', 'inner', 'helper', 7, 'Err', 2]);
  assert.doesNotMatch(dropped, /__name\(\(x\) => x \+ 1/);
  assert.doesNotMatch(dropped, /"called"/);
});

test('dropFunctionNames refuses a __name call it does not understand', () => {
  assert.throws(() => dropFunctionNames(`${HELPER}var f = __name(() => 1, someName);`), /unexpected __name call/);
});
