// The playground page in real headless Chromium: load without console errors, run the
// preloaded example, run every file in examples/ (same output as `node examples/<file>`),
// Stop a runaway loop, share links without auto-run, error lines, the memory view, a long
// synchronous loop that must not grow memory, layout at phone width and in dark mode, and
// the time from navigation to the first successful run (median of 5).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, existsSync, mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, newPage, openPlayground, runInPage, screenshot, nodeOutput, root, artifacts, useBrowser } from './helpers.mjs';

const env = useBrowser();

test('the page loads with no console errors and the preloaded example prints what Node prints', async () => {
  const page = await newPage(env.browser);
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  await openPlayground(page, env.server.url);
  assert.equal(await page.evaluate(() => window.tensorpad.runner.info.shared), true, 'cross-origin isolated: shared-memory build');
  assert.ok(await page.isVisible('#run'), 'Run button visible');
  const code = await page.evaluate(() => window.tensorpad.editor.value);
  assert.match(code, /torch/);
  // The preloaded code is a Node program too: run it there for the expected text.
  mkdirSync(join(root, 'build'), { recursive: true });
  const file = join(root, 'build', 'welcome-example.mjs');
  writeFileSync(file, code);
  const expected = nodeOutput(file);
  const { stdout, done } = await runInPage(page, null);
  assert.equal(done.ok, true, JSON.stringify(done.error));
  assert.equal(stdout, expected);
  assert.match(stdout, /tensor\(\[\[ 5., 14.\],\n {8}\[14., 50.\]\]\)/);
  await screenshot(page, 'playground-welcome');
  assert.deepEqual(requests.filter((u) => !u.startsWith(env.server.url) && !u.startsWith('data:') && !u.startsWith('blob:')), [], 'no request leaves the server (no CDN)');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a Node program with imports and console.log runs unchanged and prints the same text', async () => {
  const page = await newPage(env.browser);
  await openPlayground(page, env.server.url);
  const file = join(root, 'tests/browser/fixtures/example-core.mjs');
  const { stdout, done } = await runInPage(page, readFileSync(file, 'utf8'));
  assert.equal(done.ok, true, JSON.stringify(done.error));
  assert.equal(stdout, nodeOutput(file));
  assert.deepEqual(page.errors, []);
  await page.close();
});

const exampleDir = join(root, 'examples');
const examples = existsSync(exampleDir) ? readdirSync(exampleDir).filter((f) => /\.(mjs|js)$/.test(f)).sort() : [];
test('the examples menu lists every file in examples/', async () => {
  const page = await newPage(env.browser);
  await openPlayground(page, env.server.url);
  const options = await page.$$eval('#examples option', (os) => os.map((o) => o.value));
  for (const f of examples) assert.ok(options.includes(f), `${f} in the menu`);
  await page.close();
});

