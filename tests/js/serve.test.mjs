// web/serve.mjs as a hostile client sees it (issue 11, items 11 and 12): raw requests on an
// ephemeral loopback port against a scratch root (with a secret next to it and a symlink
// pointing out): no redirect leaves the origin, bad escapes are 400, nothing outside the
// root is served, every response carries the security headers; a busy port gets a hint.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect, createServer } from 'node:net';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, symlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../../web/serve.mjs';
import { PAGE_CSP, WORKER_CSP, headersFile } from '../../web/headers.mjs';

const SERVE = fileURLToPath(new URL('../../web/serve.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tp-serve-'));
const root = join(dir, 'web');
let server, port;

before(async () => {
  mkdirSync(join(root, 'assets'), { recursive: true });
  mkdirSync(join(root, 'tutorials'));
  writeFileSync(join(dir, 'secret.txt'), 'SECRET\n');
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>home</title>');
  writeFileSync(join(root, 'tutorials', 'index.html'), '<!doctype html><title>tutorials</title>');
  writeFileSync(join(root, 'assets', 'worker.js'), 'postMessage(1)');
  writeFileSync(join(root, 'a b.txt'), 'spaced\n');
  writeFileSync(join(root, 'x.wasm'), Buffer.from([0, 0x61, 0x73, 0x6d]));
  symlinkSync(join(dir, 'secret.txt'), join(root, 'link.txt'));
  server = await serve(0, { root });
  port = server.address().port;
});
after(() => { server?.close(); rmSync(dir, { recursive: true, force: true }); });

