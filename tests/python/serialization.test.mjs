// Python mode's torch.save / torch.load beyond what the program suite compares with PyTorch
// (serialization_roundtrip.py, serialization_from_pytorch.py, serialization_from_tensorpad.py):
// the committed tensorpad_*.pt that PyTorch read in `make fixtures` are still what tensorpad
// writes; a hostile file never runs its code, also with weights_only=False (where PyTorch
// would run it, so there is no PyTorch output to compare); what cannot be saved or loaded
// fails with a clear Python exception; tensorpad-python saves into and loads from the real folder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, copyFileSync, readFileSync, readdirSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadPython } from '../../js/python.js';
import { writeSaved, SAVED } from './write_saved.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'tensorpad-serialization-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const badDir = new URL('../fixtures/serialization/', import.meta.url);
for (const f of ['bad_crc.pt', 'bad_half.pt', 'bad_legacy.pt', 'bad_truncated.pt']) copyFileSync(new URL(f, badDir), path.join(dir, f));

test('the committed tensorpad_*.pt (read by PyTorch 1.13 in make fixtures) are what Python mode writes now', async () => {
  const out = path.join(dir, 'written');
  (await import('node:fs')).mkdirSync(out);
  copyFileSync(path.join(SAVED, 'objects.py'), path.join(out, 'objects.py'));
  const names = await writeSaved(out);
  assert.ok(names.length >= 5);
  const committed = readdirSync(SAVED).filter((f) => f.startsWith('tensorpad_'));
  assert.equal(committed.length, names.length);
  for (const n of names) {
    const f = `tensorpad_${n}.pt`;
    assert.ok(readFileSync(path.join(out, f)).equals(readFileSync(path.join(SAVED, f))), `${f}: bytes differ; run make fixtures`);
  }
});

let out = '';
const py = await loadPython({ cwd: dir, stdout: (s) => { out += s; }, stderr: () => {} });
async function run(code) {
  py.reset();
  out = '';
  try {
    await py.run(code);
    return { out, error: null };
  } catch (e) {
    if (!e.pythonType) throw e;
    return { out, error: [e.pythonType, e.pythonMessage] };
  }
}

test('a hostile file never runs its code: weights_only=False refuses it too, with an UnpicklingError', async () => {
  const marker = path.join(dir, 'pwned');
  for (const wo of ['False', 'True']) {
    const r = await run(`
import io, os, pickle, zipfile, torch
class Evil:
    def __reduce__(self):
        return (os.system, ('touch ${marker}',))
class Exec:
    def __reduce__(self):
        return (exec, ("open('${marker}', 'w')",))
for cls in (Evil, Exec):
    b = io.BytesIO()
    with zipfile.ZipFile(b, 'w') as z:
        z.writestr('archive/data.pkl', pickle.dumps([torch.ones(1).shape, cls()], protocol=2))
        z.writestr('archive/version', '3\\n')
    b.seek(0)
    try:
        torch.load(b, weights_only=${wo})
    except pickle.UnpicklingError as e:
        print(str(e).split('WeightsUnpickler error: ')[1])
        print('Re-running' in str(e))
`);
    assert.equal(r.error, null);
    const expectRerun = wo === 'True' ? 'True' : 'False';   // tensorpad's own text says it never runs pickled code
    assert.equal(r.out, `Unsupported class posix.system\n${expectRerun}\nUnsupported class __builtin__.exec\n${expectRerun}\n`);
    assert.equal(existsSync(marker), false);
  }
});

test('files that cannot load: the Python exception PyTorch raises (zip errors RuntimeError), never a wasm trap', async () => {
  const cases = [
    ['bad_crc.pt', 'RuntimeError', /^PytorchStreamReader failed reading zip archive: CRC-32 check failed/],
    ['bad_truncated.pt', 'RuntimeError', /^PytorchStreamReader failed reading zip archive: failed finding central directory/],
    ['bad_half.pt', 'RuntimeError', /float16/],
    ['bad_legacy.pt', 'UnpicklingError', /legacy format/],
  ];
  for (const [f, cls, re] of cases) {
    const r = await run(`import torch\ntorch.load(${JSON.stringify(f)})`);
    assert.equal(r.error?.[0], cls, f);
    assert.match(r.error[1], re, f);
  }
  // with weights_only=True, PyTorch wraps its reader's RuntimeError in an UnpicklingError
  const r = await run("import torch\ntorch.load('bad_crc.pt', weights_only=True)");
  assert.equal(r.error[0], 'UnpicklingError');
  assert.match(r.error[1], /^Weights only load failed\. .*WeightsUnpickler error: PytorchStreamReader failed reading zip archive: CRC-32/);
});