for (const file of examples) {
  test(`example ${file}: the page prints what node prints`, async () => {
    const expected = nodeOutput(join('examples', file));
    const page = await newPage(env.browser);
    await openPlayground(page, env.server.url);
    await page.selectOption('#examples', file);
    const { stdout, done } = await runInPage(page, null, { timeout: 180000 });
    assert.equal(done.ok, true, JSON.stringify(done.error));
    assert.equal(stdout, expected);
    if (/mlp|train/i.test(file)) await screenshot(page, `example-${file.replace(/\.\w+$/, '')}`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

test('an exception shows its message and the line in the user code', async () => {
  const page = await newPage(env.browser);
  await openPlayground(page, env.server.url);
  const { done, text } = await runInPage(page, "const a = torch.ones(2, 3);\n\nconst b = a.view(4, 5);\n");
  assert.equal(done.ok, false);
  assert.equal(done.error.line, 3);
  assert.match(text, /shape '\[4, 5\]' is invalid for input of size 6/);
  assert.match(text, /at line 3/);
  const syntax = await runInPage(page, 'const a = 1;\nconst b = (;\n');
  assert.equal(syntax.done.ok, false);
  assert.equal(syntax.done.error.name, 'SyntaxError');
  assert.equal(syntax.done.error.line, 2);
  // The module stays usable after errors.
  const ok = await runInPage(page, 'print(torch.ones(2))');
  assert.equal(ok.stdout, 'tensor([1., 1.])\n');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Stop ends `while (true) {}` within a second and the next Run works', async () => {
  const page = await newPage(env.browser);
  await openPlayground(page, env.server.url);
  await page.evaluate(() => { window.tensorpad.editor.value = 'print("started");\nwhile (true) {}\n'; });
  await page.click('#run');
  await page.waitForFunction(() => document.querySelector('#output').textContent.includes('started'));
  await page.waitForTimeout(300);
  assert.equal(await page.isEnabled('#stop'), true);
  const t0 = Date.now();
  await page.click('#stop');
  await page.waitForFunction(() => window.tensorpad.state.done?.stopped === true, null, { timeout: 1000 });
  assert.ok(Date.now() - t0 < 1000, 'stopped within a second');
  // A loop in a plain function gets no yields: still stoppable (the worker is terminated).
  await page.evaluate(() => { window.tensorpad.editor.value = 'function spin() { for (;;) {} }\nspin();\n'; });
  await page.click('#run');
  await page.waitForTimeout(300);
  await page.click('#stop');
  await page.waitForFunction(() => window.tensorpad.state.done?.stopped === true, null, { timeout: 1000 });
  const { stdout, done } = await runInPage(page, 'print(torch.arange(3))');
  assert.equal(done.ok, true);
  assert.equal(stdout, 'tensor([0, 1, 2])\n');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a share link round trip shows the code and does not run it until Run', async () => {
  const page = await newPage(env.browser);
  await openPlayground(page, env.server.url);
  const code = "// shared\nconst t = torch.full([2, 2], 1.5);\nprint('shared ✓', t);\n";
  await page.evaluate((c) => { window.tensorpad.editor.value = c; }, code);
  await page.click('#share');
  await page.waitForFunction(() => location.hash.startsWith('#code='));
  const url = await page.evaluate(() => location.href);
  await page.close();

  const p2 = await newPage(env.browser);
  await openPlayground(p2, url);
  assert.equal(await p2.evaluate(() => window.tensorpad.editor.value), code);
  await p2.waitForTimeout(500);
  assert.equal(await p2.evaluate(() => window.tensorpad.state.runs), 0, 'not run automatically');
  assert.equal(await p2.textContent('#output'), '');
  const { stdout } = await runInPage(p2, null);
  assert.equal(stdout, 'shared ✓ tensor([[1.5000, 1.5000],\n        [1.5000, 1.5000]])\n');
  assert.deepEqual(p2.errors, []);
  await p2.close();
});

test('the memory view shows views sharing one storage and clones with their own', async () => {
  const page = await newPage(env.browser);
  await openPlayground(page, env.server.url);
  const code = 'const x = torch.arange(6, {dtype: torch.float32}).view(2, 3);\nconst xt = x.T;\nconst row = x.index(1);\nconst c = x.clone();\nconst arr = x.numpy();\n';
  const { done } = await runInPage(page, code);
  assert.equal(done.ok, true);
  await page.click('#tab-memory');
  const storages = await page.$$eval('.tp-storage', (s) => s.map((e) => e.querySelector('.tp-storage-head').textContent));
  assert.equal(storages.length, 2, storages.join('\n'));
  assert.match(storages[0], /shared by x, xt, row, arr/);
  assert.match(storages[1], /only c/);
  // A write to storage[4] (x[1][1]) changes x, xt, row and arr, not c.
  await page.click('.tp-storage[data-storage="0"] .tp-mem-store[data-i="4"]');
  const status = await page.textContent('.tp-storage[data-storage="0"] .tp-mem-status');
  assert.match(status, /x\[1, 1\]/);
  assert.match(status, /xt\[1, 1\]/);
  assert.match(status, /row\[1\]/);
  assert.match(status, /arr\[4\]/);
  await screenshot(page, 'playground-memory');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a long synchronous loop at top level does not grow memory (the runner yields)', async () => {
  const page = await newPage(env.browser);
  await openPlayground(page, env.server.url);
  // 2000 x 256 KB = 500 MB if nothing were released during the loop.
  const code = 'for (let i = 0; i < 2000; i++) {\n  const a = torch.randn(256, 256);\n  if (i % 400 === 0) progress(i, 2000, "looping");\n}\nconst s = torch.memory_stats();\nprint(s.live_tensors < 500, s.heap_bytes < 300 * 2 ** 20);\n';
  const { stdout, done } = await runInPage(page, code, { timeout: 120000 });
  assert.equal(done.ok, true, JSON.stringify(done.error));
  assert.equal(stdout, 'true true\n', JSON.stringify(done.stats));
  await page.close();
});

test('plots: a live line chart and a scatter with a decision boundary', async () => {
  const page = await newPage(env.browser);
  await openPlayground(page, env.server.url);
  const code = [
    'const losses = [];',
    'for (let i = 0; i < 50; i++) { losses.push(Math.exp(-i / 10)); if (i % 10 === 0) plot(losses, {title: "loss"}); }',
    'plot(losses, {title: "loss"});',
    'torch.manual_seed(0);',
    'const X = torch.randn(40, 2);',
    'const y = X.index(":", 0).tolist().map((v) => (v > 0 ? 1 : 0));',
    'plot.scatter(X, y, {title: "data", boundary: (g) => g.index(":", 0)});',
  ].join('\n');
  const { done } = await runInPage(page, code);
  assert.equal(done.ok, true, JSON.stringify(done.error));
  assert.equal(await page.locator('#figures figure').count(), 2);
  const label = await page.getAttribute('figure[data-plot="loss"] canvas', 'aria-label');
  assert.match(label, /last 0\.0074/);
  await screenshot(page, 'playground-plots');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('phone width and dark mode render the page', async () => {
  const page = await newPage(env.browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await openPlayground(page, env.server.url);
  await runInPage(page, null);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal page scroll at phone width (overflow ${overflow}px)`);
  assert.ok(await page.isVisible('#run'));
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(bg, 'rgb(20, 22, 26)');
  await screenshot(page, 'playground-phone-dark');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('time from navigation to the first successful run (median of 5)', async () => {
  const times = [];
  for (let i = 0; i < 5; i++) {
    const page = await newPage(env.browser);
    const t0 = Date.now();
    await page.goto(env.server.url);
    await page.waitForSelector('#run');
    await page.click('#run');
    await page.waitForFunction(() => window.tensorpad?.state?.done?.ok === true, null, { timeout: 20000 });
    times.push(Date.now() - t0);
    await page.close();
  }
  times.sort((a, b) => a - b);
  const median = times[2];
  mkdirSync(artifacts, { recursive: true });
  writeFileSync(join(artifacts, 'timing.json'), JSON.stringify({ times, median }, null, 2));
  console.log(`# navigation -> first successful run: median ${median} ms (${times.join(', ')})`);
  assert.ok(median < 10000);
});

test('keyboard: Ctrl+Enter in the editor runs; show(t) picks what the views draw', async () => {
  const page = await newPage(env.browser);
  await openPlayground(page, env.server.url);
  await page.evaluate(() => { window.tensorpad.editor.value = 'const a = torch.ones(3);\nconst b = torch.zeros(2);\nshow(b, "bee");\nprint(b);\n'; });
  await page.click('.cm-content');
  await page.keyboard.press('Control+Enter');
  await page.waitForFunction(() => window.tensorpad.state.runs > 0);
  assert.equal(await page.evaluate(() => window.tensorpad.state.stdout), 'tensor([0., 0.])\n');
  await page.click('#tab-memory');
  const heads = await page.$$eval('.tp-storage-head', (s) => s.map((e) => e.textContent));
  assert.equal(heads.length, 1);
  assert.match(heads[0], /only bee/);
  // Tabs are reachable and switch with the arrow keys.
  await page.focus('#tab-memory');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.getAttribute('#tab-output', 'aria-selected'), 'true');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Node-isms in example scripts: process.stdout.write, process.exit(0), top-level await, node:util', async () => {
  const page = await newPage(env.browser);
  await openPlayground(page, env.server.url);
  const code = "import { format } from 'node:util';\nprocess.stdout.write('a');\nprocess.stdout.write(format('%d\\n', 42));\nawait sleep(5);\nconsole.log('after');\nprocess.exit(0);\nconsole.log('never');\n";
  const { stdout, done } = await runInPage(page, code);
  assert.equal(done.ok, true, JSON.stringify(done.error));
  assert.equal(stdout, 'a42\nafter\n');
  const bad = await runInPage(page, "import fs from 'node:fs';\n");
  assert.equal(bad.done.ok, false);
  assert.match(bad.done.error.message, /cannot import 'node:fs'/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('on a host without COOP/COEP the page uses the plain-memory build and still runs', async () => {
  const plain = await startServer(['--no-isolation']);
  try {
    const page = await newPage(env.browser);
    await openPlayground(page, plain.url);
    assert.deepEqual(await page.evaluate(() => [window.crossOriginIsolated, window.tensorpad.runner.info.shared]), [false, false]);
    const { stdout, done } = await runInPage(page, 'const t = torch.arange(4, {dtype: torch.float32});\nconst a = t.numpy();\na[0] = 9;\nprint(t);\n');
    assert.equal(done.ok, true, JSON.stringify(done.error));
    assert.equal(stdout, 'tensor([9., 1., 2., 3.])\n');
    assert.deepEqual(page.errors, []);
    await page.close();
  } finally {
    await plain.stop();
  }
});

test('a training loop with autograd updates its plots live and keeps memory bounded', async () => {
  const code = readFileSync(join(root, 'tests/browser/fixtures/train-live.js'), 'utf8');
  // The same program under Node, with the page's helpers as no-ops.
  const file = join(root, 'build', 'train-live.mjs');
  writeFileSync(file, "import torch from '../js/tensorpad.js';\nconst print = console.log, plot = () => {}, progress = () => {};\nplot.scatter = () => {};\n" + code);
  const expected = nodeOutput(file);
  const page = await newPage(env.browser);
  await openPlayground(page, env.server.url);
  await page.evaluate(() => {
    window.__progress = new Set();
    new MutationObserver(() => window.__progress.add(document.querySelector('#progress span').textContent))
      .observe(document.querySelector('#progress'), { subtree: true, childList: true, characterData: true });
  });
  const { stdout, done } = await runInPage(page, code, { timeout: 120000 });
  assert.equal(done.ok, true, JSON.stringify(done.error));
  assert.equal(stdout, expected);
  assert.ok(await page.evaluate(() => window.__progress.size) >= 10, 'progress updated while training ran');
  assert.equal(await page.locator('#figures figure').count(), 2);
  assert.ok(done.stats.live_tensors < 2000, `live tensors after 400 epochs: ${done.stats.live_tensors}`);
  await screenshot(page, 'playground-training');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("PyTorch's warnings show in the output pane on every run, wrapped, as a fresh Python process shows them", async () => {
  const page = await newPage(env.browser);
  await openPlayground(page, env.server.url);
  const code = 'const y = torch.ones(2, {requires_grad: true}).mul(2);\nprint(y.grad);\nprint(torch.nn.functional.softmax(torch.ones(2, 3)).sum().item());\n';
  for (let run = 0; run < 2; run++) {
    const { stdout, text, done } = await runInPage(page, code);
    assert.equal(done.ok, true);
    assert.equal(stdout, 'null\n2\n');
    const warnings = await page.$$eval('#output .err', (es) => es.map((e) => e.textContent));
    assert.equal(warnings.length, 2, text);
    assert.match(warnings[0], /^UserWarning: The \.grad attribute of a Tensor that is not a leaf Tensor is being accessed/);
    assert.match(warnings[1], /^UserWarning: Implicit dimension choice for softmax has been deprecated/);
    const wraps = await page.$eval('#output .err', (e) => getComputedStyle(e).whiteSpace);
    assert.equal(wraps, 'pre-wrap');
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});
