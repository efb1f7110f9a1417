// Comparing tensorpad's results with PyTorch's recorded ones (tests/fixtures/*.json):
// NaN and the infinities arrive as strings, numbers within atol 1e-6 + rtol 1e-5.
import assert from 'node:assert/strict';

const ATOL = 1e-6, RTOL = 1e-5;

export function decode(v) {
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
