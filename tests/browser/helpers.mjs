// Shared setup for the browser tests: starts web/serve.mjs on a free port, launches
// Debian's Chromium through playwright-core with a fresh profile, collects console errors,
// and saves screenshots to test-artifacts/.
import { before, after } from 'node:test';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const artifacts = join(root, 'test-artifacts');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** Starts the static server on a free port; resolves {url, stop}. */
export function startServer(extraArgs = []) {
  if (!existsSync(join(root, 'dist/web/index.html'))) throw new Error('dist/web is missing: run `make web` first');
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [join(root, 'web/serve.mjs'), '--port', '0', ...extraArgs], { stdio: ['ignore', 'pipe', 'inherit'] });
    let buf = '';
    p.stdout.on('data', (d) => {
      buf += d;
      const m = /tensorpad playground: (\S+)/.exec(buf);
      if (m) resolve({ url: m[1], stop: () => new Promise((r) => { p.once('exit', r); p.kill('SIGTERM'); }) });
    });
    p.on('error', reject);
    p.on('exit', (code) => reject(new Error(`serve.mjs exited (${code})`)));
  });
}

const MIME = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.map': 'application/json' };

/** Serves a folder (GET only) on a free port; resolves {url, close}. */
export function serveFolder(folder) {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(folder, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(folder) || !existsSync(file)) { res.writeHead(404).end(); return; }
    res.writeHead(200, { 'Content-Type': MIME[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    // closeAllConnections: Chromium's preconnected sockets (no request on them yet) would hold
    // close() until the server's headers timeout, a minute or more per test
    url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((r) => { server.close(r); server.closeAllConnections(); }),
  })));
}

/**
 * Launches headless Chromium with the flags this machine needs and a fresh profile
 * (a persistent context on a new temporary --user-data-dir). close() removes the profile.
 */
export async function launch() {
  const profile = mkdtempSync(join(tmpdir(), 'tp-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  return {
    context,
    async close() { await context.close(); rmSync(profile, { recursive: true, force: true }); },
  };
}

/**
 * A new page that records console errors and page errors in page.errors. The playground
 * opens in the visitor's remembered language, Python for a first visit: `lang` (default
 * 'javascript', what the older tests run) is stored first unless a choice is already stored;
 * lang null leaves the profile as a first-time visitor's.
 */
export async function newPage(browser, { lang = 'javascript' } = {}) {
  const page = await browser.context.newPage();
  if (lang) await page.addInitScript((l) => { try { if (!localStorage.getItem('tensorpad-lang')) localStorage.setItem('tensorpad-lang', l); } catch { /* not the page's origin */ } }, lang);
  page.errors = [];
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => page.errors.push(`pageerror: ${e.message}`));
  return page;
}

export async function screenshot(page, name) {
  mkdirSync(artifacts, { recursive: true });
  const file = join(artifacts, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/** Opens the playground and waits for the worker's ready status. */
export async function openPlayground(page, url) {
  await page.goto(url);
  await page.waitForFunction(() => window.tensorpad?.runner?.info, null, { timeout: 20000 });
}

/** Puts code in the editor, clicks Run, waits for the run to end; returns {stdout, done}. */
export async function runInPage(page, code, { timeout = 60000 } = {}) {
  if (code !== null) await page.evaluate((c) => { window.tensorpad.editor.value = c; }, code);
  const runs = await page.evaluate(() => window.tensorpad.state.runs);
  await page.click('#run');
  await page.waitForFunction((n) => window.tensorpad.state.runs > n, runs, { timeout });
  return page.evaluate(() => ({
    stdout: [...document.querySelectorAll('#output .out')].map((e) => e.textContent).join(''),
    text: document.querySelector('#output').textContent,
    done: window.tensorpad.state.done,
  }));
}

/** What `node <file>` prints (stdout), run from the repository root. */
export function nodeOutput(file) {
  return execFileSync(process.execPath, [file], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120000 });
}

/**
 * One Chromium and one server for a test file: registers node:test's before/after hooks and
 * returns an object whose `server` and `browser` are set once `before` has run.
 */
export function useBrowser() {
  const env = { server: null, browser: null };
  before(async () => {
    env.server = await startServer();
    env.browser = await launch();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}
