// The npm package in a new user's project: `npm pack`, unpacked as `npm install` would, then a
// tiny app (tests/bundlers/app) built with Vite, esbuild, webpack 5 and Rollup (pinned in
// tests/bundlers/package.json, installed by the Makefile) with no tensorpad-specific
// configuration, and Vite's dev server; each runs in Chromium and must compute what
// js/tensorpad.js computes in Node. Also the classic-script build (<script src>, importScripts).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { launch, newPage, root, serveFolder as serve } from './helpers.mjs';
import torch from '../../js/tensorpad.js';
import { compute } from '../bundlers/app/compute.js';

const dir = join(root, 'build/bundlers');
const expected = compute(torch);
let browser, builders;
const timings = {};

before(async () => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'node_modules/tensorpad'), { recursive: true });
  const [{ filename }] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: root, encoding: 'utf8' }));
  execFileSync('tar', ['-xzf', join(dir, filename), '-C', join(dir, 'node_modules/tensorpad'), '--strip-components=1']);
  cpSync(join(root, 'tests/bundlers/app'), join(dir, 'app'), { recursive: true });
  builders = await import('../bundlers/build.mjs');
  browser = await launch();
});
after(async () => {
  await browser?.close();
  console.log(`bundler build times (s): ${JSON.stringify(timings)}`);
});

/** Opens url and returns window.result once set (and the page's errors). */
async function run(url, { expr = 'window.result' } = {}) {
  const page = await newPage(browser);
  try {
    await page.goto(url);
    const handle = await page.waitForFunction(expr, null, { timeout: 30000 });
    return { result: await handle.jsonValue(), errors: page.errors };
  } finally {
    await page.close();
  }
}

for (const name of ['vite', 'esbuild', 'webpack', 'rollup']) {
  test(`${name}: the app builds with no configuration and computes in Chromium`, async () => {
    const t0 = performance.now();
    const out = await builders[name](dir);
    timings[name] = +((performance.now() - t0) / 1000).toFixed(1);
    const server = await serve(out);
    try {
      const { result, errors } = await run(server.url);
      assert.equal(result, expected);
      // esbuild's page first asks for the wasm where the package keeps it (a 404), then finds the copy
      assert.deepEqual(errors.filter((e) => !(name === 'esbuild' && /404/.test(e))), []);
    } finally {
      await server.close();
    }
  });
}

test('vite dev server: the app runs with no configuration', async () => {
  const t0 = performance.now();
  const server = await builders.viteDev(dir);
  try {
    const { result, errors } = await run(server.url);
    timings['vite dev'] = +((performance.now() - t0) / 1000).toFixed(1);
    assert.equal(result, expected);
    assert.deepEqual(errors, []);
  } finally {
    await server.close();
  }
});
