// The output pane under a flood of prints (issue 11, item 10): the text stays exact, only
// the last 2,000 lines are in the DOM with a "Show all" control, warnings stay red, blocks
// add no blank lines, and Stop works while a loop prints without end. Timings are measured
// in bench/playground_output.mjs, not here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, openPlayground, runInPage, useBrowser } from './helpers.mjs';

const env = useBrowser();
const lines = (n, f) => Array.from({ length: n }, (_, i) => f(i)).join('');

test('10,000 printed lines: exact text, the last 2,000 drawn, Show all draws every line', async () => {
  const page = await newPage(env.browser);
  await openPlayground(page, env.server.url);
  const code = 'for (let i = 0; i < 10000; i++) print(`epoch ${i}: loss ${(1 / (i + 1)).toFixed(6)}`);\n';
  const expected = lines(10000, (i) => `epoch ${i}: loss ${(1 / (i + 1)).toFixed(6)}\n`);
  const { done } = await runInPage(page, code);
  assert.equal(done.ok, true, JSON.stringify(done.error));
  assert.equal(await page.evaluate(() => window.tensorpad.state.stdout), expected);
  const shown = await page.textContent('#output');
  assert.equal(shown, expected.split('\n').slice(-2001).join('\n'), 'the last 2,000 lines, whole');
  assert.match(await page.textContent('.tp-output-more'), /8,000 earlier lines not shown/);
  await page.click('.tp-output-more button');
  assert.equal(await page.textContent('#output'), expected);
  assert.equal(await page.isVisible('.tp-output-more button'), false);
  // The next run starts windowed again.
  const small = await runInPage(page, 'print(1)');
  assert.equal(small.text, '1\n');
  assert.equal(await page.isVisible('.tp-output-more'), false);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('partial writes across blocks, warnings in red, and no blank lines between blocks', async () => {
  const page = await newPage(env.browser);
  await openPlayground(page, env.server.url);
  const code = [
    'for (let i = 0; i < 250; i++) { process.stdout.write(`a${i}`); process.stdout.write(` b${i}\\n`); }',
    'torch.ones(2, {requires_grad: true}).mul(2).grad;',
    'print("after");',
  ].join('\n');
  const { stdout, done } = await runInPage(page, code);
  assert.equal(done.ok, true, JSON.stringify(done.error));
  assert.equal(stdout, lines(250, (i) => `a${i} b${i}\n`) + 'after\n');
  const text = await page.textContent('#output');
  assert.match(text, /a249 b249\nUserWarning: The \.grad attribute[^\n]*\n[^]*after\n$/);
  const warn = await page.$eval('#output .err', (e) => [getComputedStyle(e).color, getComputedStyle(document.documentElement).getPropertyValue('--error').trim()]);
  assert.equal(warn[0], 'rgb(185, 28, 28)', `warning colour ${warn}`);
  // 251 stdout lines of 13px * 1.45 each, besides the (wrapped) warning.
  const { height, warning, lineHeight } = await page.$eval('#output', (e) => ({
    height: e.getBoundingClientRect().height, warning: e.querySelector('.err').getBoundingClientRect().height, lineHeight: parseFloat(getComputedStyle(e).lineHeight),
  }));
  assert.equal(Math.round((height - warning) / lineHeight), 251, `${height} px with a ${warning} px warning`);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Stop is clickable while a loop prints without end, and the next Run works', async () => {
  const page = await newPage(env.browser);
  await openPlayground(page, env.server.url);
  await page.evaluate(() => { window.tensorpad.editor.value = 'for (let i = 0; ; i++) print(`line ${i}`);\n'; });
  await page.click('#run');
  await page.waitForFunction(() => window.tensorpad.output.lines > 10000, null, { timeout: 20000 });
  await page.click('#stop', { timeout: 5000 });
  await page.waitForFunction(() => window.tensorpad.state.done?.stopped === true, null, { timeout: 5000 });
  assert.ok(await page.evaluate(() => document.querySelectorAll('#output .tp-out-block').length) <= 26, 'DOM stays windowed');
  const { stdout, done } = await runInPage(page, 'print(torch.arange(3))');
  assert.equal(done.ok, true);
  assert.equal(stdout, 'tensor([0, 1, 2])\n');
  assert.deepEqual(page.errors, []);
  await page.close();
});
