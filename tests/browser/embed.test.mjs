// The embed script on the tutorial pages: <pre class="tensorpad"> blocks become editable
// blocks that share one lazily started worker; each block prints what PyTorch 1.13 prints
// (tests/browser/fixtures/tutorial-outputs.json, from gen_tutorial_outputs.py).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { newPage, screenshot, root, useBrowser } from './helpers.mjs';

const expected = JSON.parse(readFileSync(join(root, 'tests/browser/fixtures/tutorial-outputs.json'), 'utf8'));
const env = useBrowser();

/** Opens a tutorial page and shows its JavaScript blocks (Python is a page's first language). */
async function openTutorial(page, name) {
  await page.goto(new URL(`tutorials/${name}`, env.server.url).href);
  await page.waitForFunction(() => window.tensorpadEmbed?.blocks?.length > 0);
  const js = page.locator('.tp-langbar [data-lang-choice="js"]');
  if (await js.count()) await js.click();
}
const jsIds = (page) => page.$$eval('.tp-embed[data-lang="js"]', (bs) => bs.map((b) => b.dataset.id));

/** Clicks Run on the block with data-id and waits for it to finish; returns its output text. */
async function runBlock(page, id) {
  const box = page.locator(`.tp-embed[data-id="${id}"]`);
  const done = page.evaluate((i) => new Promise((r) => {
    document.querySelector(`.tp-embed[data-id="${i}"]`).addEventListener('tensorpad:done', (e) => r(e.detail), { once: true });
  }), id);
  await box.locator('button', { hasText: 'Run' }).click();
  const msg = await done;
  const out = await box.locator('.tp-embed-out .out').allTextContents();
  return { msg, stdout: out.join(''), text: await box.locator('.tp-embed-out').textContent() };
}

const workerLoads = (page) => page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /worker\.js|\.wasm/.test(e.name)).map((e) => e.name.split('/').pop()));

test('the tensors tutorial: blocks become editors; two blocks run on one lazily started worker', async () => {
  const page = await newPage(env.browser);
  await openTutorial(page, 'tensors.html');
  const ids = await jsIds(page);
  assert.ok(ids.length >= 6, `blocks: ${ids}`);
  assert.equal(await page.locator('.tp-embed[data-lang="js"] .cm-editor').count(), ids.length);
  assert.deepEqual(await workerLoads(page), [], 'nothing loaded before a block is used');
  const first = await runBlock(page, 'tensors-1');
  const second = await runBlock(page, 'tensors-2');
  assert.equal(first.msg.ok, true, JSON.stringify(first.msg.error));
  assert.equal(first.stdout, expected['tensors-1']);
  assert.equal(second.stdout, expected['tensors-2']);
  assert.deepEqual(await workerLoads(page), ['worker.js'], 'one worker (which owns the one wasm module) for all blocks');
  // Edit a block and run it again.
  await page.evaluate(() => { window.tensorpadEmbed.blocks.find((b) => b.box.dataset.id === 'tensors-1').editor.value = 'console.log(String(torch.ones(2)))'; });
  assert.equal((await runBlock(page, 'tensors-1')).stdout, 'tensor([1., 1.])\n');
  await screenshot(page, 'tutorial-tensors');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('every block of the tensors tutorial prints what PyTorch prints', async () => {
  const page = await newPage(env.browser);
  await openTutorial(page, 'tensors.html');
  for (const id of await jsIds(page)) {
    const { msg, stdout } = await runBlock(page, id);
    assert.equal(msg.ok, true, `${id}: ${JSON.stringify(msg.error)}`);
    assert.equal(stdout, expected[id], id);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('every block of the autograd tutorial prints what PyTorch prints, with a graph', async () => {
  const page = await newPage(env.browser);
  await openTutorial(page, 'autograd.html');
  for (const id of await jsIds(page)) {
    const { msg, stdout } = await runBlock(page, id);
    assert.equal(msg.ok, true, `${id}: ${JSON.stringify(msg.error)}`);
    assert.equal(stdout, expected[id], id);
  }
  const names = await page.$$eval('.tp-embed[data-id="autograd-2"] .tp-function text', (ts) => ts.map((x) => x.textContent));
  assert.ok(names.includes('SinBackward0'), `graph of block 2: ${names}`);
  await screenshot(page, 'tutorial-autograd');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('every block of the training tutorial prints what PyTorch prints; the shape mistake warns in red', async () => {
  const page = await newPage(env.browser);
  await openTutorial(page, 'training.html');
  const ids = await jsIds(page);
  assert.equal(ids.length, 6);
  for (const id of ids) {
    const { msg, stdout } = await runBlock(page, id);
    assert.equal(msg.ok, true, `${id}: ${JSON.stringify(msg.error)}`);
    assert.equal(stdout, expected[id], id);
  }
  const warned = await page.$$eval('.tp-embed[data-id="training-3"] .err', (es) => es.map((e) => e.textContent));
  assert.equal(warned.length, 1);
  assert.match(warned[0], /^UserWarning: Using a target size \(torch\.Size\(\[4\]\)\) that is different to the input size/);
  await screenshot(page, 'tutorial-training');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the tutorial index page runs its block', async () => {
  const page = await newPage(env.browser);
  await openTutorial(page, '');
  const { stdout } = await runBlock(page, 'index-1');
  assert.equal(stdout, expected['index-1']);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('tutorial pages fit a phone-width screen and read in dark mode', async () => {
  const page = await newPage(env.browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  for (const name of ['', 'tensors.html', 'autograd.html', 'training.html']) {
    await openTutorial(page, name);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${name || 'index'}: no horizontal page scroll (overflow ${overflow}px)`);
  }
  assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(20, 22, 26)');
  await screenshot(page, 'tutorial-autograd-phone-dark');
  assert.deepEqual(page.errors, []);
  await page.close();
});
