// The Content-Security-Policy in Chromium (issue 11, item 12): the page and the worker run
// under web/headers.mjs's policies with no violation (every other browser test checks
// page.errors too, so each example runs under them), and user code cannot reach another
// origin: fetch, WebSocket and import() to a second local server are refused, while the
// same request to the page's own origin works.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, openPlayground, runInPage, startServer, useBrowser } from './helpers.mjs';

const env = useBrowser();

test('the page and its worker are under the CSP; no violation for the welcome example', async () => {
  const page = await newPage(env.browser);
  const response = await page.goto(env.server.url);
  assert.match(response.headers()['content-security-policy'], /connect-src 'self'.*frame-ancestors 'none'/);
  assert.equal(response.headers()['x-content-type-options'], 'nosniff');
  assert.match(await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content'), /script-src 'self'/);
  await page.waitForFunction(() => window.tensorpad?.runner?.info, null, { timeout: 20000 });
  const { done } = await runInPage(page, null);
  assert.equal(done.ok, true, JSON.stringify(done.error));
  assert.equal(await page.evaluate(() => document.querySelectorAll('script:not([src])').length), 0, 'no inline script');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("user code cannot fetch, open a WebSocket to, or import from another origin; its own origin works", async () => {
  const other = await startServer(['--no-isolation']);  // no CORP: only the CSP stands in the way
  try {
    const page = await newPage(env.browser);
    await openPlayground(page, env.server.url);
    // no-cors: without the CSP these would succeed (opaque responses need no CORS headers),
    // so a refusal here is the policy's; the violation events name the directive.
    const code = [
      'const seen = []; self.addEventListener("securitypolicyviolation", (e) => seen.push(e.effectiveDirective));',
      'const tryIt = async (f) => { try { await f(); return "ok"; } catch (e) { return e.name; } };',
      `print("same origin fetch", await tryIt(async () => { const r = await fetch("${env.server.url}index.html"); if (!r.ok) throw new Error(); }));`,
      `print("other origin fetch", await tryIt(() => fetch("${other.url}index.html", { mode: "no-cors" })));`,
      `print("other origin import", await tryIt(() => import("${other.url}assets/boot.js")));`,
      `print("websocket", await tryIt(() => new Promise((ok, no) => { const ws = new WebSocket("${other.url.replace('http', 'ws')}"); ws.onopen = ok; ws.onerror = () => no(new Error("blocked")); })));`,
      'await sleep(50);',
      'print([...new Set(seen)].sort().join(" "));',
    ].join('\n');
    const { stdout, done } = await runInPage(page, code);
    assert.equal(done.ok, true, JSON.stringify(done.error));
    assert.equal(stdout, 'same origin fetch ok\nother origin fetch TypeError\nother origin import TypeError\nwebsocket Error\nconnect-src script-src-elem\n');
    await page.close();
  } finally {
    await other.stop();
  }
});
