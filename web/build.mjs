// Builds the static playground into dist/web (any static host can serve it; see
// docs/playground.md). Bundles with esbuild, copies the wasm builds and the tutorial pages,
// and reports the page weight (gzip) of what a visitor downloads.
//
//   node web/build.mjs            (make web)
//
// Layout of dist/web: index.html, assets/{boot.js,app.js,app.css,worker.js,graph_layout_worker.js}, embed.js,
// embed.css, dist/{tensorpad.wasm,tensorpad-plain.wasm}, tutorials/*.html, _headers. The worker bundles
// js/tensorpad.js, told to find its wasm at ../dist/ relative to itself (TENSORPAD_WASM_DIR).
import { build } from 'esbuild';
import { cp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGE_CSP, headersFile } from './headers.mjs';
import { describeApi } from './api_names.mjs';

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

const common = {
  bundle: true, minify: true, keepNames: true,  // class names are printed (Sequential(...), grad_fn objects)
  sourcemap: false, target: ['es2022', 'chrome100', 'firefox110', 'safari16'],
  legalComments: 'none', logLevel: 'warning', external: ['node:*'],
};

await rm(out, { recursive: true, force: true });
await mkdir(join(out, 'dist'), { recursive: true });
await build({
  ...common, entryPoints: { app: join(root, 'web/src/app.js'), worker: join(root, 'web/src/worker.js'), graph_layout_worker: join(root, 'web/src/graph_layout_worker.js') },
  format: 'esm', outdir: join(out, 'assets'), plugins: [examplesPlugin],
  // The worker runs from assets/ and the wasm builds are copied to dist/ next to it.
  define: { TENSORPAD_WASM_DIR: '"../dist/"' },
});
await build({ ...common, entryPoints: { embed: join(root, 'web/embed.js') }, format: 'iife', outdir: out });
// The tutorials' Python runtime (web/embed/pyworker.js): a module worker under assets/ (so it
// gets the worker policy) that loads Pyodide from pyodide/ and the package from dist/. Split
// into chunks: loadPython imports the bridge dynamically, and the core's top-level await
// deadlocks inside one bundle's lazy module wrappers; as chunks the browser's ESM runs them.
await build({
  ...common, entryPoints: { 'embed-python': join(root, 'web/embed/pyworker.js') }, format: 'esm',
  splitting: true, chunkNames: 'embed-python-[hash]',
  outdir: join(out, 'assets'), external: [...common.external, 'pyodide'], define: { TENSORPAD_WASM_DIR: '"../dist/"' },
});
await build({ ...common, entryPoints: { boot: join(root, 'web/src/boot.js') }, format: 'iife', outdir: join(out, 'assets') });

for (const w of ['tensorpad.wasm', 'tensorpad-plain.wasm']) {
  const src = join(root, 'dist', w);
  if (!existsSync(src)) throw new Error(`${src} is missing: run make build first`);
  await cp(src, join(out, 'dist', w));
}
// Python for the embeds: the package bundle, and Pyodide's core files (no CDN packages). A
// step of its own for the tutorials; the playground's Python mode copies the same folder.
await cp(join(root, 'dist/tensorpad-python.json'), join(out, 'dist/tensorpad-python.json'));
if (!existsSync(join(out, 'pyodide/pyodide.asm.wasm'))) {
  await mkdir(join(out, 'pyodide'), { recursive: true });
  for (const f of ['pyodide.mjs', 'pyodide.asm.js', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json']) {
    await cp(join(root, 'node_modules/pyodide', f), join(out, 'pyodide', f));
  }
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
await writeFile(join(out, 'weight.json'), JSON.stringify({ rows, total }, null, 2));
console.log(`built ${out}`);
