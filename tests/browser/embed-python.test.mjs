// Python blocks in tutorial pages (web/embed.js, web/embed/): one CPython per page, loaded
// on the first Run of a Python block; blocks share one namespace in page order (a later block
// run first runs the earlier ones), errors and output stay in their block, Start over gives a
// fresh session; the Python/JavaScript switch. Expected text: PyTorch 1.13's, from
// tests/fixtures/gen_tutorials.py (Python) and fixtures/gen_tutorial_outputs.py (JS).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { newPage, screenshot, root, useBrowser } from './helpers.mjs';
import { headersFor } from '../../web/headers.mjs';

const fixture = JSON.parse(readFileSync(join(root, 'tests/fixtures/tutorials/python_blocks.json'), 'utf8'));
const jsExpected = JSON.parse(readFileSync(join(root, 'tests/browser/fixtures/tutorial-outputs.json'), 'utf8'));
const want = (page, id) => fixture[page].find((r) => r.id === id);
const env = useBrowser();
const withoutCarets = (tb) => tb.split('\n').filter((l) => !/^\s*[\^~]+\s*$/.test(l)).join('\n');

/** The embed test page, served at /tutorials/embed-test.html with the tutorials' headers (CSP included). */
async function openTestPage(page) {
  await page.route('**/tutorials/embed-test.html', (r) => r.fulfill({
    status: 200, contentType: 'text/html; charset=utf-8', headers: headersFor('/tutorials/embed-test.html'),
    body: readFileSync(join(root, 'tests/browser/fixtures/embed-python.html'), 'utf8'),
  }));
  await page.goto(new URL('tutorials/embed-test.html', env.server.url).href);
  await page.waitForFunction(() => window.tensorpadEmbed?.blocks?.length === 4);
}

const box = (page, id) => page.locator(`.tp-embed[data-id="${id}"]`);
const outputOf = (page, id) => box(page, id).locator('.tp-embed-out').evaluate((e) => e.textContent);
const pythonLoads = (page) => page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => /pyodide|embed-python/.test(n)).length);

/** Clicks Run on a block and waits (as long as Python takes to load) for its tensorpad:done. */
async function run(page, id) {
  const done = page.evaluate((i) => new Promise((r) => {
    document.querySelector(`.tp-embed[data-id="${i}"]`).addEventListener('tensorpad:done', (e) => r(e.detail), { once: true });
  }), id);
  await box(page, id).locator('button', { hasText: 'Run' }).click();
  return done;
}

