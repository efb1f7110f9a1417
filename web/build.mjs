// Builds the static playground into dist/web (any static host can serve it; see
// docs/playground.md). Bundles with esbuild, copies the wasm builds and the tutorial pages,
// and reports the page weight (gzip) of what a visitor downloads.
//
//   node web/build.mjs            (make web)
//
// Layout of dist/web: index.html, assets/{boot.js,app.js,app.css,worker.js,pyworker.js,graph_layout_worker.js,
// embed-python.js}, embed.js, embed.css, dist/{tensorpad.wasm,tensorpad-plain.wasm,tensorpad-python.json},
// pyodide/<version>/ (Python mode: playground and tutorials), tutorials/*.html, _headers. The worker bundles
// js/tensorpad.js, told to find its wasm at ../dist/ relative to itself (TENSORPAD_WASM_DIR).
import { build } from 'esbuild';
import { cp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGE_CSP, headersFile } from './headers.mjs';
import { describeApi } from './api_names.mjs';
import { makePageSnapshot } from './python_snapshot.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'dist', 'web');

/** `import examples from 'virtual:examples'`: every examples/*.mjs, as the files Node runs. */
const examplesPlugin = {
  name: 'examples',
  setup(b) {
    b.onResolve({ filter: /^virtual:examples$/ }, () => ({ path: 'examples', namespace: 'virtual' }));
    b.onLoad({ filter: /.*/, namespace: 'virtual' }, async () => {
      const dir = join(root, 'examples');
      const files = existsSync(dir) ? (await readdir(dir)).filter((f) => /\.(mjs|js)$/.test(f)).sort() : [];
      const list = await Promise.all(files.map(async (file) => ({ file, title: file.replace(/\.(mjs|js)$/, ''), code: await readFile(join(dir, file), 'utf8') })));
      return { contents: `export default ${JSON.stringify(list)};`, loader: 'js', watchDirs: [dir] };
    });
  },
};

/** `import examplesPy from 'virtual:examples-py'`: every examples/*.py, as PyTorch runs them. */
const examplesPyPlugin = {
  name: 'examples-py',
  setup(b) {
    b.onResolve({ filter: /^virtual:examples-py$/ }, () => ({ path: 'examples-py', namespace: 'virtual-py' }));
    b.onLoad({ filter: /.*/, namespace: 'virtual-py' }, async () => {
      const dir = join(root, 'examples');
      const files = existsSync(dir) ? (await readdir(dir)).filter((f) => f.endsWith('.py')).sort() : [];
      const list = await Promise.all(files.map(async (file) => ({ file, title: file.replace(/\.py$/, ''), code: await readFile(join(dir, file), 'utf8') })));
      return { contents: `export default ${JSON.stringify(list)};`, loader: 'js', watchDirs: [dir] };
    });
  },
};

// Pyodide, served by the site itself (no CDN): only the files loadPyodide fetches, under a
// folder named by its version (so they can be cached as immutable), and a lock file without
// the package list (Python mode uses the standard library only: 122 KB less).
const pyodideSrc = join(root, 'node_modules', 'pyodide');
const pyodideVersion = JSON.parse(await readFile(join(pyodideSrc, 'package.json'), 'utf8')).version;
const PYODIDE_DIR = `pyodide/${pyodideVersion}`;
const PYODIDE_FILES = ['pyodide.mjs', 'pyodide.asm.js', 'pyodide.asm.wasm', 'python_stdlib.zip'];

const common = {
  bundle: true, minify: true, keepNames: true,  // class names are printed (Sequential(...), grad_fn objects)
  sourcemap: false, target: ['es2022', 'chrome100', 'firefox110', 'safari16'],
  legalComments: 'none', logLevel: 'warning', external: ['node:*'],
};

