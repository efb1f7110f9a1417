// The classic-script build (dist/tensorpad.global.js) in Chromium: a <script src> tag and
// importScripts in a classic worker both get `torchReady` (a promise of torch) and then the
// global `torch`; the wasm location override (globalThis.TENSORPAD_WASM_PATH, set before the
// library loads, for wasm served from another folder); and the DevTools custom formatter that
// `console.log(t)` goes through.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, newPage, root, serveFolder } from './helpers.mjs';
import torch from '../../js/tensorpad.js';

const compute = (t) => String(t.arange(6, { dtype: t.float64 }).reshape(2, 3).softmax(1).sum(0));
const expected = compute(torch);
let dir, server, browser;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tp-classic-'));
  for (const f of ['tensorpad.global.js', 'tensorpad.wasm', 'tensorpad-plain.wasm']) copyFileSync(join(root, 'dist', f), join(dir, f));
  const fn = `const compute = ${compute.toString()};`;
  writeFileSync(join(dir, 'index.html'), `<!doctype html><link rel="icon" href="data:,"><script src="tensorpad.global.js"></script>
<script>${fn} window.early = typeof torch; torchReady.then((t) => { window.same = t === torch; window.result = compute(torch); });</script>`);
  writeFileSync(join(dir, 'worker.js'), `importScripts('tensorpad.global.js'); ${fn} torchReady.then(() => postMessage(compute(torch)), (e) => postMessage('error: ' + e.message));`);
  writeFileSync(join(dir, 'worker.html'), `<!doctype html><link rel="icon" href="data:,"><script>new Worker('worker.js').onmessage = (e) => { window.result = e.data; };</script>`);
  // the ES-module build in lib/, its wasm in static/wasm/ (not next to it): found only through the override
  mkdirSync(join(dir, 'lib'));
  mkdirSync(join(dir, 'static/wasm'), { recursive: true });
  copyFileSync(join(root, 'dist/tensorpad.min.js'), join(dir, 'lib/tensorpad.min.js'));
  for (const f of ['tensorpad.wasm', 'tensorpad-plain.wasm']) copyFileSync(join(root, 'dist', f), join(dir, 'static/wasm', f));
  for (const [name, set] of [['override.html', "globalThis.TENSORPAD_WASM_PATH = '/static/wasm/';"],
    ['override-map.html', "globalThis.TENSORPAD_WASM_PATH = { 'tensorpad.wasm': '/static/wasm/tensorpad.wasm', 'tensorpad-plain.wasm': '/static/wasm/tensorpad-plain.wasm' };"],
    ['no-override.html', '']]) {
    writeFileSync(join(dir, name), `<!doctype html><link rel="icon" href="data:,"><script>${set}</script>
<script type="module">${fn} import('/lib/tensorpad.min.js').then((m) => { window.result = compute(m.default); }, (e) => { window.result = 'error: ' + e.message; });</script>`);
  }
  server = await serveFolder(dir);
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function resultOf(path) {
  const page = await newPage(browser);
  await page.goto(new URL(path, server.url).href);
  await page.waitForFunction(() => window.result !== undefined, null, { timeout: 30000 });
  return { page, result: await page.evaluate(() => window.result) };
}

test('<script src>: torchReady resolves to the global torch', async () => {
  const { page, result } = await resultOf('index.html');
  assert.equal(result, expected);
  assert.deepEqual(await page.evaluate(() => [window.early, window.same]), ['undefined', true]);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('TENSORPAD_WASM_PATH set before the library loads: a folder URL or a file-name map; without it the error says what to do', async () => {
  for (const path of ['override.html', 'override-map.html']) {
    const { page, result } = await resultOf(path);
    assert.equal(result, expected, path);
    assert.deepEqual(page.errors, [], path);
    await page.close();
  }
  const { page, result } = await resultOf('no-override.html');
  assert.match(result, /^error: tensorpad: cannot load .*\/lib\/tensorpad(-plain)?\.wasm; copy node_modules\/tensorpad\/dist\/\*\.wasm next to your bundle, or set globalThis\.TENSORPAD_WASM_PATH/);
  await page.close();
});

test('importScripts in a classic worker', async () => {
  const { page, result } = await resultOf('worker.html');
  assert.equal(result, expected);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('DevTools formatter: a small tensor shows its values, a larger one its size and dtype, and its repr when opened', async () => {
  const { page } = await resultOf('index.html');
  const out = await page.evaluate(() => {
    const f = window.devtoolsFormatters.find((x) => x.header(torch.ones(1)));
    const small = torch.tensor([1.5, 2]), big = torch.zeros(3, 4, { dtype: torch.float64 });
    const r = { count: window.devtoolsFormatters.length, small: f.header(small), smallBody: f.hasBody(small), big: f.header(big),
      bigBody: f.hasBody(big) && f.body(big), bigRepr: String(big), other: f.header({}), array: f.header([1]) };
    big.dispose();
    r.disposed = f.header(big);
    return r;
  });
  assert.equal(out.count, 1);
  assert.deepEqual(out.small[2], String(torch.tensor([1.5, 2])));
  assert.equal(out.smallBody, false);
  assert.equal(out.big[2], 'Tensor(size=torch.Size([3, 4]), dtype=torch.float64)');
  assert.deepEqual(out.bigBody, ['pre', { style: 'font-family: monospace' }, out.bigRepr]);
  assert.equal(out.bigRepr, String(torch.zeros(3, 4, { dtype: torch.float64 })));
  assert.equal(out.other, null);
  assert.equal(out.array, null);
  assert.equal(out.disposed[2], 'tensor(<disposed>)');
  await page.close();
});
