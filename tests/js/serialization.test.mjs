// torch.save / torch.load against PyTorch 1.13 (tests/fixtures/gen_serialization.py): files
// PyTorch wrote load with the same values, dtypes, containers and storage sharing; the
// files tensorpad writes are the ones PyTorch loaded when the fixtures were made (same
// bytes) and PyTorch saw there what tensorpad saved; hostile files fail cleanly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import torch from '../../js/tensorpad.js';
import { close } from './compare.mjs';
import { JS_FILES, bytesOf } from '../fixtures/serialization/write_js.mjs';

const dir = new URL('../fixtures/serialization/', import.meta.url);
const { cases } = JSON.parse(readFileSync(new URL('../fixtures/serialization/cases.json', import.meta.url), 'utf8'));
const file = (name) => readFileSync(new URL(name, dir));

/** The JSON description gen_serialization.py makes of a Python object, for a JS one. */
function describe(v, storages = new Map()) {
  if (v instanceof torch.Tensor) {
    const key = v.numel() ? v.storage().data_ptr() : Symbol('empty');
    if (!storages.has(key)) storages.set(key, storages.size);
    return {
      tensor: {
        shape: [...v.shape], dtype: v.dtype.name, data: v.detach().tolist(), requires_grad: v.requires_grad,
        param: v instanceof torch.nn.Parameter, storage: storages.get(key), offset: v.storage_offset(), stride: [...v.stride()],
      },
    };
  }
  if (v instanceof torch.Size) return { size: [...v] };
  if (v instanceof Map) return { dict: [...v].map(([k, x]) => [describe(k, storages), describe(x, storages)]) };
  if (Array.isArray(v)) {
    const kind = v.constructor.name === 'Tuple' ? 'tuple' : 'list';
    return { [kind]: v.map((x) => describe(x, storages)) };
  }
  if (v && typeof v === 'object') return { dict: Object.entries(v).map(([k, x]) => [k, describe(x, storages)]) };
  if (typeof v === 'bigint') return { int: String(v) };
  if (typeof v === 'number') return { number: v };
  return v;
}

/** expected (Python's description) against got (describe of the JS value). */
function same(got, exp, path = '$') {
  if (exp && typeof exp === 'object' && ('int' in exp || 'float' in exp)) {
    if ('int' in exp) {
      const v = 'int' in got ? BigInt(got.int) : BigInt(got.number);
      assert.equal(v, BigInt(exp.int), path);
    } else {
      assert.ok('number' in got, `${path}: expected a number, got ${JSON.stringify(got)}`);
      close(got.number, exp.float, path);
    }
    return;
  }
  if (exp && typeof exp === 'object' && 'tensor' in exp) {
    assert.ok(got && got.tensor, `${path}: expected a tensor`);
    const { data, ...meta } = exp.tensor;
    const { data: gdata, ...gmeta } = got.tensor;
    assert.deepEqual(gmeta, meta, path);
    close(gdata, data, `${path}.data`);
    return;
  }
  if (exp && typeof exp === 'object') {
    const [kind] = Object.keys(exp);
    assert.ok(got && kind in got, `${path}: expected ${kind}, got ${JSON.stringify(got)}`);
    if (kind === 'size') return assert.deepEqual(got.size, exp.size, path);
    assert.equal(got[kind].length, exp[kind].length, `${path}: length`);
    exp[kind].forEach((x, i) => {
      if (kind === 'dict') {
        same(got.dict[i][0], x[0], `${path}.key${i}`);
        same(got.dict[i][1], x[1], `${path}[${JSON.stringify(x[0])}]`);
      } else {
        same(got[kind][i], x, `${path}[${i}]`);
      }
    });
    return;
  }
  assert.equal(got, exp, path);
}

const stillComputes = () => assert.equal(torch.tensor([1.5, 2]).mul(2).sum().item(), 7);

for (const c of cases) {
  test(`serialization: ${c.name}`, () => {
    if (c.kind === 'load') {
      same(describe(torch.load(file(c.file))), c.expect);
    } else if (c.kind === 'error') {
      assert.throws(() => torch.load(file(c.file)), (e) => e instanceof Error && !(e instanceof RangeError) && e.message.includes(c.expect));
      stillComputes();
    } else {
      const name = c.file.slice(0, -3);
      assert.deepEqual(Buffer.from(bytesOf(name)), file(c.file), `${c.file}: tensorpad no longer writes the bytes PyTorch checked`);
      same(describe(JS_FILES[name]()), c.expect);
    }
  });
}

