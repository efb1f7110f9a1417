// Note [Start-up snapshot] (js/python.js): a start restored from the snapshot (torch already
// imported) behaves as a cold start does -- the same output for a program that uses what the
// import leaves on the JS side (the warning sink, the default generator kept by id, the
// bridge's functions) -- and the snapshot is really used (a new import-time call into the
// bridge that is not allowed would make every start cold without it).
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
  return { startedFrom: py.startedFrom, out, err };
}

test('a start restored from the snapshot prints and warns as a cold start does', async () => {
  await loadPython({ stdout: () => {}, stderr: () => {} });  // makes the snapshot if there is none
  const restored = await runOnce({});
  const cold = await runOnce({ snapshot: false });
  assert.equal(restored.startedFrom, 'snapshot');
  assert.equal(cold.startedFrom, 'cold');
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
  assert.match(readOnly.out, /^False\n/);
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
});
