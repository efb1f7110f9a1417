// What a new user meets in the playground (issue 15, "what learners miss"), measured in
// headless Chromium: the RNN example's main-thread block from Run until its graph is drawn
// (long tasks via PerformanceObserver), the status line's "done in" figure, and on a
// 390x844 phone: the header's height, where the output starts after Run (and whether it
// was scrolled into view), and the graph text's size on screen.
//
//   make web && node bench/playground_learners.mjs [--root other/dist/web]   (e.g. an older build)
//
// Prints one JSON line per measurement. Not part of `make test` (timings are never asserted).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, launch, openPlayground, root } from '../tests/browser/helpers.mjs';

const argv = process.argv.slice(2);
const opt = (name, fallback) => { const i = argv.indexOf(`--${name}`); return i >= 0 ? argv[i + 1] : fallback; };
const rnn = readFileSync(join(root, 'examples/09-rnn.mjs'), 'utf8');

async function fresh(browser, url, viewport) {
  const page = await browser.context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  await openPlayground(page, url);
  await page.evaluate(() => {
    window.__long = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
    // The status line says "done in …" as soon as the worker's last message is handled.
    const status = document.getElementById('status');
    new MutationObserver(() => { if (!window.__statusDoneAt && status.textContent.startsWith('done')) window.__statusDoneAt = performance.now(); })
      .observe(status, { childList: true, characterData: true, subtree: true });
  });
  return page;
}

/** Run -> done -> graph drawn, and the long tasks from Run until 1 s after the graph is in. */
async function graphBlock(browser, url) {
  const page = await fresh(browser, url);
  await page.evaluate((c) => { window.tensorpad.editor.value = c; }, rnn);
  // When the worker's views message (the graph JSON) arrives, before the page handles it.
  await page.evaluate(() => {
    const w = window.tensorpad.runner.worker, handle = w.onmessage;
    w.onmessage = (e) => { if (e.data.type === 'views') window.__viewsAt = performance.now(); handle.call(w, e); };
  });
  const t0 = await page.evaluate(() => { const t = performance.now(); document.getElementById('run').click(); return t; });
  await page.waitForFunction(() => window.tensorpad.state.done && document.querySelectorAll('#pane-graph .tp-node').length > 0, null, { timeout: 120000, polling: 50 });
  const drawnAt = await page.evaluate(() => performance.now());
  await page.waitForTimeout(1000);
  const r = await page.evaluate(({ start, drawn }) => {
    const long = window.__long.filter(([s]) => s >= start - 1);
    // the views' part: long tasks from the graph JSON's arrival until it is drawn
    const after = window.__long.filter(([s, d]) => s + d >= window.__viewsAt - 1 && s <= drawn);
    return {
      what: 'rnn-graph', views_to_graph_ms: Math.round(drawn - window.__viewsAt), views_to_status_done_ms: Math.round(window.__statusDoneAt - window.__viewsAt),
      views_longtask_total_ms: Math.round(after.reduce((a, [, d]) => a + d, 0)), views_longtask_max_ms: Math.round(Math.max(0, ...after.map(([, d]) => d))), status: document.getElementById('status').textContent, worker_ms: Math.round(window.tensorpad.state.done.ms),
      run_to_graph_ms: Math.round(drawn - start), nodes_drawn: document.querySelectorAll('#pane-graph .tp-node').length,
      graph_tab: document.getElementById('tab-graph').textContent,
      longtasks: long.length, longtask_total_ms: Math.round(long.reduce((a, [, d]) => a + d, 0)), longtask_max_ms: Math.round(Math.max(0, ...long.map(([, d]) => d))),
    };
  }, { start: t0, drawn: drawnAt });
  await page.close();
  return r;
}

/** Phone, the preloaded example as a first-time visitor runs it: header rows, where the output starts after Run, the graph text's on-screen size. */
async function phone(browser, url) {
  const page = await fresh(browser, url, { width: 390, height: 844 });
  const header = await page.evaluate(() => document.querySelector('.tp-header').getBoundingClientRect().height);
  await page.click('#run');
  await page.waitForFunction(() => window.tensorpad.state.done, null, { timeout: 60000 });
  await page.waitForTimeout(800);
  const out = await page.evaluate(() => ({ top: document.getElementById('output').getBoundingClientRect().top + scrollY, visible: document.getElementById('output').getBoundingClientRect().top < innerHeight, scrollY }));
  await page.evaluate(() => window.tensorpad.selectTab('graph'));
  await page.waitForTimeout(500);
  const text = await page.evaluate(() => {
    const sizes = [...document.querySelectorAll('#pane-graph text')].map((t) => t.getBoundingClientRect().height).filter((x) => x > 0);
    return sizes.length ? Math.min(...sizes) : null;
  });
  await page.close();
  return { what: 'phone-390x844', header_px: Math.round(header), output_top_px: Math.round(out.top), output_in_view_after_run: out.visible, scrollY: Math.round(out.scrollY), graph_text_min_px: text && +text.toFixed(1) };
}

const server = await startServer(opt('root') ? ['--root', opt('root')] : []);
const browser = await launch();
try {
  console.log(JSON.stringify(await graphBlock(browser, server.url)));
  console.log(JSON.stringify(await phone(browser, server.url)));
} finally {
  await browser.close();
  await server.stop();
}
