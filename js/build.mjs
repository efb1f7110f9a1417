// Builds the library as one minified file (the Makefile's dist/tensorpad.min.js, .cjs and
// .global.js rules; see the Makefile for what each is for):
//
//   node js/build.mjs esm|cjs|global OUTFILE
//
// Kept: class names (classes print them: Linear(...), grad_fn objects, optimizers, error
// messages through constructor.name) and the names of public functions (those put in an object,
// such as the torch namespace, or exported: torch.tensor.name is 'tensor', and torch.save's
// error prints a function's name). Dropped: the other ~560 function names, which nothing
// prints (esbuild's --keep-names keeps them all: 3.3 KB gzip more). Three passes (the third is terser,
// below, on esbuild's minified output):
// 1. esbuild bundles with keepNames and without minifying, so every name it would keep is an
//    explicit `__name(x, "x")` call (for a class: `static { __name(this, "X") }`);
// 2. the other calls are blanked out with acorn (`__name(f, "f")` -> `(f)`, a statement
//    `__name(f, "f");` -> nothing), keeping every other character in place so the first
//    pass's source map still holds, and esbuild minifies the result (without keepNames: the
//    names left are the explicit calls).
import { build } from 'esbuild';
import { parse } from 'acorn';
import { minify } from 'terser';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const CLASSIC_URL = 'typeof document<"u"&&document.currentScript?document.currentScript.src:self.location.href';

/** Per target: the first pass's esbuild options and the second pass's banner and footer. */
const TARGETS = {
  esm: { first: { entryPoints: [join(root, 'js/tensorpad.js')], format: 'esm', platform: 'neutral' } },
  cjs: {
    first: { entryPoints: [join(root, 'js/tensorpad.js')], format: 'cjs', platform: 'node', define: { TENSORPAD_SYNC_LOAD: 'true', 'import.meta.url': '__tpUrl' } },
    banner: 'const __tpUrl=require("url").pathToFileURL(__filename).href;',
    footer: 'module.exports=module.exports.default;',
  },
  global: {
    first: {
      stdin: { contents: 'import torch from "./js/tensorpad.js"; globalThis.torch = torch;', resolveDir: root, sourcefile: 'tensorpad-global.js' },
      format: 'esm', platform: 'browser', define: { 'import.meta.url': '__tpUrl' },
    },
    banner: `(()=>{const __tpUrl=${CLASSIC_URL};globalThis.torchReady=(async()=>{`,
    footer: 'return globalThis.torch})()})();',
  },
};

/** Blanks the `__name(...)` calls of stage-one output that name neither a class nor a function
 *  put in an object or exported (torch.tensor.name stays 'tensor': torch.save's error prints it). */
export function dropFunctionNames(code) {
  const ast = parse(code, { ecmaVersion: 'latest', sourceType: 'module' });
  const classes = new Set(), calls = [], published = new Set();
  (function visit(n, parent) {
    if (n.type === 'ClassDeclaration' && n.id) classes.add(n.id.name);
    if (n.type === 'VariableDeclarator' && n.id.type === 'Identifier' && n.init?.type === 'ClassExpression') classes.add(n.id.name);
    if (n.type === 'CallExpression' && n.callee.type === 'Identifier' && n.callee.name === '__name') calls.push([n, parent]);
    // a function put in an object (the torch namespace, F, utils.data...) or exported is public
    if (n.type === 'Property' && n.value.type === 'Identifier') published.add(n.value.name);
    if (n.type === 'ExportSpecifier') published.add(n.local.name);
    for (const k in n) {
      const v = n[k];
      if (Array.isArray(v)) { for (const c of v) if (c && typeof c.type === 'string') visit(c, n); }
      else if (v && typeof v.type === 'string' && k !== 'loc') visit(v, n);
    }
  })(ast, null);
  const keep = (a) => a.type === 'ThisExpression' || a.type === 'ClassExpression' || (a.type === 'Identifier' && (classes.has(a.name) || published.has(a.name)));
  const chars = code.split('');
  const blank = (from, to, keep = '') => {
    for (let i = from; i < to; i++) if (chars[i] !== '\n') chars[i] = ' ';
    for (let i = 0; i < keep.length; i++) chars[from + i] = keep[i];
  };
  let kept = 0, dropped = 0;
  for (const [c, parent] of calls) {
    const [a, name] = c.arguments;
    if (c.arguments.length !== 2 || name.type !== 'Literal' || typeof name.value !== 'string') throw new Error(`unexpected __name call at ${c.start}`);
    if (keep(a) || (parent.type === 'VariableDeclarator' && parent.id.type === 'Identifier' && published.has(parent.id.name))) { kept++; continue; }
    dropped++;
    if (parent.type === 'ExpressionStatement') blank(parent.start, parent.end);
    else {
      blank(c.start, a.start, '(');
      blank(a.end, c.end, ')');
    }
  }
  return { code: chars.join(''), kept, dropped };
}

async function main([target, outfile]) {
  const t = TARGETS[target];
  if (!t || !outfile) throw new Error('usage: node js/build.mjs esm|cjs|global OUTFILE');
  const out = resolve(outfile);
  const common = { target: 'es2022', logLevel: 'warning', legalComments: 'none' };
  const first = await build({
    ...common, ...t.first, bundle: true, keepNames: true, write: false, outfile: out,
    sourcemap: 'external', sourcesContent: false,
    define: { TENSORPAD_WASM_DIR: '"./"', ...t.first.define },
  });
  const js = first.outputFiles.find((f) => f.path === out).text;
  const map = first.outputFiles.find((f) => f.path === `${out}.map`).text;
  const { code } = dropFunctionNames(js);
  // The second pass reads the first's source map from a file beside its input, so the map's
  // relative source paths are those of the final output.
  const staged = join(dirname(out), `.${target}-stage1-${process.pid}.js`);
  await mkdir(dirname(out), { recursive: true });
  await writeFile(staged, `${code.replace(/\/\/# sourceMappingURL=.*\s*$/, '')}\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(map).toString('base64')}\n`);
  try {
    await build({
      ...common, entryPoints: [staged], bundle: false, minify: true, treeShaking: true,
      format: t.first.format, outfile: out, sourcemap: true, sourcesContent: false,
      banner: t.banner && { js: t.banner }, footer: t.footer && { js: t.footer },
    });
  } finally {
    await rm(staged, { force: true });
  }
  // 3. terser compresses esbuild's minified output further (two passes; 3.6 KB gzip less than
  //    esbuild alone), carrying the source map through. Names it may not change are those kept
  //    as explicit __name strings above, so mangling is safe. reduce_funcs off: with it terser
  //    inlines a function called from one place as an IIFE, a closure made on every call (ops.js's
  //    scalarKind inside kindOfScalar, on every `x.mul(2)`: tiny_ops 7 % slower); without it the
  //    bundle is 0.3 KB gzip smaller too.
  const minified = await readFile(out, 'utf8');
  const t3 = await minify({ [out]: minified.replace(/\/\/# sourceMappingURL=.*\s*$/, '') }, {
    module: t.first.format === 'esm', ecma: 2020, compress: { passes: 2, reduce_funcs: false }, mangle: true,
    sourceMap: { content: await readFile(`${out}.map`, 'utf8'), url: `${out.split('/').pop()}.map` },
    format: { comments: false },
  });
  await writeFile(out, t3.code);
  await writeFile(`${out}.map`, t3.map);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv.slice(2));
}
