// After an out-of-memory run (issue 11, item 8, the playground's part) the page offers a
// fresh runtime and the next Run uses one: a 64 MB tensor works again at once, on a fresh
// heap. The ↻ Restart button does the same at any time; Stop still ends a run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, openPlayground, runInPage, useBrowser } from './helpers.mjs';

const env = useBrowser();

test('out of memory: the page offers a restart and the next Run gets a fresh runtime', async () => {
  const page = await newPage(env.browser);
  await openPlayground(page, env.server.url);
  const oom = await runInPage(page, 'const keep = [];\nfor (;;) keep.push(torch.empty(32 * 2 ** 20));\n', { timeout: 120000 });
  assert.equal(oom.done.ok, false);
  assert.match(oom.done.error.message, /can't allocate memory: you tried to allocate \d+ bytes/);
  assert.equal(oom.done.error.fatal, true);
  assert.match(await page.textContent('#status'), /the next Run restarts the runtime/);
  assert.match(oom.text, /press ↻ Restart/);
  assert.equal(await page.evaluate(() => document.getElementById('restart').classList.contains('tp-attn')), true);
  const big = await runInPage(page, 'const t = torch.zeros(16 * 2 ** 20);\nprint(t.numel(), torch.memory_stats().heap_bytes < 512 * 2 ** 20);\n');
  assert.equal(big.done.ok, true, JSON.stringify(big.done.error));
  assert.equal(big.stdout, '16777216 true\n');
  assert.equal(await page.evaluate(() => document.getElementById('restart').classList.contains('tp-attn')), false);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('↻ Restart gives a fresh runtime at any time; the module state starts over', async () => {
  const page = await newPage(env.browser);
  await openPlayground(page, env.server.url);
  await runInPage(page, 'torch.set_printoptions({precision: 2});\nprint(torch.tensor([1 / 3]));\n');
  assert.equal((await runInPage(page, 'print(torch.tensor([1 / 3]))')).stdout, 'tensor([0.33])\n', 'state kept between runs');
  await page.click('#restart');
  await page.waitForFunction(() => /runtime restarted · ready/.test(document.getElementById('status').textContent), null, { timeout: 20000 });
  assert.equal((await runInPage(page, 'print(torch.tensor([1 / 3]))')).stdout, 'tensor([0.3333])\n', 'a fresh module');
  assert.equal(await page.isEnabled('#restart'), true);
  assert.deepEqual(page.errors, []);
  await page.close();
});
