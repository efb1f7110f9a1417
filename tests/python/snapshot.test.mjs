// Note [Start-up snapshot] (js/python.js): a start restored from the snapshot (torch already
// imported) behaves as a cold start does -- the same output for a program that uses what the
// import leaves on the JS side (the warning sink, the default generator kept by id, the
// bridge's functions) -- and the snapshot is really used (a new import-time call into the
// bridge that is not allowed would make every start cold without it): a normal loadPython()
// and the CLI start from it, and a cold start says why (py.coldStartReason).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPython } from '../../js/python.js';
import { resetWarnings } from '../../js/python_bridge.js';

const PROGRAM = `
import sys
print('torch' in sys.modules)
import torch, warnings
torch.default_generator.manual_seed(3)
print(torch.rand(3), torch.default_generator.initial_seed())
x = torch.tensor([1., 2.], requires_grad=True)
(x * x).sum().backward()
print(x.grad, x.grad_fn, torch.get_default_dtype())
torch.tensor([1., 2.]).T
import torch.nn as nn
torch.manual_seed(0)
print(nn.Linear(2, 1).weight)
print(torch.memory_stats()['live_tensors'] if isinstance(torch.memory_stats(), dict) else '')
`;

async function runOnce(options) {
  let out = '', err = '';
  const py = await loadPython({ stdout: (s) => { out += s; }, stderr: (s) => { err += s; }, ...options });
  resetWarnings();  // the library's warnings-shown set is per JS process, not per interpreter
  await py.run(PROGRAM, { filename: 'main.py' });
  py.reset();
  await py.run('import torch\ntorch.tensor([3., 4.]).T\nprint(torch.rand(1))', { filename: 'again.py' });
  return { startedFrom: py.startedFrom, coldStartReason: py.coldStartReason, out, err };
}

test('a normal loadPython() starts from the snapshot (a silent fall back to a cold start is ~7x slower)', async () => {
  // the first start may make the snapshot; then it restores it, as every later start does
  for (let i = 0; i < 2; i++) {
    const py = await loadPython({ stdout: () => {}, stderr: () => {} });
    assert.equal(py.startedFrom, 'snapshot', `a cold start: ${py.coldStartReason}`);
    assert.equal(py.coldStartReason, null);
  }
});

test('a start restored from the snapshot prints and warns as a cold start does', async () => {
  await loadPython({ stdout: () => {}, stderr: () => {} });  // makes the snapshot if there is none
  const restored = await runOnce({});
  const cold = await runOnce({ snapshot: false });
  assert.equal(restored.startedFrom, 'snapshot', restored.coldStartReason);
  assert.equal(cold.startedFrom, 'cold');
  assert.equal(cold.coldStartReason, 'the snapshot option is false');
  // the only difference: a cold start has not imported torch before the program
  assert.equal(restored.out.replace(/^True\n/, 'X\n'), cold.out.replace(/^False\n/, 'X\n'));
  assert.equal(restored.err, cold.err);
  assert.match(restored.err, /UserWarning: The use of `x.T` on tensors of dimension other than 2/);
  assert.equal((restored.err.match(/UserWarning/g) ?? []).length, 2, 'reset() forgets the warnings shown, as a new process');
});

test('a snapshot that cannot be restored falls back to a cold start, and a bad store is survived', async () => {
  let removed = 0;
  const store = { get: async () => new Uint8Array(64), put: async () => { throw new Error('disk full'); }, remove: async () => { removed++; } };
  const r = await runOnce({ snapshotStore: store });
  assert.equal(removed, 1);
  assert.equal(r.out.split('\n')[0], 'True');  // restored from the snapshot it just made (put failed)
  const readOnly = await runOnce({ snapshotStore: { get: async () => null } });
  assert.equal(readOnly.startedFrom, 'cold');
  assert.equal(readOnly.coldStartReason, 'no snapshot in the store, and the store is read-only');
  assert.match(readOnly.out, /^False\n/);
});

test('an import that holds a JS object the bridge cannot name starts cold and says which and where', async () => {
  const { mkdtempSync, writeFileSync, readFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { pathToFileURL } = await import('node:url');
  const bundle = JSON.parse(readFileSync(new URL('../../dist/tensorpad-python.json', import.meta.url), 'utf8'));
  const dir = mkdtempSync(`${tmpdir()}/tp-snapshot-`);
  const start = async (files) => {
    writeFileSync(`${dir}/bundle.json`, JSON.stringify(files));
    let made = 0;
    const store = { get: async () => null, put: async () => { made++; }, remove: async () => {} };
    let err = '';
    const py = await loadPython({ packageURL: pathToFileURL(`${dir}/bundle.json`), snapshotStore: store,
      stdout: () => {}, stderr: (s) => { err += s; } });
    return { py, made, err };
  };
  const good = await start(bundle);
  assert.equal(good.py.startedFrom, 'snapshot', good.py.coldStartReason);
  assert.equal(good.made, 1);
  // a bound function made at import (what a closure over a bridge call would be)
  const bad = await start({ ...bundle, 'torch/_bridge.py': `${bundle['torch/_bridge.py']}\n_held = {'f': W.tp_tensor_ndim.bind(None)}\n` });
  assert.equal(bad.py.startedFrom, 'cold');
  assert.equal(bad.made, 0);
  assert.match(bad.py.coldStartReason, /^no snapshot could be made: Python holds a JS function bound .* that the bridge cannot name, at torch\._bridge\._held\['f'\]$/);
  await bad.py.run("import torch\nprint(torch.ones(1))");  // a working interpreter all the same
});

test('the CLI, a process of its own, restores the bridge objects the import kept (the default generator)', async () => {
  const { spawnSync } = await import('node:child_process');
  const cli = new URL('../../bin/tensorpad-python.mjs', import.meta.url).pathname;
  const code = 'import torch\ntorch.default_generator.manual_seed(3)\nprint(torch.rand(2), torch.default_generator.initial_seed())';
  for (let i = 0; i < 2; i++) {  // the first run may make the snapshot; the second restores it
    const r = spawnSync(process.execPath, [cli, '-c', code], { encoding: 'utf8', timeout: 300e3 });
    assert.equal(r.stderr, '');
    assert.equal(r.stdout, 'tensor([0.0043, 0.1056]) 3\n');  // PyTorch 1.13's numbers
  }
  // TENSORPAD_SNAPSHOT_DEBUG says how the start went: the CLI's start is a restore too
  const r = spawnSync(process.execPath, [cli, '-c', 'import torch'], { encoding: 'utf8', timeout: 300e3,
    env: { ...process.env, TENSORPAD_SNAPSHOT_DEBUG: '1' } });
  assert.equal(r.stderr, 'tensorpad: started from the start-up snapshot\n');
  assert.equal(r.status, 0);
});