await rm(out, { recursive: true, force: true });
await mkdir(join(out, 'dist'), { recursive: true });
await mkdir(join(out, PYODIDE_DIR), { recursive: true });
const pyodideSizes = {};
for (const f of PYODIDE_FILES) {
  await cp(join(pyodideSrc, f), join(out, PYODIDE_DIR, f));
  pyodideSizes[f] = (await readFile(join(pyodideSrc, f))).length;
}
const lock = JSON.parse(await readFile(join(pyodideSrc, 'pyodide-lock.json'), 'utf8'));
const lockText = JSON.stringify({ info: lock.info, packages: {} });
await writeFile(join(out, PYODIDE_DIR, 'pyodide-lock.json'), lockText);
pyodideSizes['pyodide-lock.json'] = lockText.length;
const pyPackage = join(root, 'dist', 'tensorpad-python.json');
if (!existsSync(pyPackage)) throw new Error(`${pyPackage} is missing: run make build first`);
await cp(pyPackage, join(out, 'dist', 'tensorpad-python.json'));
pyodideSizes['tensorpad-python.json'] = (await readFile(pyPackage)).length;
// The Python workers' start-up snapshot: CPython with torch imported (web/python_snapshot.mjs).
const snapshot = await makePageSnapshot(pyPackage);
if (snapshot) {
  await writeFile(join(out, 'dist', 'tensorpad-python.snapshot'), snapshot);
  pyodideSizes['tensorpad-python.snapshot'] = snapshot.length;
} else {
  console.warn('web/build.mjs: no start-up snapshot for Python (import torch could not be snapshotted): pages start cold');
}

await build({
  ...common, entryPoints: { app: join(root, 'web/src/app.js'), worker: join(root, 'web/src/worker.js'), pyworker: join(root, 'web/src/pyworker.js'), graph_layout_worker: join(root, 'web/src/graph_layout_worker.js') },
  format: 'esm', outdir: join(out, 'assets'), plugins: [examplesPlugin, examplesPyPlugin],
  loader: { '.py': 'text' },
  // Node's `import('pyodide')` branch of js/python.js never runs in a page.
  external: [...common.external, 'pyodide'],
  // The workers run from assets/ and the wasm builds are copied to dist/ next to them.
  define: { TENSORPAD_WASM_DIR: '"../dist/"', PYODIDE_PATH: JSON.stringify(`../${PYODIDE_DIR}/`), PYODIDE_SIZES: JSON.stringify(pyodideSizes) },
});
await build({ ...common, entryPoints: { embed: join(root, 'web/embed.js') }, format: 'iife', outdir: out });
// The tutorials' Python runtime (web/embed/pyworker.js): a module worker under assets/ (so it
// gets the worker policy) that loads Pyodide from pyodide/<version>/ and the package from dist/. Split
// into chunks: the worker imports the library only on the first Run (its top-level await must
// not hold the worker's own evaluation, or the first message is lost before onmessage is set).
await build({
  ...common, entryPoints: { 'embed-python': join(root, 'web/embed/pyworker.js') }, format: 'esm',
  splitting: true, chunkNames: 'embed-python-[hash]',
  outdir: join(out, 'assets'), external: [...common.external, 'pyodide'],
  define: { TENSORPAD_WASM_DIR: '"../dist/"', PYODIDE_PATH: JSON.stringify(`../${PYODIDE_DIR}/`) },
});
await build({ ...common, entryPoints: { boot: join(root, 'web/src/boot.js') }, format: 'iife', outdir: join(out, 'assets') });

