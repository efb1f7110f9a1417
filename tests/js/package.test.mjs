// The npm package as a user installs it (`npm pack`, unpacked into node_modules): what it
// ships, require() in Node, and TypeScript under `module: nodenext` in both package modes
// (compiled by the pinned tsc, then run).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import torch from '../../js/tensorpad.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dir = join(root, 'build/package-test');
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const code = 'const t = torch.tensor([[1, 2], [3, 4]], { dtype: torch.float32 }).matmul(torch.ones(2, 1));';
const expected = String(torch.tensor([[1, 2], [3, 4]], { dtype: torch.float32 }).matmul(torch.ones(2, 1)));
let files;

before(() => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'node_modules/tensorpad'), { recursive: true });
  const [info] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: root, encoding: 'utf8' }));
  files = info.files.map((f) => f.path);
  execFileSync('tar', ['-xzf', join(dir, info.filename), '-C', join(dir, 'node_modules/tensorpad'), '--strip-components=1']);
});

test('the tarball ships the library, its wasm, types, maps, README and LICENSE, and no tests', () => {
  for (const f of ['LICENSE', 'README.md', 'package.json', 'js/tensorpad.js', 'js/tensorpad.d.ts', 'js/tensorpad.d.cts',
    'dist/tensorpad.wasm', 'dist/tensorpad-plain.wasm', 'dist/tensorpad.min.js', 'dist/tensorpad.min.js.map',
    'dist/tensorpad.cjs', 'dist/tensorpad.global.js']) assert.ok(files.includes(f), f);
  assert.deepEqual(files.filter((f) => /^(tests|src|web|bench|docs)\//.test(f)), []);
});

/** Writes a project (package.json of the given type + files) in dir/name and returns its path. */
function project(name, type, sources) {
  const p = join(dir, name);
  mkdirSync(p, { recursive: true });
  writeFileSync(join(p, 'package.json'), JSON.stringify({ type }));
  for (const [f, text] of Object.entries(sources)) writeFileSync(join(p, f), text);
  return p;
}
const run = (file) => execFileSync(process.execPath, [file], { encoding: 'utf8' }).trim();

test("require('tensorpad') gives torch, loaded synchronously", () => {
  const p = project('cjs', 'commonjs', { 'index.js': `const torch = require('tensorpad');\n${code}\nconsole.log(String(t), torch.ones(1) instanceof torch.Tensor);` });
  assert.equal(run(join(p, 'index.js')), `${expected} true`);
});

for (const [type, importLine] of [['module', "import torch, { Tensor } from 'tensorpad';"], ['commonjs', "import torch = require('tensorpad');\ntype Tensor = torch.Tensor;"]]) {
  test(`TypeScript, module nodenext, package type ${type}: compiles under --strict and runs`, () => {
    const p = project(`ts-${type}`, type, {
      'index.ts': `${importLine}\n${code}\nconst u: Tensor = t;\nconst v: number = u.numel();\nconsole.log(String(u), v);\n`,
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', outDir: 'out' }, files: ['index.ts'] }),
    });
    try {
      execFileSync(process.execPath, [tsc, '-p', p], { encoding: 'utf8' });
    } catch (e) {
      assert.fail(e.stdout + e.stderr);
    }
    assert.equal(run(join(p, 'out/index.js')), `${expected} 2`);
  });
}