/** Sends `GET <target>` byte for byte (no client-side normalisation); resolves {status, headers, body}. */
function raw(target, method = 'GET', extraHeader = '') {
  return new Promise((resolve, reject) => {
    const s = connect(port, "127.0.0.1", () => s.write(`${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extraHeader ? `${extraHeader}\r\n` : ''}Connection: close\r\n\r\n`));
    const parts = [];
    s.on('data', (d) => parts.push(d));
    s.on('error', reject);
    s.on('end', () => {
      const text = Buffer.concat(parts).toString('latin1');
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

test('files are served with their type and the security headers', async () => {
  const page = await raw('/');
  assert.equal(page.status, 200);
  assert.match(page.body, /<title>home/);
  assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
  assert.equal(page.headers['content-security-policy'], `${PAGE_CSP}; frame-ancestors 'none'`);
  assert.equal(page.headers['x-content-type-options'], 'nosniff');
  assert.equal(page.headers['referrer-policy'], 'no-referrer');
  assert.equal(page.headers['cross-origin-opener-policy'], 'same-origin');
  assert.equal(page.headers['cross-origin-embedder-policy'], 'require-corp');
  const tut = await raw('/tutorials/');
  assert.equal(tut.status, 200);
  assert.equal(tut.headers['content-security-policy'], `${PAGE_CSP}; frame-ancestors 'self'`);
  const worker = await raw('/assets/worker.js');
  assert.equal(worker.headers['content-security-policy'], `${WORKER_CSP}; frame-ancestors 'none'`);
  assert.match(WORKER_CSP, /script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'/);
  assert.match(PAGE_CSP, /script-src 'self'(;|$)/);
  for (const csp of [PAGE_CSP, WORKER_CSP]) {
    assert.match(csp, /connect-src 'self'/);
    assert.match(csp, /object-src 'none'/);
    assert.match(csp, /base-uri 'self'/);
    assert.doesNotMatch(csp, /\*|https?:|frame-ancestors/);
  }
  assert.equal((await raw('/x.wasm')).headers['content-type'], 'application/wasm');
  assert.equal((await raw('/a%20b.txt')).body, 'spaced\n');
  const head = await raw('/', 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.body, '');
  assert.equal((await raw('/', 'POST')).status, 405);
  // Errors carry the headers too.
  assert.equal((await raw('/nope')).headers['x-content-type-options'], 'nosniff');
});

test('redirects stay on the origin: /web/ links and directories', async () => {
  const cases = {
    '/web//example.invalid/phish': '/example.invalid/phish',
    '/web///example.invalid': '/example.invalid',
    '/web/%2F%2Fexample.invalid/x': '/example.invalid/x',
    '/web/%5C%5Cexample.invalid': null,  // backslashes: 400, no redirect at all
    '/web/https:%2F%2Fexample.invalid': '/https%3A/example.invalid',
    '/web': '/',
    '/web/': '/',
    '/web/tutorials/': '/tutorials/',
    '/tutorials': '/tutorials/',
    '//tutorials': '/tutorials/',
    '/web/a%0d%0aSet-Cookie:%20x=1': '/a%0D%0ASet-Cookie%3A%20x%3D1',
  };
  for (const [target, location] of Object.entries(cases)) {
    const r = await raw(target);
    if (location === null) { assert.equal(r.status, 400, target); continue; }
    assert.equal(r.status, 301, target);
    assert.equal(r.headers.location, location, target);
    assert.match(r.headers.location, /^\/(?!\/)/, `${target}: a path on this origin`);
    assert.equal(r.headers['set-cookie'], undefined);
  }
});

test('malformed escapes, NUL, backslashes and dot segments get 400; nothing outside the root is served', async () => {
  for (const target of ['/%', '/%zz', '/a%2', '/%E0%A4%A', '/%C0%AE%C0%AE/secret.txt']) {
    assert.equal((await raw(target)).status, 400, target);
  }
  for (const target of ['/../secret.txt', '/%2e%2e/secret.txt', '/%2E%2E%2Fsecret.txt', '/assets/..%2f..%2fsecret.txt', '/.%2e/secret.txt',
    '/..\\secret.txt', '/%5c..%5csecret.txt', '/index.html%00.txt', '/%00', '/./index.html', 'secret.txt', '*']) {
    const r = await raw(target);
    assert.equal(r.status, 400, `${target}: ${r.status}`);
    assert.doesNotMatch(r.body, /SECRET/);
  }
  const link = await raw('/link.txt');
  assert.equal(link.status, 404, 'a symlink out of the root');
  assert.doesNotMatch(link.body, /SECRET/);
  assert.equal((await raw('/index.html/')).status, 404);
  assert.equal((await raw('/nope/deeper')).status, 404);
});

test('a busy port: serve.mjs says which port and how to pick another, without a stack', async () => {
  const blocker = createServer();
  await new Promise((ok) => blocker.listen(0, '127.0.0.1', ok));
  const busy = blocker.address().port;
  try {
    const r = spawnSync(process.execPath, [SERVE, '--port', String(busy), '--root', root], { encoding: 'utf8', timeout: 20000 });
    assert.equal(r.status, 1);
    assert.match(r.stderr, new RegExp(`port ${busy} on 127\\.0\\.0\\.1 is busy`));
    assert.match(r.stderr, /make serve PORT=\d+/);
    assert.doesNotMatch(r.stderr, /EADDRINUSE|at .*\(node:/);
    const bad = spawnSync(process.execPath, [SERVE, '--port', 'http'], { encoding: 'utf8', timeout: 20000 });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--port must be a number/);
  } finally {
    blocker.close();
  }
});

test('dist/web/_headers lists the same policies for static hosts', () => {
  const file = headersFile();
  assert.match(file, /^\/\*\n {2}X-Content-Type-Options: nosniff$/m);
  assert.ok(file.includes(`/index.html\n  Content-Security-Policy: ${PAGE_CSP}; frame-ancestors 'none'`));
  assert.ok(file.includes(`/assets/*\n  Content-Security-Policy: ${WORKER_CSP}; frame-ancestors 'none'`));
});

test('a precompressed FILE.gz is sent with Content-Encoding: gzip only to a client that accepts it', async () => {
  const { gzipSync } = await import('node:zlib');
  const text = 'x = 1\n'.repeat(2000);
  writeFileSync(join(root, 'dist.json'), text);
  writeFileSync(join(root, 'dist.json.gz'), gzipSync(text));
  writeFileSync(join(root, 'plain.json'), '{"a": 1}');
  const url = `http://127.0.0.1:${port}/`;
  const gz = await fetch(`${url}dist.json`, { headers: { 'Accept-Encoding': 'gzip' } });
  assert.equal(gz.headers.get('content-encoding'), 'gzip');
  assert.equal(gz.headers.get('vary'), 'Accept-Encoding');
  assert.equal(await gz.text(), text);  // fetch decodes it
  const etagGz = gz.headers.get('etag');
  // a client without gzip gets the file itself, under another ETag
  const id = await raw('/dist.json', 'GET', 'Accept-Encoding: identity');
  assert.equal(id.headers['content-encoding'], undefined);
  assert.equal(id.body, text);
  assert.notEqual(id.headers.etag, etagGz);
  // no .gz beside it: the file as it is
  const plain = await fetch(`${url}plain.json`, { headers: { 'Accept-Encoding': 'gzip' } });
  assert.equal(plain.headers.get('content-encoding'), null);
  assert.equal(await plain.text(), '{"a": 1}');
  // a .gz for a type that is not precompressed is never used (index.html is sent as it is)
  writeFileSync(join(root, 'index.html.gz'), gzipSync('not this'));
  const html = await fetch(url, { headers: { 'Accept-Encoding': 'gzip' } });
  assert.equal(html.headers.get('content-encoding'), null);
  assert.match(await html.text(), /<title>home/);
});