test('three dependent Python blocks: running the third runs the first two, each printing in its own block', async () => {
  const page = await newPage(env.browser);
  await openTestPage(page);
  const P = 'tests/browser/fixtures/embed-python.html';
  assert.equal(await page.locator('.tp-langbar').count(), 0, 'one language: no switch');
  assert.equal(await pythonLoads(page), 0, 'no Python before a Python block is run');
  await box(page, 'py-1').hover();
  assert.equal(await pythonLoads(page), 0, 'hovering does not load Python');
  const t0 = Date.now();
  const msg = await run(page, 'py-3');
  const ms = Date.now() - t0;
  assert.equal(msg.ok, true, JSON.stringify(msg.error));
  for (const id of ['py-1', 'py-2', 'py-3']) assert.equal(await outputOf(page, id), want(P, id).stdout, id);
  assert.ok(await pythonLoads(page) > 0);
  console.log(`# first Python result (cold page, 3 blocks): ${ms} ms`);

  // The error stays in block 4, with the traceback and the line; the others keep their output.
  const err = await run(page, 'py-4');
  assert.equal(err.ok, false);
  assert.equal(err.error.type, 'RuntimeError');
  const w = want(P, 'py-4');
  assert.equal(await outputOf(page, 'py-4'), w.stdout + withoutCarets(w.traceback));
  assert.match(await box(page, 'py-4').locator('.err').first().textContent(), /^Traceback \(most recent call last\):\n {2}File "block4\.py", line 2/);
  assert.equal(await box(page, 'py-4').locator('.tp-status').textContent(), 'RuntimeError');
  const cursorLine = await page.evaluate(() => {
    const v = window.tensorpadEmbed.blocks[3].editor.view;
    return v.state.doc.lineAt(v.state.selection.main.head).number;
  });
  assert.equal(cursorLine, 2, 'the cursor is on the failing line');
  for (const id of ['py-1', 'py-2', 'py-3']) assert.equal(await outputOf(page, id), want(P, id).stdout, `${id} unchanged`);

  // Re-running block 2 uses the session as it is (x from block 1), without re-running block 1.
  await page.evaluate(() => { window.tensorpadEmbed.blocks[1].editor.value = 'x.add_(1)\nprint(x.sum().item())'; });
  assert.equal((await run(page, 'py-2')).ok, true);
  assert.equal(await outputOf(page, 'py-2'), '21.0\n');
  assert.equal(await outputOf(page, 'py-1'), want(P, 'py-1').stdout, 'block 1 not re-run');

  // Start over: every output cleared, a fresh namespace; block 2 then runs block 1 first again.
  await box(page, 'py-3').locator('button', { hasText: 'Start over' }).click();
  await page.waitForFunction(() => [...document.querySelectorAll('.tp-embed-out')].every((e) => e.textContent === ''));
  await page.evaluate(() => { window.tensorpadEmbed.blocks[1].editor.value = "print('z' in globals(), x.sum().item())"; });
  assert.equal((await run(page, 'py-2')).ok, true);
  assert.equal(await outputOf(page, 'py-1'), want(P, 'py-1').stdout);
  assert.equal(await outputOf(page, 'py-2'), 'False 15.0\n', 'z is gone and x is block 1\'s again');

  // A failing earlier block stops the chain, and the later block says what to do.
  await page.evaluate(() => { window.tensorpadEmbed.blocks[0].editor.value = 'import torch\nx = torch.ones(2) @ torch.ones(3)\n'; });
  await box(page, 'py-1').locator('button', { hasText: 'Start over' }).click();
  const blocked = await run(page, 'py-3');
  assert.equal(blocked.ok, false);
  assert.equal(blocked.blockedBy, 0);
  assert.match(await outputOf(page, 'py-1'), /File "block1\.py", line 2[\s\S]*RuntimeError: inconsistent tensor size/);
  assert.equal(await outputOf(page, 'py-2'), '', 'block 2 did not run');
  assert.match(await outputOf(page, 'py-3'), /^Python block 1 above failed[\s\S]*press Start over/);
  // Reset restores a block's code.
  await box(page, 'py-1').locator('button', { hasText: 'Reset' }).click();
  assert.equal(await page.evaluate(() => window.tensorpadEmbed.blocks[0].editor.value), 'import torch\nx = torch.arange(6.).view(2, 3)\nprint(x)\n');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the autograd tutorial: Python first, the seed example prints PyTorch\'s numbers; the JS switch works and is remembered', async () => {
  const page = await newPage(env.browser);
  const P = 'docs/tutorials/autograd.html';
  await page.goto(new URL('tutorials/autograd.html', env.server.url).href);
  await page.waitForFunction(() => window.tensorpadEmbed?.blocks?.length > 0);
  assert.equal(await page.getAttribute('.tp-langbar [data-lang-choice="python"]', 'aria-pressed'), 'true');
  assert.equal(await page.evaluate(() => document.querySelector('h1').nextElementSibling.className), 'tp-langbar', 'the switch sits under the title');
  assert.equal(await box(page, 'autograd-py-5').isVisible(), true);
  assert.equal(await box(page, 'autograd-5').isVisible(), false);
  assert.equal(await page.locator('p[data-lang="js"]').first().isVisible(), false);
  const msg = await run(page, 'autograd-py-5');
  assert.equal(msg.ok, true, JSON.stringify(msg.error));
  for (let i = 1; i <= 5; i++) assert.equal(await outputOf(page, `autograd-py-${i}`), want(P, `autograd-py-${i}`).stdout, `autograd-py-${i}`);
  assert.match(await outputOf(page, 'autograd-py-5'), /after the first backward, x\.grad: -18\.0\nsecond backward: Trying to backward through the graph a second time/);
  await box(page, 'autograd-py-5').scrollIntoViewIfNeeded();
  await screenshot(page, 'tutorial-autograd-python');
  await page.setViewportSize({ width: 390, height: 844 });
  await box(page, 'autograd-py-5').scrollIntoViewIfNeeded();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal page scroll at phone width (overflow ${overflow}px)`);
  await screenshot(page, 'tutorial-autograd-python-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.click('.tp-langbar [data-lang-choice="js"]');
  assert.equal(await box(page, 'autograd-py-5').isVisible(), false);
  assert.equal(await box(page, 'autograd-8').isVisible(), true);
  const js = await run(page, 'autograd-8');
  assert.equal(js.ok, true, JSON.stringify(js.error));
  assert.equal(await box(page, 'autograd-8').locator('.tp-embed-out .out').allTextContents().then((t) => t.join('')), jsExpected['autograd-8']);
  await page.reload();
  await page.waitForFunction(() => window.tensorpadEmbed?.blocks?.length > 0);
  assert.equal(await page.getAttribute('.tp-langbar [data-lang-choice="js"]', 'aria-pressed'), 'true', 'the choice is remembered');
  assert.equal(await box(page, 'autograd-py-1').isVisible(), false);
  await page.click('.tp-langbar [data-lang-choice="python"]');
  // The top of a tutorial page, Python chosen, at phone width: the switch under the title.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(new URL('tutorials/tensors.html', env.server.url).href);
  await page.waitForFunction(() => window.tensorpadEmbed?.blocks?.length > 0);
  assert.equal(await box(page, 'tensors-py-1').isVisible(), true);
  assert.equal(await box(page, 'tensors-1').isVisible(), false);
  await screenshot(page, 'tutorial-tensors-python-phone');
  assert.deepEqual(page.errors, []);
  await page.close();
});
