// The graph view in real Chromium. The sample graph (fixtures/graph-sample.json, dumped
// from PyTorch 1.13 by fixtures/gen_graph_sample.py in the format of docs/graph-format.md)
// goes through the same render path a run uses; the autograd example runs for real as
// soon as torch.autograd is in the build (until then it is skipped, saying why).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { newPage, openPlayground, runInPage, screenshot, nodeOutput, root, useBrowser } from './helpers.mjs';

const sample = JSON.parse(readFileSync(join(root, 'tests/browser/fixtures/graph-sample.json'), 'utf8'));
const env = useBrowser();

const nodeBox = (page, id) => page.$eval(`.tp-node[data-id="${id}"]`, (g) => { const r = g.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; });
const idOf = (label) => sample.nodes.find((n) => n.label === label || n.name === label).id;

test('the sample graph renders: function names, labels, top-to-bottom layout, no overlaps', async () => {
  const page = await newPage(env.browser);
  await openPlayground(page, env.server.url);
  await page.evaluate((g) => window.tensorpad.showGraph(g), sample);
  const texts = await page.$$eval('#pane-graph .tp-node text', (ts) => ts.map((t) => t.textContent));
  for (const name of ['SumBackward0', 'PowBackward0', 'TanhBackward0', 'AddBackward0', 'MulBackward0']) assert.ok(texts.includes(name), `${name} drawn`);
  for (const label of ['x', 'w', 'b', 'loss']) assert.ok(texts.includes(label), `tensor ${label} drawn`);
  assert.equal(await page.locator('#pane-graph .tp-edge').count(), sample.edges.length);
  // Forward direction, top to bottom: leaves above their function, the loss at the bottom.
  const [x, mul, sum, loss] = await Promise.all(['x', 'MulBackward0', 'SumBackward0', 'loss'].map((l) => nodeBox(page, idOf(l))));
  assert.ok(x.y < mul.y && mul.y < sum.y && sum.y < loss.y, 'ranked top to bottom');
  const boxes = await page.$$eval('#pane-graph .tp-node', (gs) => gs.map((g) => g.getBoundingClientRect()).map((r) => [r.left, r.top, r.right, r.bottom]));
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i], boxes[j]];
      assert.ok(a[2] <= b[0] || b[2] <= a[0] || a[3] <= b[1] || b[3] <= a[1], `nodes ${i} and ${j} do not overlap`);
    }
  }
  // Legend for the gradient colours; leaves with a grad are coloured.
  assert.match(await page.textContent('#pane-graph .tp-legend'), /‖grad‖/);
  const fill = await page.$eval(`.tp-node[data-id="${idOf('w')}"] .tp-shape`, (r) => r.style.fill);
  assert.match(fill, /^rgb/);
  await screenshot(page, 'graph-sample');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('hovering a leaf shows its value and gradient; the backward replay steps through function nodes', async () => {
  const page = await newPage(env.browser);
  await openPlayground(page, env.server.url);
  await page.evaluate((g) => window.tensorpad.showGraph(g), sample);
  const xNode = sample.nodes.find((n) => n.label === 'x');
  await page.hover(`.tp-node[data-id="${xNode.id}"]`);
  const details = await page.textContent('#pane-graph .tp-graph-details');
  assert.ok(details.includes(xNode.grad), `details show x.grad: ${details}`);
  assert.ok(details.includes(xNode.value));
  // Function nodes show saved tensors on click.
  await page.click(`.tp-node[data-id="${idOf('MulBackward0')}"]`);
  assert.match(await page.textContent('#pane-graph .tp-graph-details'), /saved tensors/);
  // Before backward: no gradient on x; after all steps: the final gradient.
  await page.click('button[aria-label="before backward"]');
  assert.match(await page.textContent('#pane-graph .tp-step-label'), /^0\/5/);
  await page.hover(`.tp-node[data-id="${xNode.id}"]`);
  assert.match(await page.textContent('#pane-graph .tp-graph-details'), /not yet/);
  const names = [];
  for (let i = 0; i < 5; i++) {
    await page.click('button[aria-label="next backward step"]');
    names.push((await page.textContent('#pane-graph .tp-step-label')).split(' ').pop());
    if (i === 2) await screenshot(page, 'graph-backward-step3');
  }
  assert.deepEqual(names.slice(0, 3), ['SumBackward0', 'PowBackward0', 'TanhBackward0']);
  assert.equal(names[4], 'MulBackward0');
  await page.hover(`.tp-node[data-id="${xNode.id}"]`);
  assert.ok((await page.textContent('#pane-graph .tp-graph-details')).includes(xNode.grad));
  // Keyboard: nodes are focusable and focus shows details.
  await page.focus(`.tp-node[data-id="${idOf('w')}"]`);
  assert.ok((await page.textContent('#pane-graph .tp-graph-details')).includes(sample.nodes.find((n) => n.label === 'w').grad));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('zoom and pan change the view transform', async () => {
  const page = await newPage(env.browser);
  await openPlayground(page, env.server.url);
  await page.evaluate((g) => window.tensorpad.showGraph(g), sample);
  const tf = () => page.getAttribute('#pane-graph .tp-viewport', 'transform');
  const t0 = await tf();
  await page.click('button[aria-label="zoom in"]');
  const t1 = await tf();
  assert.notEqual(t1, t0);
  // Drag from an empty spot of the stage.
  const pt = await page.$eval('#pane-graph .tp-graph-stage', (e) => {
    const r = e.getBoundingClientRect();
    for (let y = r.bottom - 4; y > r.top; y -= 10) {
      for (let x = r.right - 4; x > r.left; x -= 10) {
        const hit = document.elementFromPoint(x, y);
        if (hit && !hit.closest('.tp-node') && hit.closest('svg')) return { x, y };
      }
    }
    return null;
  });
  assert.ok(pt, 'an empty spot to drag from');
  await page.mouse.move(pt.x, pt.y);
  await page.mouse.down();
  await page.mouse.move(pt.x - 60, pt.y - 40, { steps: 4 });
  await page.mouse.up();
  const t2 = await tf();
  assert.notEqual(t2, t1);
  // Keyboard: arrows pan, 0 fits.
  await page.focus('#pane-graph .tp-graph-svg');
  await page.keyboard.press('ArrowLeft');
  assert.notEqual(await tf(), t2);
  await page.keyboard.press('0');
  assert.equal(await tf(), t0);
  await page.close();
});

test('the autograd example: same output as node, graph with MulBackward0, leaf gradient on hover', async () => {
  const file = join(root, 'tests/browser/fixtures/example-autograd.mjs');
  const expected = nodeOutput(file);
  const page = await newPage(env.browser);
  await openPlayground(page, env.server.url);
  const { stdout, done } = await runInPage(page, readFileSync(file, 'utf8'));
  assert.equal(done.ok, true, JSON.stringify(done.error));
  assert.equal(stdout, expected);
  await page.click('#tab-graph');
  const texts = await page.$$eval('#pane-graph .tp-node text', (ts) => ts.map((x) => x.textContent));
  for (const name of ['MulBackward0', 'AddBackward0', 'TanhBackward0', 'PowBackward0', 'SumBackward0']) assert.ok(texts.includes(name), `${name} in ${texts}`);
  const xId = await page.$$eval('#pane-graph .tp-node.tp-leaf', (gs) => gs.find((g) => g.querySelector('.tp-title')?.textContent === 'x')?.dataset.id);
  assert.ok(xId, 'leaf x is drawn with its variable name');
  await page.hover(`.tp-node[data-id="${xId}"]`);
  const xGrad = expected.split('\n')[1];
  assert.ok((await page.textContent('#pane-graph .tp-graph-details')).includes(xGrad), 'hover shows x.grad');
  await screenshot(page, 'playground-autograd');
  assert.deepEqual(page.errors, []);
  await page.close();
});