test('serialization: a file PyTorch wrote keeps its storages shared, and writes through views are seen', () => {
  const d = torch.load(file('py_tensors.pt'));
  assert.ok(torch.shares_memory(d.x, d.col) && torch.shares_memory(d.x, d.t) && !torch.shares_memory(d.x, d.f64));
  d.col.fill_(-1);
  assert.deepEqual(d.x.index(':', 1).tolist(), [-1, -1, -1]);
  assert.ok(d.grad.is_leaf && d.grad.requires_grad);
});

test('serialization: a model round-trips through a path, a Buffer and a Blob', async () => {
  torch.manual_seed(1);
  const make = () => new torch.nn.Sequential(new torch.nn.Linear(3, 4), new torch.nn.Tanh(), new torch.nn.Linear(4, 1));
  const a = make(), b = make();
  const x = torch.randn(5, 3);
  const p = join(mkdtempSync(join(tmpdir(), 'tp-')), 'm.pt');
  torch.save(a.state_dict(), p);
  b.load_state_dict(torch.load(p));
  assert.deepEqual(b.call(x).tolist(), a.call(x).tolist());
  const bytes = torch.save(a.state_dict());
  assert.ok(bytes instanceof Uint8Array);
  assert.deepEqual(Object.keys(torch.load(Buffer.from(bytes))), ['0.weight', '0.bias', '2.weight', '2.bias']);
  const fromBlob = await torch.load(new Blob([bytes]));
  assert.deepEqual(fromBlob['2.bias'].tolist(), a[2].bias.tolist());
  assert.deepEqual(torch.load(bytes.buffer)['0.bias'].tolist(), a[0].bias.tolist());
  const sink = [];
  torch.save({ k: 1 }, { write: (b) => sink.push(b) });
  assert.deepEqual(torch.load(sink[0]), { k: 1 });
});

test('serialization: what cannot be saved or loaded fails with a clear error and changes nothing', () => {
  const cyc = [];
  cyc.push(cyc);
  assert.throws(() => torch.save(cyc), /reference cycle/);
  assert.throws(() => torch.save({ f: () => 1 }), /cannot save a function/);
  assert.throws(() => torch.save(new torch.nn.Linear(1, 1)), /cannot save a Linear .*state_dict/);
  assert.throws(() => torch.load(42), /expected a path, Uint8Array/);
  assert.throws(() => torch.load(new Uint8Array(0)), /failed finding central directory/);
  assert.throws(() => torch.load(file('py_tensors.pt'), { weights_only: false }), /never runs pickled code/);
  assert.throws(() => torch.load(file('py_tensors.pt'), { map_location: 'cuda' }), /CPU only/);
  assert.throws(() => torch.load(file('py_tensors.pt'), { mode: 1 }), /unexpected keyword argument 'mode'/);
  stillComputes();
});

test('serialization: 300 corrupted files either load or throw an Error, never an engine error', () => {
  const good = new Uint8Array(file('py_containers.pt'));
  // data.pkl begins at 64 (aligned): corrupt the pickle itself, past the CRC check
  const pklLen = new DataView(good.buffer).getUint32(22, true);
  let seed = 12345;
  const rnd = (n) => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed % n; };
  const live = torch.memory_stats().live_tensors;
  for (let i = 0; i < 300; i++) {
    const bad = good.slice();
    const at = 64 + rnd(pklLen);
    bad[at] = rnd(256);
    // keep the CRC right so that the unpickler sees the damage
    const dv = new DataView(bad.buffer);
    const crc = crcOf(bad.subarray(64, 64 + pklLen));
    dv.setUint32(14, crc, true);
    const cd = findCentral(bad);
    dv.setUint32(cd + 16, crc, true);
    try { torch.load(bad); } catch (e) {
      assert.ok(e instanceof Error, String(e));
      assert.ok(!/Cannot read|is not a function|is not iterable|Maximum call stack|Invalid typed array|unreachable/.test(e.message), `mutation ${i} at ${at}: ${e.message}`);
    }
  }
  stillComputes();
  assert.ok(torch.memory_stats().live_tensors <= live + 50);
});

function crcOf(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) { c ^= b; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; }
  return (c ^ 0xffffffff) >>> 0;
}
function findCentral(b) {
  for (let i = 0; i < b.length - 4; i++) if (b[i] === 0x50 && b[i + 1] === 0x4b && b[i + 2] === 1 && b[i + 3] === 2) return i;
  return -1;
}