for (const w of ['tensorpad.wasm', 'tensorpad-plain.wasm']) {
  const src = join(root, 'dist', w);
  if (!existsSync(src)) throw new Error(`${src} is missing: run make build first`);
  await cp(src, join(out, 'dist', w));
}
// Every page carries its Content-Security-Policy as a <meta> too, for hosts that cannot
// send headers; _headers gives hosts that read it (Netlify, Cloudflare Pages) the full set.
const withCsp = async (src, dst) => {
  const html = await readFile(src, 'utf8');
  if (/<script>|<[a-z][^>]*\son[a-z]+=/i.test(html)) throw new Error(`${src}: inline script; the CSP (web/headers.mjs) refuses it`);
  await writeFile(dst, html.replace(/<meta charset="utf-8">\n?/, `$&<meta http-equiv="Content-Security-Policy" content="${PAGE_CSP}">\n`));
};
await withCsp(join(root, 'web/index.html'), join(out, 'index.html'));
const tut = join(root, 'docs/tutorials');
if (existsSync(tut)) {
  await mkdir(join(out, 'tutorials'), { recursive: true });
  for (const f of await readdir(tut)) {
    if (f.endsWith('.html')) await withCsp(join(tut, f), join(out, 'tutorials', f));
    else if (f.endsWith('.css')) await cp(join(tut, f), join(out, 'tutorials', f));
  }
}
await writeFile(join(out, '_headers'), headersFile());
// Python mode's files, precompressed (FILE.gz): web/serve.mjs sends them with
// Content-Encoding: gzip (the snapshot 20 MB -> 5 MB). Static hosts compress on their own.
// (python_stdlib.zip is compressed already; tiny files are not worth it.)
for (const f of Object.keys(pyodideSizes).filter((n) => !n.endsWith('.zip') && pyodideSizes[n] > 4096)) {
  const file = join(out, f.startsWith('tensorpad-python.') ? 'dist' : PYODIDE_DIR, f);
  await writeFile(`${file}.gz`, gzipSync(await readFile(file), { level: 6 }));
}
// The names and signatures the editor completes (web/src/complete.js fetches it on first use).
await writeFile(join(out, 'assets', 'api.json'), JSON.stringify(describeApi()));

// ---- page weight: what the playground downloads (gzip -9), wasm of an isolated page ----
const parts = [
  ['index.html', 'index.html'], ['assets/boot.js', 'JS (boot)'], ['assets/app.js', 'JS (page)'], ['assets/app.css', 'CSS'],
  ['assets/worker.js', 'JS (worker)'], ['assets/graph_layout_worker.js', 'JS (graph layout)'], ['dist/tensorpad.wasm', 'wasm'],
];
const rows = [];
for (const [file, what] of parts) {
  const bytes = await readFile(join(out, file));
  rows.push({ file, what, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
}
const total = rows.reduce((a, r) => ({ raw: a.raw + r.raw, gzip: a.gzip + r.gzip }), { raw: 0, gzip: 0 });
const embedJs = await readFile(join(out, 'embed.js'));
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log('page weight (what the playground downloads):');
for (const r of rows) console.log(`  ${r.file.padEnd(22)} ${kb(r.raw).padStart(10)}  gzip ${kb(r.gzip).padStart(9)}`);
console.log(`  ${'total'.padEnd(22)} ${kb(total.raw).padStart(10)}  gzip ${kb(total.gzip).padStart(9)}`);
console.log(`  (embed.js for tutorials: ${kb(embedJs.length)}, gzip ${kb(gzipSync(embedJs, { level: 9 }).length)}; the worker and wasm are shared)`);
// Python mode adds (fetched only when Python is first needed):
const pyRows = [['assets/pyworker.js', 'JS (Python worker)'], ...Object.keys(pyodideSizes).map((f) => [f.startsWith('tensorpad-python.') ? `dist/${f}` : `${PYODIDE_DIR}/${f}`, 'Python'])];
const python = [];
for (const [file, what] of pyRows) {
  const bytes = await readFile(join(out, file));
  python.push({ file, what, raw: bytes.length, gzip: gzipSync(bytes, { level: 6 }).length });
}
const pyTotal = python.reduce((a, r) => ({ raw: a.raw + r.raw, gzip: a.gzip + r.gzip }), { raw: 0, gzip: 0 });
console.log(`  Python mode adds ${kb(pyTotal.raw)} (gzip ${kb(pyTotal.gzip)}): ${python.map((r) => `${r.file.split('/').pop()} ${kb(r.raw)}`).join(', ')}`);
await writeFile(join(out, 'weight.json'), JSON.stringify({ rows, total, python, pythonTotal: pyTotal }, null, 2));
console.log(`built ${out}`);
