// How the playground's page copes with a lot of output (issue 11, item 10), in headless
// Chromium: for N printed lines, the main thread's long tasks (PerformanceObserver
// 'longtask') from Run until the last line is painted, that time itself, and how long a
// click on Stop waits for its handler in a loop that prints without end (clicked once
// 10,000 lines have arrived).
//
//   make web && node bench/playground_output.mjs [--lines 1000,5000,10000] [--timeout-s 60]
//                                               [--root other/dist/web]   (e.g. an older build)
//
// Prints one JSON line per measurement. Not part of `make test` (timings are never asserted).
import { startServer, launch, openPlayground } from '../tests/browser/helpers.mjs';

const argv = process.argv.slice(2);
const opt = (name, fallback) => { const i = argv.indexOf(`--${name}`); return i >= 0 ? argv[i + 1] : fallback; };
const LINES = opt('lines', '1000,5000,10000').split(',').map(Number);
const TIMEOUT = Number(opt('timeout-s', 60)) * 1000;
const program = (n) => `for (let i = 0; i < ${n}; i++) print(\`epoch \${i}: loss \${(1 / (i + 1)).toFixed(6)}\`);\n`;

async function fresh(browser, url) {
  const page = await browser.context.newPage();
  await openPlayground(page, url);
  await page.evaluate(() => {
    window.__long = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
    document.addEventListener('tensorpad:done', () => {
      window.__doneAt = performance.now();
      requestAnimationFrame(() => setTimeout(() => { window.__paintedAt = performance.now(); }, 0));
    });
  });
  return page;
}

/** Run -> last line painted, and the long tasks in between. */
async function printLines(browser, url, n) {
  const page = await fresh(browser, url);
  await page.evaluate((c) => { window.tensorpad.editor.value = c; }, program(n));
  const t0 = await page.evaluate(() => { const t = performance.now(); document.getElementById('run').click(); return t; });
  const row = { what: 'print', lines: n };
  try {
    await page.waitForFunction(() => window.__paintedAt, null, { timeout: TIMEOUT, polling: 100 });
    const r = await page.evaluate(({ start, n: lines }) => {
      const long = window.__long.filter(([s]) => s >= start - 1);
      return {
        run_to_painted_ms: Math.round(window.__paintedAt - start),
        worker_ms: Math.round(window.tensorpad.state.done.ms),
        longtasks: long.length,
        longtask_total_ms: Math.round(long.reduce((a, [, d]) => a + d, 0)),
        longtask_max_ms: Math.round(Math.max(0, ...long.map(([, d]) => d))),
        last_line_shown: document.getElementById('output').textContent.includes(`epoch ${lines - 1}:`),
      };
    }, { start: t0, n });
    Object.assign(row, r);
  } catch {
    row.run_to_painted_ms = `> ${TIMEOUT} (not painted)`;
  }
  await page.close().catch(() => {});
  return row;
}

/** A click on Stop in a loop that prints forever, once n lines are shown: click to handler. */
async function stopDuring(browser, url, n) {
  const page = await fresh(browser, url);
  const endless = 'for (let i = 0; ; i++) print(`epoch ${i}: loss ${(1 / (i + 1)).toFixed(6)}`);\n';
  await page.evaluate((c) => {
    window.tensorpad.editor.value = c;
    document.getElementById('stop').addEventListener('click', () => { window.__stopAt = Date.now(); }, { capture: true });
  }, endless);
  await page.evaluate(() => document.getElementById('run').click());
  // Before this change the page has no line counter: the text's length stands in for it.
  await page.waitForFunction((lines) => (window.tensorpad.output?.lines ?? document.getElementById('output').textContent.length / 20) >= lines, n, { polling: 5, timeout: TIMEOUT });
  const box = await page.locator('#stop').boundingBox();
  const clickAt = Date.now();
  const row = { what: 'stop-click', lines: n };
  const click = page.mouse.click(box.x + box.width / 2, box.y + box.height / 2).catch(() => {});
  try {
    await page.waitForFunction(() => window.__stopAt && window.tensorpad.state.done?.stopped, null, { timeout: TIMEOUT, polling: 20 });
    row.click_to_handler_ms = (await page.evaluate(() => window.__stopAt)) - clickAt;
    row.stopped = true;
  } catch {
    row.click_to_handler_ms = `> ${TIMEOUT} (not handled)`;
  }
  await Promise.race([click, new Promise((r) => setTimeout(r, 1000))]);
  await page.close().catch(() => {});
  return row;
}

const server = await startServer(opt('root') ? ['--root', opt('root')] : []);
const browser = await launch();
try {
  for (const n of LINES) console.log(JSON.stringify(await printLines(browser, server.url, n)));
  console.log(JSON.stringify(await stopDuring(browser, server.url, 10000)));
} finally {
  await browser.close();
  await server.stop();
}
