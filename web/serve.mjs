// A small static server for the built playground (dist/web). It exists for its headers:
// Content-Type application/wasm (instantiateStreaming refuses anything else), the
// COOP/COEP pair that makes the page cross-origin isolated (so the shared-memory build is
// used), the Content-Security-Policy and friends of web/headers.mjs, and an ETag (a 304 for
// a file the browser already has; Pyodide's files are cached as immutable). Any static host
// that sends those headers can serve dist/web instead. It serves files under its root only:
// malformed escapes, NUL, backslashes and dot segments get 400, and redirects stay on the
// origin.
//
//   node web/serve.mjs [--port 8080] [--root dist/web] [--host 127.0.0.1] [--no-isolation]
//   --no-isolation leaves out COOP/COEP, like a plain static host (the page then uses the
//   plain-memory wasm build).
//   --port 0 picks a free port; the chosen URL is printed as "tensorpad playground: <url>".
// Also usable as a module: `const server = await serve(0)` (an http.Server, listening).
import { createServer, STATUS_CODES } from 'node:http';
import { createServer as probe } from 'node:net';
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { headersFor } from './headers.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8', '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8', '.map': 'application/json', '.zip': 'application/zip', '.py': 'text/x-python; charset=utf-8',
};

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

const here = fileURLToPath(new URL('.', import.meta.url));
class HttpError extends Error {
  constructor(status, message) { super(message); this.status = status; }
}

/**
 * The request target as path segments, or an HttpError. Only origin-form targets
 * ('/a/b?q'); each segment percent-decoded once; NUL, backslashes and '.'/'..' segments
 * (also as %2e%2e, or hidden in %2f) are refused rather than resolved; empty segments
 * ('//') collapse.
 */
export function parseTarget(target) {
  if (!target.startsWith('/')) throw new HttpError(400, 'bad request: the target must be a path');
  const raw = target.replace(/[?#].*$/s, '');
  let path;
  try { path = decodeURIComponent(raw); } catch { throw new HttpError(400, 'bad request: malformed %-escape in the path'); }
  if (/[\0\\]/.test(path)) throw new HttpError(400, 'bad request: NUL or backslash in the path');
  const segments = path.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '.' || s === '..')) throw new HttpError(400, 'bad request: dot segments in the path');
  return { segments, dir: path.endsWith('/') };
}

/** A same-origin Location: always one leading slash, every segment percent-encoded. */
export function localPath(segments, dir) {
  const p = '/' + segments.map(encodeURIComponent).join('/');
  return dir && segments.length ? `${p}/` : p;
}

const GZIPPED = new Set(['.wasm', '.js', '.mjs', '.json', '.snapshot']);

/** Starts serving root (default dist/web) on port; resolves with the listening server. */
export function serve(port = 8080, { host = '127.0.0.1', root, isolate = true } = {}) {
  root ??= join(here, '..', 'dist', 'web');
  root = resolve(root);
  const realRoot = realpath(root).catch(() => root);
  const server = createServer(async (req, res) => {
    let headers = headersFor('/', { isolate });
    const send = (status, extra = {}, body = `${STATUS_CODES[status]}\n`) => {
      res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', ...extra });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, { Allow: 'GET, HEAD' });
      const { segments, dir } = parseTarget(req.url);
      // Older links pointed at /web/ (the page used to be served from the source tree).
      if (segments[0] === 'web') return send(301, { Location: localPath(segments.slice(1), dir || segments.length === 1) }, '');
      let file = join(root, ...segments);
      // A symlink inside root must not lead out of it either.
      const real = await realpath(file).catch((e) => { throw e.code === 'ENOENT' || e.code === 'ENOTDIR' ? new HttpError(404, 'not found') : e; });
      const top = await realRoot;
      if (real !== top && !real.startsWith(top + sep)) throw new HttpError(404, 'not found');
      if ((await stat(real)).isDirectory()) {
        if (!dir && segments.length) return send(301, { Location: localPath(segments, true) }, '');
        file = join(real, 'index.html');
      } else if (dir) {
        throw new HttpError(404, 'not found');
      } else {
        file = real;
      }
      const st = await stat(file).catch((e) => { throw e.code === 'ENOENT' ? new HttpError(404, 'not found') : e; });
      headers = headersFor('/' + relative(top, file).split(sep).join('/'), { isolate });
      // An ETag lets the browser revalidate a no-cache file with a 304 instead of downloading
      // it; it is made from the file's size and mtime, so a 304 reads no file at all.
      let etag = `"${st.size.toString(36)}-${Math.floor(st.mtimeMs).toString(36)}"`;
      // web/build.mjs precompresses the large files (FILE.gz beside FILE): sent to a client
      // that accepts gzip, as most static hosts compress too.
      const gzFile = GZIPPED.has(extname(file)) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') ? `${file}.gz` : null;
      const gzStat = gzFile ? await stat(gzFile).catch(() => null) : null;
      if (gzStat) {
        etag = `${etag.slice(0, -1)}-gz"`;
        headers = { ...headers, 'Content-Encoding': 'gzip' };
      }
      if (GZIPPED.has(extname(file))) headers = { ...headers, Vary: 'Accept-Encoding' };
      headers = { ...headers, ETag: etag };
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, headers);
        return res.end();
      }
      const body = await readFile(gzStat ? gzFile : file).catch((e) => { throw e.code === 'ENOENT' || e.code === 'EISDIR' ? new HttpError(404, 'not found') : e; });
      res.writeHead(200, { ...headers, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Content-Length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (e) {
      if (e instanceof HttpError) return send(e.status, {}, `${e.message}\n`);
      console.error(`serve.mjs: ${req.method} ${JSON.stringify(req.url)}: ${e.stack ?? e}`);
      send(500);
    }
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => { server.off('error', fail); ok(server); });
  });
}

/** The first free port after `port` on host (for the busy-port hint), or null. */
async function freePortAfter(port, host) {
  for (let p = port + 1; p < Math.min(port + 50, 65536); p++) {
    const free = await new Promise((ok) => {
      const s = probe().once('error', () => ok(false)).listen(p, host, () => s.close(() => ok(true)));
    });
    if (free) return p;
  }
  return null;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const host = option('host', '127.0.0.1');
  const portText = option('port', process.env.PORT ?? '8080');
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) {
    console.error(`serve.mjs: --port must be a number from 0 to 65535, not ${JSON.stringify(portText)}`);
    process.exit(2);
  }
  let server;
  try {
    server = await serve(port, { host, root: option('root', undefined), isolate: !process.argv.includes('--no-isolation') });
  } catch (e) {
    if (e.code === 'EADDRINUSE') {
      const next = await freePortAfter(port, host);
      console.error(`serve.mjs: port ${port} on ${host} is busy (is another server, or an earlier \`make serve\`, still running?).\n` +
        `Pick another port: make serve PORT=${next ?? 8081}   (or: node web/serve.mjs --port ${next ?? 8081}; PORT=0 takes any free port)`);
    } else if (e.code === 'EACCES') {
      console.error(`serve.mjs: no permission to listen on port ${port} (ports below 1024 need root). Pick another: make serve PORT=8080`);
    } else if (e.code === 'EADDRNOTAVAIL') {
      console.error(`serve.mjs: ${host} is not an address of this machine (try --host 127.0.0.1).`);
    } else {
      throw e;
    }
    process.exit(1);
  }
  console.log(`tensorpad playground: http://${host === '0.0.0.0' ? 'localhost' : host}:${server.address().port}/`);
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => { server.close(); process.exit(0); });
}
