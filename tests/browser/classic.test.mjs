// The classic-script build (dist/tensorpad.global.js) in Chromium: a <script src> tag and
// importScripts in a classic worker both get `torchReady` (a promise of torch) and then the
// global `torch`; the wasm location override (globalThis.TENSORPAD_WASM_PATH, set before the
// library loads, for wasm served from another folder); the DevTools custom formatter that
// `console.log(t)` goes through; and what DevTools shows with its default settings (the
// RemoteObject preview that Chromium's console renders, read through CDP).
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
  // a page that keeps its console as it is
  writeFileSync(join(dir, 'console-off.html'), `<!doctype html><link rel="icon" href="data:,"><script>globalThis.TENSORPAD_CONSOLE = false;</script><script src="tensorpad.global.js"></script>
<script>${fn} torchReady.then((t) => { window.result = compute(t); });</script>`);
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

// Chromium's console renders a logged object from the RemoteObject preview that the
// inspector sends with Runtime.consoleAPICalled: this is what a user sees in the console
// with DevTools' default settings (custom formatters off).
async function logged(page, body) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Runtime.enable');
  const calls = [];
  cdp.on('Runtime.consoleAPICalled', (e) => { if (e.args[0]?.value === 'probe') calls.push(e); });
  await page.evaluate(body);
  await page.waitForFunction(() => window.logged === true);
  await new Promise((r) => setTimeout(r, 200));
  // an array's elements are previewed when it is opened (Runtime.getProperties)
  for (const a of calls.flatMap((e) => e.args)) {
    if (a.subtype !== 'array') continue;
    const { result } = await cdp.send('Runtime.getProperties', { objectId: a.objectId, ownProperties: true, generatePreview: true });
    a.preview.properties = result.filter((p) => p.name === '0').map((p) => ({ name: '0', value: p.value.preview }));
  }
  await cdp.detach();
  return calls.map((e) => e.args.slice(1).map((a) => ({
    type: a.type, className: a.className, description: a.description,
    props: a.preview && Object.fromEntries(a.preview.properties.map((p) => [p.name, p.value])),
    order: a.preview?.properties.map((p) => p.name), overflow: a.preview?.overflow,
  })));
}

test('DevTools with default settings: a logged tensor previews as its shape, dtype and values, internals last', async () => {
  const { page } = await resultOf('index.html');
  const [[f, b, z, big, grid, v, grad, gone], [again], [inside], [other]] = await logged(page, () => {
    const f = torch.tensor([[1.5, 2], [3, 4]]);
    const w = torch.ones(2, { requires_grad: true });
    const gone = torch.ones(1);
    gone.dispose();
    console.log('probe', f, torch.tensor([true, false, true]), torch.tensor(2.5, { dtype: torch.float64 }),
      torch.arange(10000), torch.zeros(100, 100), f.select(0, 1), w.mul(2), gone);
    f.mul_(2);
    console.info('probe', f);
    console.warn('probe', [torch.tensor([7])]);
    console.log('probe', { a: 1 });
    window.logged = true;
  });
  const show = (x) => [x.props['[[shape]]'], x.props['[[dtype]]'], x.props['[[values]]']];
  for (const x of [f, b, z, big, grid, v, grad, gone, again]) {
    assert.equal(x.className, 'Tensor');
    assert.equal(x.description, 'Tensor');
    assert.deepEqual(x.order.slice(0, 3), ['[[shape]]', '[[dtype]]', '[[values]]'], 'the three preview fields come first');
  }
  assert.deepEqual(show(f), ['[2, 2]', 'torch.float32', '[[1.5000, 2.0000], [3.0000, 4.0000]]']);
  assert.deepEqual(show(b), ['[3]', 'torch.bool', '[ True, False,  True]']);
  assert.deepEqual(show(z), ['[]', 'torch.float64', '2.5000']);
  assert.deepEqual(show(big), ['[10000]', 'torch.int64', '[   0,    1,    2,  ..., 9997, 9998, 9999]']);
  assert.equal(show(grid)[0], '[100, 100]');
  assert.match(show(grid)[2], /^\[\[0\., 0\., 0\., {2}\.\.\., 0\., 0\., 0\.\], \[0\., 0\., 0\.,/, 'summarised as PyTorch does');
  assert.ok(show(grid)[2].length <= 101, 'long values are abbreviated by the inspector');
  assert.deepEqual(show(v), ['[2]', 'torch.float32', '[3., 4.]']);
  assert.deepEqual(show(grad), ['[2]', 'torch.float32', '[2., 2.]']);
  assert.deepEqual(show(gone), ['undefined', 'undefined', '<disposed>']);
  assert.deepEqual(show(again), ['[2, 2]', 'torch.float32', '[[3., 4.], [6., 8.]]'], 'each log shows the values of that moment');
  assert.equal(inside.description, 'Array(1)');
  const el = inside.props['0'];
  assert.equal(el.description, 'Tensor');
  assert.deepEqual(el.properties.slice(0, 3).map((p) => [p.name, p.value]),
    [['[[shape]]', '[1]'], ['[[dtype]]', 'torch.int64'], ['[[values]]', '[7]']], 'a tensor directly inside a logged array is filled in too');
  assert.deepEqual(other.props, { a: '1' });
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('TENSORPAD_CONSOLE = false before the library loads: the console is left as it was', async () => {
  const { page } = await resultOf('console-off.html');
  assert.equal(await page.evaluate(() => console.log.toString().includes('[native code]')), true, 'console.log is not wrapped');
  const [[t]] = await logged(page, () => { console.log('probe', torch.ones(2)); window.logged = true; });
  assert.equal(t.className, 'Tensor');
  assert.ok(!t.order.includes('[[shape]]'), 'no preview fields are added');
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
