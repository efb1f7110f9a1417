// A small static server for the built playground (dist/web). It exists for two headers:
// Content-Type application/wasm (instantiateStreaming refuses anything else) and the
// COOP/COEP pair that makes the page cross-origin isolated, so the shared-memory build
// is used. Any static host that sends those headers can serve dist/web instead.
//
//   node web/serve.mjs [--port 8080] [--root dist/web] [--host 127.0.0.1] [--no-isolation]
//   --no-isolation leaves out COOP/COEP, like a plain static host (the page then uses the
//   plain-memory wasm build).
//   --port 0 picks a free port; the chosen URL is printed as "tensorpad playground: <url>".
// Also usable as a module: `const server = await serve(0)` (an http.Server, listening).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8', '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8', '.map': 'application/json',
};

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

const here = fileURLToPath(new URL('.', import.meta.url));
const HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-cache',
};

/** Starts serving root (default dist/web) on port; resolves with the listening server. */
export function serve(port = 8080, { host = '127.0.0.1', root, isolate = true } = {}) {
  root ??= join(here, '..', 'dist', 'web');
  root = resolve(root);
  const headers = isolate ? HEADERS : { 'Cache-Control': 'no-cache' };
  const server = createServer(async (req, res) => {
    try {
      let path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      // Older links pointed at /web/ (the page used to be served from the source tree).
      if (path === '/web' || path.startsWith('/web/')) {
        res.writeHead(301, { ...headers, Location: '/' + path.slice(5) });
        return res.end();
      }
      let file = normalize(join(root, path));
      if (file !== root && !file.startsWith(root + sep)) throw Object.assign(new Error('outside root'), { code: 'ENOENT' });
      if ((await stat(file)).isDirectory()) {
        if (!path.endsWith('/')) {
          res.writeHead(301, { ...headers, Location: path + '/' });
          return res.end();
        }
        file = join(file, 'index.html');
      }
      const body = await readFile(file);
      res.writeHead(200, { ...headers, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Content-Length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (e) {
      res.writeHead(e.code === 'ENOENT' || e.code === 'EISDIR' || e.code === 'ENOTDIR' ? 404 : 500, { ...headers, 'Content-Type': 'text/plain' });
      res.end(e.code === 'ENOENT' || e.code === 'ENOTDIR' ? 'not found\n' : 'server error\n');
    }
  });
  return new Promise((ok) => server.listen(port, host, () => ok(server)));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const host = option('host', '127.0.0.1');
  const server = await serve(Number(option('port', process.env.PORT ?? 8080)), { host, root: option('root', undefined), isolate: !process.argv.includes('--no-isolation') });
  console.log(`tensorpad playground: http://${host === '0.0.0.0' ? 'localhost' : host}:${server.address().port}/`);
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => { server.close(); process.exit(0); });
}
