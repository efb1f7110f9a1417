// The playground's Python mode in real headless Chromium: a first-time visitor gets Python;
// every Python example (examples/*.py, and the welcome program) is in the menu as the file
// PyTorch runs, downloads as that file, and prints in the page what PyTorch 1.13 printed
// (tests/fixtures/examples/*.py.out, from tests/fixtures/gen_examples.py); Stop ends
// `while True: pass` and the interpreter stays usable; a syntax error and a runtime error
// show Python's traceback and mark their line; the Graph tab has PyTorch's grad_fn names
// (fixtures/python-graph.json, from tests/fixtures/gen_python_graph.py); the Memory tab
// groups views of one storage; plot() from Python draws; a share link keeps the language
// and does not run. One page runs most of it (loading Pyodide is the slow part).
import { test, beforeEach, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { newPage, runInPage, screenshot, root, useBrowser } from './helpers.mjs';

const env = useBrowser();
const fixture = (name) => readFileSync(join(root, 'tests/fixtures/examples', `${name}.out`), 'utf8');
const examples = readdirSync(join(root, 'examples')).filter((f) => f.endsWith('.py')).sort();
const graphFixture = JSON.parse(readFileSync(join(root, 'tests/browser/fixtures/python-graph.json'), 'utf8'));
let page = null;
const offsite = [];
let snapshotEncoding = null;

async function waitReady(p) {
  await p.waitForFunction(() => window.tensorpad?.runner?.info, null, { timeout: 240000 });
}

async function openOnce() {
  if (page) return;
  page = await newPage(env.browser, { lang: null });   // a first-time visitor
  page.on('request', (r) => { if (!r.url().startsWith(env.server.url) && !/^(data|blob):/.test(r.url())) offsite.push(r.url()); });
  page.on('response', async (r) => { if (r.url().endsWith('/tensorpad-python.snapshot')) snapshotEncoding = (await r.allHeaders())['content-encoding'] ?? 'identity'; });
  await page.goto(env.server.url);
  await waitReady(page);
}
beforeEach(openOnce);
after(async () => { await page?.close(); });

test('a first-time visitor gets Python, the welcome program, and PyTorch\'s output for it', async () => {
  assert.equal(await page.evaluate(() => window.tensorpad.lang), 'python');
  assert.equal(await page.inputValue('#lang'), 'python');
  assert.equal(await page.evaluate(() => window.tensorpad.runner.info.python), true);
  assert.equal(await page.evaluate(() => window.tensorpad.editor.value), readFileSync(join(root, 'web/src/welcome.py'), 'utf8'));
  const { stdout, done } = await runInPage(page, null, { timeout: 120000 });
  assert.equal(done.ok, true, JSON.stringify(done.error));
  assert.equal(stdout, fixture('welcome.py'));
  // the worker restored web/build.mjs's start-up snapshot (CPython with torch imported), served gzipped
  assert.equal(await page.evaluate(() => window.tensorpad.runner.info.startedFrom), 'snapshot');
  assert.equal(snapshotEncoding, 'gzip');
  assert.match(await page.textContent('#tab-graph'), /Graph \(\d+\)/);
  await screenshot(page, 'python-welcome');
  assert.deepEqual(offsite, [], 'Pyodide comes from the same origin (no CDN)');
  assert.deepEqual(page.errors, []);
});

for (const file of examples) {
  test(`example ${file}: the menu holds the file, Download saves it, the page prints what PyTorch printed`, async () => {
    await page.selectOption('#examples', file);
    const code = readFileSync(join(root, 'examples', file), 'utf8');
    assert.equal(await page.evaluate(() => window.tensorpad.editor.value), code);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    assert.equal(download.suggestedFilename(), file);
    const saved = await download.path();
    assert.equal(readFileSync(saved, 'utf8'), code, 'the downloaded file is examples/' + file);
    const { stdout, done } = await runInPage(page, null, { timeout: 240000 });
    assert.equal(done.ok, true, JSON.stringify(done.error));
    assert.equal(stdout, fixture(file));
  });
}

test('Stop ends `while True: pass` within a second through the interrupt buffer, and the interpreter lives on', async () => {
  assert.equal(await page.evaluate(() => window.tensorpad.runner.info.interrupt), true, 'cross-origin isolated: an interrupt buffer');
  const worker = await page.evaluateHandle(() => window.tensorpad.runner.worker);
  await page.evaluate(() => { window.tensorpad.editor.value = 'print("looping")\nwhile True: pass\n'; });
  const runs = await page.evaluate(() => window.tensorpad.state.runs);
  await page.click('#run');
  await page.waitForFunction(() => document.querySelector('#output').textContent.includes('looping'), null, { timeout: 30000 });
  await page.waitForTimeout(300);
  const ms = await page.evaluate(async (n) => {
    const t0 = performance.now();
    document.getElementById('stop').click();
    while (window.tensorpad.state.runs === n) await new Promise((r) => setTimeout(r, 10));
    return performance.now() - t0;
  }, runs);
  console.log(`# Stop of while True: pass took ${Math.round(ms)} ms`);
  const done = await page.evaluate(() => window.tensorpad.state.done);
  assert.equal(done.stopped, true);
  assert.ok(ms < 1000, `stopped in ${ms} ms`);
  assert.equal(await page.evaluate((w) => w === window.tensorpad.runner.worker, worker), true, 'the same worker: KeyboardInterrupt, not terminate');
  const again = await runInPage(page, 'import torch\nprint(torch.ones(2) * 2)\n');
  assert.equal(again.done.ok, true);
  assert.equal(again.stdout, 'tensor([2., 2.])\n');
});

test('a syntax error shows Python\'s traceback and marks its line', async () => {
  const { text, done } = await runInPage(page, 'import torch\nx = torch.ones(2)\ny = = x\nprint(y)\n');
  assert.equal(done.ok, false);
  assert.equal(done.error.name, 'SyntaxError');
  assert.equal(done.error.line, 3);
  assert.match(text, /File "main\.py", line 3\n {4}y = = x\n {8}\^\nSyntaxError: invalid syntax/);
  assert.equal(await page.locator('.cm-errorLine[data-error-line="3"]').count(), 1);
  assert.match(await page.textContent('#status'), /SyntaxError at line 3/);
});

test('a runtime error shows Python\'s traceback with PyTorch\'s message and marks its line', async () => {
  const { text, done } = await runInPage(page, 'import torch\na = torch.ones(2)\nb = torch.ones(3)\n\nc = a + b\n');
  assert.equal(done.error.name, 'RuntimeError');
  assert.equal(done.error.line, 5);
  assert.match(text, /Traceback \(most recent call last\):\n {2}File "main\.py", line 5, in <module>\n {4}c = a \+ b\n[^]*RuntimeError: The size of tensor a \(2\) must match the size of tensor b \(3\) at non-singleton dimension 0\n/);
  assert.equal(await page.locator('.cm-errorLine[data-error-line="5"]').count(), 1);
  await screenshot(page, 'python-error');
});

test('the Graph tab of a Python autograd program has PyTorch\'s grad_fn names, named by the program\'s variables', async () => {
  const { stdout, done } = await runInPage(page, graphFixture.program);
  assert.equal(done.ok, true, JSON.stringify(done.error));
  assert.equal(stdout, graphFixture.stdout);
  await page.click('#tab-graph');
  const texts = await page.$$eval('#pane-graph .tp-node text', (ts) => ts.map((t) => t.textContent));
  // The view draws AccumulateGrad as the leaf tensor it accumulates into (x, w: "leaf").
  for (const name of graphFixture.grad_fns.filter((n) => !n.endsWith('AccumulateGrad'))) {
    assert.ok(texts.includes(name), `${name} in the graph (${texts.join(', ')})`);
  }
  assert.equal(texts.filter((t) => t === 'leaf · requires_grad').length, 2, 'two leaves (AccumulateGrad) in the graph');
  for (const v of ['x', 'w', 'loss']) assert.ok(texts.includes(v), `tensor ${v} named`);
  await screenshot(page, 'python-graph');
  await page.click('#tab-output');
});

test('after a Python training loop the Graph tab shows the last forward/backward, parameters by name', async () => {
  // The loss lives inside train(): the top-level names hold only the model's parameters.
  const code = `import torch
import torch.nn as nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(2, 3), nn.Tanh(), nn.Linear(3, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(8, 2), torch.randn(8, 1)

def train(steps):
    for _ in range(steps):
        opt.zero_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        opt.step()

train(20)
`;
  const { done } = await runInPage(page, code, { timeout: 120000 });
  assert.equal(done.ok, true, JSON.stringify(done.error));
  await page.click('#tab-graph');
  const nodes = await page.$$eval('#pane-graph .tp-node', (gs) => gs.map((g) => ({ fn: g.classList.contains('tp-function'), title: g.querySelector('.tp-title, .tp-fn-name')?.textContent })));
  assert.deepEqual(nodes.filter((n) => n.fn).map((n) => n.title),
    ['MeanBackward0', 'PowBackward0', 'SubBackward0', 'AddmmBackward0', 'TBackward0', 'TanhBackward0', 'AddmmBackward0', 'TBackward0']);
  assert.deepEqual(nodes.filter((n) => !n.fn).map((n) => n.title).sort(), ['loss', 'model.0.bias', 'model.0.weight', 'model.2.bias', 'model.2.weight']);
  assert.doesNotMatch(await page.textContent('#pane-graph .tp-step-label'), /no function nodes/);
  // a program whose own names have a graph shows that one, not a stale backward of the last run
  await runInPage(page, 'import torch\nw = torch.ones(2, requires_grad=True)\nz = (w * 3).sum()\n', { timeout: 120000 });
  const again = await page.$$eval('#pane-graph .tp-node', (gs) => gs.map((g) => g.querySelector('.tp-title, .tp-fn-name')?.textContent));
  assert.ok(!again.includes('loss') && again.includes('SumBackward0'), again.join(', '));
  await page.click('#tab-output');
});

test('the Memory tab shows which Python tensors share a storage, and plot() draws from Python', async () => {
  const code = 'import torch\nx = torch.arange(6.).view(2, 3)\nxt = x.t()\nc = x.clone()\nn = x.numpy()\nplot([3.0, 2.0, 1.5], title="loss")\nprogress(3, 4, "epoch")\n';
  const { done } = await runInPage(page, code);
  assert.equal(done.ok, true, JSON.stringify(done.error));
  assert.equal(await page.textContent('#tab-memory'), 'Memory (2)');
  assert.equal(await page.locator('#figures > *').count(), 1, 'one figure');
  assert.match(await page.textContent('#progress'), /3\/4 · epoch/);
  await page.click('#tab-memory');
  const pane = await page.textContent('#pane-memory');
  for (const v of ['xt', 'c', 'n']) assert.ok(pane.includes(v), `${v} in the memory view`);
  await screenshot(page, 'python-memory');
  await page.click('#tab-output');
});

test('a share link carries the language and the code, and opening it runs nothing', async () => {
  const code = 'import torch\nprint(torch.eye(2))\n';
  await page.evaluate((c) => { window.tensorpad.editor.value = c; }, code);
  await page.click('#share');
  await page.waitForFunction(() => location.hash.includes('code='));
  const url = await page.evaluate(() => location.href);
  assert.match(url, /#lang=python&code=/);
  const other = await newPage(env.browser, { lang: 'javascript' });   // a visitor who last used JS
  await other.goto(url);
  await waitReady(other);
  assert.equal(await other.evaluate(() => window.tensorpad.lang), 'python');
  assert.equal(await other.evaluate(() => window.tensorpad.editor.value), code);
  await other.waitForTimeout(500);
  assert.equal(await other.evaluate(() => window.tensorpad.state.runs), 0, 'not run');
  assert.equal(await other.textContent('#output'), '');
  assert.match(await other.textContent('#status'), /press Run/);
  // The choice a visitor makes is remembered; a share link's language is not forced on them.
  assert.equal(await other.evaluate(() => localStorage.getItem('tensorpad-lang')), 'javascript');
  await other.close();
});

test('switching to JavaScript shows the twin example and remembers the choice; a JavaScript page fetches no Pyodide', async () => {
  await page.selectOption('#examples', '04-autograd.py');
  await page.selectOption('#lang', 'javascript');
  assert.equal(await page.evaluate(() => window.tensorpad.editor.value), readFileSync(join(root, 'examples/04-autograd.mjs'), 'utf8'));
  assert.equal(await page.evaluate(() => localStorage.getItem('tensorpad-lang')), 'javascript');
  const js = await newPage(env.browser, { lang: null });   // same profile: remembers JavaScript
  const pyodide = [];
  js.on('request', (r) => { if (r.url().includes('/pyodide/') || r.url().includes('pyworker')) pyodide.push(r.url()); });
  await js.goto(env.server.url);
  await waitReady(js);
  assert.equal(await js.evaluate(() => window.tensorpad.lang), 'javascript');
  const { done } = await runInPage(js, null);
  assert.equal(done.ok, true);
  assert.deepEqual(pyodide, []);
  await js.close();
  await page.selectOption('#lang', 'python');
});

test('screenshots of Python mode: desktop and 390x844 phone, light and dark', async () => {
  await runInPage(page, readFileSync(join(root, 'examples/07-train-mlp.py'), 'utf8'), { timeout: 240000 });
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, `python-desktop-${scheme}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, `python-phone-${scheme}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  assert.deepEqual(page.errors, []);
});

test('after a first run the worker warms V8 up once (Note [Warm-up] in web/src/pyworker.js): the page keeps its key, and the next worker does not', async () => {
  // the warm-up gave way to every run above (their output matched PyTorch's to the byte)
  await page.waitForFunction(() => localStorage.getItem('tensorpad-python-warmed'), null, { timeout: 120000 });
  const key = await page.evaluate(() => localStorage.getItem('tensorpad-python-warmed'));
  assert.match(key, /^\d+\.\d+\.\d+\/ \d+ .*Chrome/);
  const again = await newPage(env.browser, { lang: null });
  await again.goto(env.server.url);
  await waitReady(again);
  const { done } = await runInPage(again, 'print(1)');
  assert.equal(done.ok, true);
  // the init message carried the stored key: this worker does not warm up
  assert.equal(await again.evaluate(() => window.tensorpad.runner.info.warmUp), false);
  await again.close();
});