test('what torch.save cannot write fails before writing anything, and the tensors saved stay as they were', async () => {
  const r = await run(`
import io, pickle, torch
x = torch.arange(4.)
for bad in (lambda: 1, torch.nn.Linear(2, 2), {'a': [x, object()]}, b'bytes', {1, 2}):
    b = io.BytesIO()
    try:
        torch.save(bad, b)
    except pickle.PicklingError as e:
        print(type(e).__name__, b.tell(), str(e).split(':')[0])
cyc = [x]
cyc.append(cyc)
try:
    torch.save(cyc, io.BytesIO())
except Exception as e:
    print(type(e).__name__, e)
try:
    torch.save(x, 'no-such-folder/x.pt')
except RuntimeError as e:
    print(e)
print(x)
`);
  assert.equal(r.error, null);
  assert.equal(r.out, [
    "PicklingError 0 tensorpad cannot save an object of type 'builtins.function'",
    "PicklingError 0 tensorpad cannot save an object of type 'torch.nn.modules.linear.Linear'",
    "PicklingError 0 tensorpad cannot save an object of type 'builtins.object'",
    "PicklingError 0 tensorpad cannot save an object of type 'builtins.bytes'",
    "PicklingError 0 tensorpad cannot save an object of type 'builtins.set'",
    'TypeError torch.save: the object contains itself (a reference cycle); tensorpad cannot save that',
    'Parent directory no-such-folder does not exist.',
    'tensor([0., 1., 2., 3.])', ''].join('\n'));
});

test('map_location: a function gets each storage and its location; one that returns something else is refused', async () => {
  const r = await run(`
import io, torch
b = io.BytesIO()
base = torch.arange(6.)
torch.save({'a': base[:2], 'b': base[3:], 'c': torch.ones(2, dtype=torch.int64)}, b)
seen = []
def ml(storage, loc):
    seen.append((loc, storage.dtype, storage.numel()))
    return storage
b.seek(0)
d = torch.load(b, map_location=ml)
print(seen, d['b'])
b.seek(0)
try:
    torch.load(b, map_location=lambda s, loc: torch.zeros(1))
except NotImplementedError as e:
    print('NotImplementedError')
b.seek(0)
try:
    torch.load(b, map_location='xla:0')
except RuntimeError as e:
    print(e)
`);
  assert.equal(r.error, null);
  assert.equal(r.out, "[('cpu', torch.float32, 6), ('cpu', torch.int64, 2)] tensor([3., 4., 5.])\nNotImplementedError\n" +
    "tensorpad runs on the CPU only; map_location 'xla:0' is not available\n");
});

test('tensorpad-python: torch.save to a path writes into the real current folder, and torch.load reads it back', async () => {
  const { spawnSync } = await import('node:child_process');
  const cli = new URL('../../bin/tensorpad-python.mjs', import.meta.url);
  const code = "import torch\nx = torch.arange(6.).reshape(2, 3)\ntorch.save({'x': x, 'row': x[1]}, 'cli.pt')\nd = torch.load('cli.pt')\nd['row'][0] = -1.0\nprint(d['x'])\n";
  const r = spawnSync(process.execPath, [path.resolve(new URL(cli).pathname), '-c', code], { cwd: dir, encoding: 'utf8', timeout: 120000 });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, 'tensor([[ 0.,  1.,  2.],\n        [-1.,  4.,  5.]])\n');
  const torch = (await import('../../js/tensorpad.js')).default;
  const d = torch.load(path.join(dir, 'cli.pt'));        // the file on disk, read by the JS library
  assert.deepEqual(d.x.tolist(), [[0, 1, 2], [3, 4, 5]]);
  assert.ok(torch.shares_memory(d.x, d.row));
});
