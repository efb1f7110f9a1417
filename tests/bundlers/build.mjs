// Builds tests/bundlers/app with each bundler, through their JS APIs, the way a new user's
// project would: no tensorpad-specific configuration. `dir` holds app/ and
// node_modules/tensorpad (the npm pack tarball, unpacked). Each function returns the folder
// to serve (index.html + the bundle + whatever the bundler emitted).
import { cp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const page = (script, type = 'module') => `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><body><script type="${type}" src="./${script}"></script>`;

export async function vite(dir) {
  const { build } = await import('vite');
  const out = join(dir, 'out-vite');
  await build({ root: join(dir, 'app'), logLevel: 'warn', build: { outDir: out, emptyOutDir: true } });
  return out;
}

/** Vite's dev server (dependency pre-bundling and all); returns {url, close}. */
export async function viteDev(dir) {
  const { createServer } = await import('vite');
  const server = await createServer({ root: join(dir, 'app'), logLevel: 'warn', server: { port: 0, host: '127.0.0.1' } });
  await server.listen();
  return { url: server.resolvedUrls.local[0], close: () => server.close() };
}

export async function esbuild(dir) {
  const { build } = await import('esbuild');
  const out = join(dir, 'out-esbuild');
  await build({ entryPoints: [join(dir, 'app/main.js')], bundle: true, format: 'esm', outdir: out, logLevel: 'warning' });
  // esbuild does not emit `new URL('…', import.meta.url)` assets (evanw/esbuild#795): the
  // wasm files are copied next to the bundle, where tensorpad looks for them next.
  for (const f of ['tensorpad.wasm', 'tensorpad-plain.wasm']) await cp(join(dir, 'node_modules/tensorpad/dist', f), join(out, f));
  await writeFile(join(out, 'index.html'), page('main.js'));
  return out;
}

export async function webpack(dir) {
  const { default: webpack } = await import('webpack');
  const out = join(dir, 'out-webpack');
  const stats = await new Promise((resolve, reject) => webpack({
    // development: production's optimisation passes take minutes on a busy machine and prove nothing more
    mode: 'development', devtool: false, context: dir, entry: './app/main.js', output: { path: out, filename: 'main.js', clean: true },
    performance: { hints: false },
  }, (err, s) => (err ? reject(err) : resolve(s))));
  if (stats.hasErrors() || stats.hasWarnings()) throw new Error(stats.toString({ all: false, errors: true, warnings: true }));
  await writeFile(join(out, 'index.html'), page('main.js', 'text/javascript'));  // webpack's default: a classic script
  return out;
}

export async function rollup(dir) {
  const { rollup: bundle } = await import('rollup');
  const { nodeResolve } = await import('@rollup/plugin-node-resolve');
  const { importMetaAssets } = await import('@web/rollup-plugin-import-meta-assets');
  const out = join(dir, 'out-rollup');
  const warnings = [];
  const onwarn = (w) => { if (w.code !== 'CIRCULAR_DEPENDENCY') warnings.push(String(w)); };  // Rollup notes import cycles, which ES modules allow
  const b = await bundle({ input: join(dir, 'app/main.js'), plugins: [nodeResolve({ browser: true }), importMetaAssets()], onwarn });
  await b.write({ dir: out, format: 'es' });
  if (warnings.length) throw new Error(warnings.join('\n'));
  await writeFile(join(out, 'index.html'), page('main.js'));
  return out;
}

