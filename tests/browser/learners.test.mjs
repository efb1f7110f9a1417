// What a new user meets in the playground (issue 15, "what learners miss today"), in real
// headless Chromium: the Graph tab after a training loop (the last backward's graph, with
// the parameters' names, also through show(model)); the 174-node RNN graph laid out in a
// worker and drawn with its time steps collapsed into groups that open; the phone layout
// (a compact header, the output brought into view after Run, readable graph text) with
// screenshots at 390x844 and 1280x800, light and dark; completion and hover help in the
// editor from the runtime's names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { newPage, openPlayground, runInPage, screenshot, root, useBrowser } from './helpers.mjs';

const env = useBrowser();
const example = (f) => readFileSync(join(root, 'examples', f), 'utf8');
const graphTitles = (page) => page.$$eval('#pane-graph .tp-node', (gs) => gs.map((g) => ({ kind: g.classList.contains('tp-function') ? 'function' : g.classList.contains('tp-group') ? 'group' : 'tensor', title: g.querySelector('.tp-title, .tp-fn-name')?.textContent })));

test('after a training loop the Graph tab shows the last forward/backward, parameters by name', async () => {
  const page = await newPage(env.browser);
  await openPlayground(page, env.server.url);
  const { done } = await runInPage(page, example('07-train-mlp.mjs'), { timeout: 120000 });
  assert.equal(done.ok, true, JSON.stringify(done.error));
  const nodes = await graphTitles(page);
  const fns = nodes.filter((n) => n.kind === 'function').map((n) => n.title);
  // The loss is made inside the loop's torch.scope: without the last backward's root only the
  // four parameter boxes would be left.
  assert.deepEqual(fns, ['NllLossBackward0', 'LogSoftmaxBackward0', 'AddmmBackward0', 'TBackward0', 'TanhBackward0', 'AddmmBackward0', 'TBackward0']);
  const tensors = nodes.filter((n) => n.kind === 'tensor').map((n) => n.title).sort();
  assert.deepEqual(tensors, ['loss', 'model.0.bias', 'model.0.weight', 'model.2.bias', 'model.2.weight']);
  assert.doesNotMatch(await page.textContent('#pane-graph .tp-step-label'), /no function nodes/);
  // Every parameter is connected: an edge leaves each one.
  const ids = await page.$$eval('#pane-graph .tp-leaf', (gs) => gs.map((g) => g.dataset.id));
  for (const id of ids) assert.ok(await page.$(`#pane-graph path[data-from="${id}"]`), `an edge from ${id}`);

  // show(model) after the loop: the same graph, named after the argument; show(t) of a tensor
  // with its own graph is not mixed with the last backward.
  await runInPage(page, `const model = new torch.nn.Sequential(new torch.nn.Linear(3, 2), new torch.nn.ReLU());
for (let i = 0; i < 3; i++) { torch.scope(() => { const out = model.call(torch.ones(4, 3)).sum(); out.backward(); }); }
show(model, 'net');
`);
  const shown = await graphTitles(page);
  assert.deepEqual(shown.filter((n) => n.kind === 'tensor').map((n) => n.title).sort(), ['net.0.bias', 'net.0.weight', 'out']);
  assert.deepEqual(shown.filter((n) => n.kind === 'function').map((n) => n.title), ['SumBackward0', 'ReluBackward0', 'AddmmBackward0', 'TBackward0']);
  await runInPage(page, 'const w = torch.ones(2, {requires_grad: true});\nw.mul(3).sum().backward();\nconst y = w.add(1);\nshow(y, "y");\n');
  assert.deepEqual((await graphTitles(page)).map((n) => n.title).sort(), ['AddBackward0', 'tensor', 'y']);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the RNN graph is laid out in a worker and its time steps are collapsed into groups that open', async () => {
  const page = await newPage(env.browser);
  const workers = [];
  page.on('worker', (w) => workers.push(w.url()));
  await openPlayground(page, env.server.url);
  // dagre is not in the page's bundle: the layout cannot run on the main thread.
  const app = await (await page.request.get(new URL('assets/app.js', env.server.url).href)).text();
  assert.doesNotMatch(app, /network-simplex|longest-path|tight-tree/i);
  const { done } = await runInPage(page, example('09-rnn.mjs'), { timeout: 180000 });
  assert.equal(done.ok, true, JSON.stringify(done.error));
  assert.ok(workers.some((u) => u.endsWith('/assets/graph_layout_worker.js')), `workers: ${workers}`);
  assert.equal(await page.textContent('#tab-graph'), 'Graph (174)');
  const groups = await page.evaluate(() => window.tensorpad.graphView.groups);
  // 12 LSTM steps; the first (h0 = c0 = zeros, no gradient) differs: 11 groups of one step each.
  assert.ok(groups.length >= 10, JSON.stringify(groups));
  assert.ok(groups.every((g) => !g.open && g.size === groups[0].size && g.count === groups.length), JSON.stringify(groups));
  const drawn = await page.$$eval('#pane-graph .tp-node', (gs) => gs.length);
  assert.ok(drawn < 80, `drawn nodes: ${drawn}`);
  await page.evaluate(() => window.tensorpad.selectTab('graph'));
  await screenshot(page, 'learners-rnn-grouped');
  // The graph opens readable (zoom ≥ 0.75), so a group may be off screen: open it by keyboard.
  await page.focus('#pane-graph .tp-group');
  await page.keyboard.press('Enter');
  await page.waitForFunction((n) => document.querySelectorAll('#pane-graph .tp-node').length === n, drawn - 1 + groups[0].size, { timeout: 20000 });
  // The backward replay runs over the drawn nodes: groups light up as one step.
  const steps = await page.evaluate(() => window.tensorpad.graphView.order.length);
  assert.ok(steps < 60, `backward steps drawn: ${steps}`);
  await page.click('#pane-graph button[title^="expand all"]');
  await page.waitForFunction(() => document.querySelectorAll('#pane-graph .tp-node').length === 174, null, { timeout: 30000 });
  await screenshot(page, 'learners-rnn-expanded');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('phone 390x844: a compact header, the output scrolled into view after Run, readable graph text; screenshots', async () => {
  for (const scheme of ['light', 'dark']) {
    const page = await newPage(env.browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: scheme });
    await openPlayground(page, env.server.url);
    const header = await page.$eval('.tp-header', (h) => h.getBoundingClientRect().height);
    assert.ok(header <= 90, `header height ${header}px (two rows at most)`);
    for (const id of ['run', 'stop', 'restart', 'examples', 'share', 'theme']) {
      const b = await page.$eval(`#${id}`, (e) => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; });
      assert.ok(b.bottom <= header + 1, `#${id} is in the header`);
    }
    await screenshot(page, `learners-phone-${scheme}-before-run`);
    const { done } = await runInPage(page, null);
    assert.equal(done.ok, true);
    await page.waitForFunction(() => Math.abs(document.querySelector('.tp-side').getBoundingClientRect().top) < 4, null, { timeout: 5000 });
    const out = await page.$eval('#output', (o) => o.getBoundingClientRect().top);
    assert.ok(out < 300, `the output starts at ${out}px of the 844px viewport after Run`);
    await screenshot(page, `learners-phone-${scheme}-output`);
    await page.click('#tab-graph');
    await page.waitForTimeout(300);
    const sizes = await page.$$eval('#pane-graph .tp-node text', (ts) => ts.map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a));
    assert.ok(sizes.length && Math.min(...sizes) >= 8.2, `graph text ${Math.min(...sizes).toFixed(1)}px on screen`);
    await screenshot(page, `learners-phone-${scheme}-graph`);
    assert.deepEqual(page.errors, []);
    await page.close();
  }
  for (const scheme of ['light', 'dark']) {
    const page = await newPage(env.browser);
    await page.emulateMedia({ colorScheme: scheme });
    await openPlayground(page, env.server.url);
    const header = await page.$eval('.tp-header', (h) => h.getBoundingClientRect().height);
    assert.ok(header <= 60, `desktop header ${header}px: one row`);
    await runInPage(page, null);
    await screenshot(page, `learners-desktop-${scheme}`);
    await page.close();
  }
});

