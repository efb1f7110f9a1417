// The page in real headless Chromium: it loads the wasm module (cross-origin isolated, so
// the shared-memory build) and prints PyTorch's text, with no console errors. Playwright
// gives every launch a fresh temporary profile.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { serve } from '../../web/serve.mjs';

test('the page loads the module and prints a tensor', async () => {
  const server = await serve(0);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`http://127.0.0.1:${server.address().port}/web/`);
    await page.waitForFunction(() => !document.getElementById('out').textContent.startsWith('loading'));
    const text = await page.textContent('#out');
    assert.equal(text, 'tensor([[0.4963, 0.7682, 0.0885],\n        [0.1320, 0.3074, 0.6341]])\nshared memory: true');
    mkdirSync('test-artifacts', { recursive: true });
    await page.screenshot({ path: 'test-artifacts/smoke.png' });
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    server.close();
  }
});
