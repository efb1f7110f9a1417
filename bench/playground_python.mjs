// Python mode's load figures in headless Chromium on localhost (Debian's chromium through
// playwright-core, the browser tests' setup): the time from navigation to the first Python
// result (print(torch.ones(2)) done) on a cold page (a fresh profile: nothing cached) and with
// a warm cache (the same profile, a new page), and the bytes the server sent for each, as
// counted by the server itself. Also the JavaScript first result, for comparison. Timing is
// never part of make test: this prints figures, it asserts nothing.
//
//   node bench/playground_python.mjs [--reps 3] [--timeline] [--root DIR] [--no-js]      (after make web)
//   "warm" is the second visit with the profile, "again" the third (from the third on,
//   Chromium also has V8's code cache of the scripts: it makes one on the second).
//   --timeline prints the worker's marks of the first cold and warm page; --root serves
//   another build (say a copy of dist/web made before a change, to compare side by side);
//   --no-js leaves out the JavaScript page; --stay S keeps the cold page open S seconds after
//   its result (a visitor reading it: time for the worker's warm-up, Note [Warm-up] in
//   web/src/pyworker.js, and for V8 to write its code cache) before the warm visit.
import { launch } from '../tests/browser/helpers.mjs';
import { serve } from '../web/serve.mjs';

const arg = (name) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : undefined; };
if (process.argv.includes('--help')) {
  console.log('node bench/playground_python.mjs [--reps 3] [--timeline] [--root DIR] [--no-js] [--stay S]');
  process.exit(0);
}
const reps = Number(arg('--reps')) || 3;
let bytes = 0, files = new Map();
const server = await serve(0, { root: arg('--root') });
server.on('request', (req, res) => {
  const end = res.end.bind(res);
  res.end = (body, ...rest) => {
    const n = body ? body.length : 0;
    bytes += n;
    const path = req.url.replace(/[?#].*/, '');
    files.set(path, (files.get(path) ?? 0) + n);
    return end(body, ...rest);
  };
});
const url = `http://127.0.0.1:${server.address().port}/`;

async function firstResult(context, lang, stay = 0) {
  const page = await context.newPage();
  bytes = 0;
  files = new Map();
  const t0 = Date.now();
  await page.goto(lang === 'javascript' ? `${url}#code=` : url);
  await page.waitForFunction(() => window.tensorpad?.state, null, { timeout: 120000 });
  const loaded = Date.now() - t0;
  await page.evaluate((l) => {
    if (window.tensorpad.lang !== l) window.tensorpad.setLanguage(l, { remember: false });
    window.tensorpad.editor.value = l === 'python' ? 'import torch\nprint(torch.ones(2))\n' : 'print(torch.ones(2))';
    document.getElementById('run').click();
  }, lang);
  await page.waitForFunction(() => window.tensorpad.state.runs > 0, null, { timeout: 120000 });
  const ms = Date.now() - t0;
  const out = await page.evaluate(() => document.querySelector('#output').textContent);
  const startedFrom = await page.evaluate(() => window.tensorpad.runner.info?.startedFrom ?? '-');
  // The timeline: the page's navigation entry and the Python worker's marks, from navigation.
  const timeline = await page.evaluate(() => {
    const o = performance.timeOrigin, nav = performance.getEntriesByType('navigation')[0];
    const rows = nav ? [['page: response end', nav.responseEnd], ['page: DOMContentLoaded', nav.domContentLoadedEventEnd], ['page: load', nav.loadEventEnd]] : [];
    if (window.__tensorpadEarly?.created) rows.push(['page: worker created (boot.js)', window.__tensorpadEarly.created]);
    for (const [what, t] of window.tensorpad.state.done?.timing ?? []) rows.push([`worker: ${what}`, t - o]);
    return rows.sort((a, b) => a[1] - b[1]);
  });
  if (!out.startsWith('tensor([1., 1.])')) throw new Error(`unexpected output: ${out}`);
  if (stay) await page.waitForTimeout(stay * 1000);
  await page.close();
  return { ms, loaded, bytes, startedFrom, timeline, files: [...files].sort((a, b) => b[1] - a[1]).slice(0, 6) };
}

const rows = [];
for (let i = 0; i < reps; i++) {
  const cold = await launch();   // a fresh profile: an empty HTTP cache
  await cold.context.addInitScript(() => { try { if (!localStorage.getItem('tensorpad-lang')) localStorage.setItem('tensorpad-lang', 'python'); } catch { /* */ } });
  const c = await firstResult(cold.context, 'python', Number(arg('--stay')) || 0);
  const w = await firstResult(cold.context, 'python');
  const a = await firstResult(cold.context, 'python');
  await cold.close();
  let j = null;
  if (!process.argv.includes('--no-js')) {
    const js = await launch();
    await js.context.addInitScript(() => { try { localStorage.setItem('tensorpad-lang', 'javascript'); } catch { /* */ } });
    j = await firstResult(js.context, 'javascript');
    await js.close();
  }
  rows.push({ cold: c, warm: w, again: a, js: j });
  console.log(`run ${i + 1}: Python cold ${c.ms} ms (${(c.bytes / 1048576).toFixed(2)} MB sent, started from ${c.startedFrom}), warm ${w.ms} ms (${(w.bytes / 1024).toFixed(1)} KB sent), again ${a.ms} ms` +
    (j ? `; JavaScript cold ${j.ms} ms (${(j.bytes / 1024).toFixed(1)} KB)` : ''));
}
if (process.argv.includes('--timeline')) {
  for (const [name, r] of [['cold', rows[0].cold], ['warm', rows[0].warm]]) {
    console.log(`timeline of the first ${name} Python page (ms from navigation):`);
    for (const [what, t] of r.timeline) console.log(`  ${t.toFixed(0).padStart(6)}  ${what}`);
  }
}
const med = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`median of ${reps}: Python first result cold ${med(rows.map((r) => r.cold.ms))} ms, warm ${med(rows.map((r) => r.warm.ms))} ms, again ${med(rows.map((r) => r.again.ms))} ms` +
  (rows[0].js ? `; JavaScript ${med(rows.map((r) => r.js.ms))} ms` : ''));
console.log('largest files of the cold Python page:', rows[0].cold.files.map(([f, n]) => `${f} ${(n / 1024).toFixed(0)} KB`).join(', '));
console.log('warm Python page:', rows[0].warm.files.map(([f, n]) => `${f} ${(n / 1024).toFixed(1)} KB`).join(', '));
server.close();