test('the editor completes torch., tensor methods and keyword names, and shows a signature on hover', async () => {
  const page = await newPage(env.browser);
  await openPlayground(page, env.server.url);
  const type = async (code) => {
    await page.keyboard.press('Escape');
    await page.evaluate(() => { window.tensorpad.editor.value = ''; window.tensorpad.editor.focus(); });
    await page.keyboard.type(code, { delay: 5 });
    // the list for the last word typed: its selected label matches the word's first letter
    const word = /[\w$]*$/.exec(code)[0];
    await page.waitForFunction((w) => {
      const sel = document.querySelector('.cm-tooltip-autocomplete li[aria-selected] .cm-completionLabel');
      return sel && sel.textContent.toLowerCase().startsWith(w.slice(0, 1).toLowerCase());
    }, word, { timeout: 10000 });
    await page.waitForTimeout(200);
    return page.$$eval('.cm-tooltip-autocomplete li .cm-completionLabel', (ls) => ls.map((l) => l.textContent));
  };
  const api = await (await page.request.get(new URL('assets/api.json', env.server.url).href)).json();
  const torchNames = api.namespaces.torch.map(([n]) => n);
  assert.ok(torchNames.includes('zeros') && torchNames.includes('manual_seed') && torchNames.includes('nn'));

  const z = await type('const a = torch.zeros');
  assert.ok(z.includes('zeros') && z.includes('zeros_like'), `torch.zeros → ${z}`);
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => window.tensorpad.editor.value), 'const a = torch.zeros');

  const m = await type('const x = torch.ones(2, 3);\nx.mat');
  assert.ok(m.includes('matmul') && m.includes('matrix_exp'), `x.mat → ${m}`);
  const c = await type('const y = x.sum().ba');
  assert.ok(c.includes('backward'), `x.sum().ba → ${c}`);
  const nn = await type('const l = new nn.Lin');
  assert.equal(nn[0], 'Linear', `nn.Lin → ${nn}`);

  const kw = await type('const t = torch.zeros(2, {requ');
  assert.equal(kw[0], 'requires_grad', `keywords: ${kw}`);
  assert.ok(!kw.includes('matmul'), 'keyword names, not methods');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => window.tensorpad.editor.value), 'const t = torch.zeros(2, {requires_grad: ');
  const kw2 = await type('const t = torch.zeros(2, {dtype: torch.float64, d');
  assert.ok(kw2.includes('device') && kw2.includes('dtype'), `keywords: ${kw2}`);

  // Hover over `zeros` in `torch.zeros(...)`: PyTorch's signature.
  await page.evaluate(() => { window.tensorpad.editor.value = 'const t = torch.zeros(2, 3);\n'; });
  await page.keyboard.press('Escape');
  const box = await page.evaluate(() => {
    const v = window.tensorpad.editor.view, r = v.coordsAtPos(17);
    return { x: (r.left + r.right) / 2 + 4, y: (r.top + r.bottom) / 2 };
  });
  await page.mouse.move(box.x, box.y);
  await page.waitForSelector('.tp-hover', { timeout: 10000 });
  assert.match(await page.textContent('.tp-hover'), /^zeros\(IntArrayRef size, \*, .*ScalarType\? dtype=None.*bool\? requires_grad=False\)/);
  await screenshot(page, 'learners-hover');
  assert.deepEqual(page.errors, []);
  await page.close();
});
