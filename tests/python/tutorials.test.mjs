// Every live block of the tutorial pages, run as a reader runs them: the Python blocks of a
// page in page order on one interpreter (one __main__, like the page's one Python session,
// block N compiled as blockN.py), each printing what PyTorch 1.13 printed for it
// (tests/fixtures/tutorials/python_blocks.json, from gen_tutorials.py); the JavaScript blocks each under
// `node`, printing what tests/browser/fixtures/tutorial-outputs.json says PyTorch printed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPython } from '../../js/python.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = JSON.parse(readFileSync(join(root, 'tests/fixtures/tutorials/python_blocks.json'), 'utf8'));
const jsExpected = JSON.parse(readFileSync(join(root, 'tests/browser/fixtures/tutorial-outputs.json'), 'utf8'));
const pages = [...readdirSync(join(root, 'docs/tutorials')).filter((f) => f.endsWith('.html')).sort().map((f) => `docs/tutorials/${f}`),
  'tests/browser/fixtures/embed-python.html'];

const unescape = (s) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
/** [{id, lang, code}] in page order, the code as web/embed.js takes it from the <pre>. */
function blocks(page) {
  const html = readFileSync(join(root, page), 'utf8');
  return [...html.matchAll(/<pre class="tensorpad"([^>]*)>([\s\S]*?)<\/pre>/g)].map(([, attrs, body]) => ({
    id: /data-id="([^"]*)"/.exec(attrs)?.[1] ?? '',
    lang: /^py(thon)?$/i.test(/data-lang="([^"]*)"/.exec(attrs)?.[1] ?? '') ? 'python' : 'js',
    code: unescape(body).replace(/^\n/, '').replace(/\s+$/, '') + '\n',
  }));
}
// CPython 3.11 (the fixtures) and 3.13 (Pyodide) differ only in where they draw ^~~ markers.
const withoutCarets = (tb) => tb?.split('\n').filter((l) => !/^\s*[\^~]+\s*$/.test(l)).join('\n') ?? null;
// A warning compares by its category and text: PyTorch attributes it to its own source line
// (torch/nn/modules/loss.py:536 and that line), tensorpad to the user's line that called.
const warnings = (stderr) => stderr.split('\n').filter((l) => !/^\s/.test(l)).map((l) => l.replace(/^.*?:\d+: (\w*Warning: )/, '$1')).join('\n');

let out = '', err = '';
const py = await loadPython({ stdout: (s) => { out += s; }, stderr: (s) => { err += s; } });

test('the fixture covers every Python block of every page, in page order', () => {
  for (const page of pages) {
    const ids = blocks(page).filter((b) => b.lang === 'python').map((b) => b.id);
    assert.deepEqual(fixture[page]?.map((r) => r.id), ids, `${page}: run make fixtures`);
  }
  assert.ok(Object.values(fixture).flat().length >= 19);
});

for (const page of pages) {
  test(`${page}: the Python blocks, one session in page order, print what PyTorch printed`, async () => {
    py.reset();
    const got = [];
    for (const [i, b] of blocks(page).filter((x) => x.lang === 'python').entries()) {
      out = '';
      err = '';
      let traceback = null;
      try {
        await py.run(b.code, { filename: `block${i + 1}.py` });
      } catch (e) {
        if (!e.pythonType) throw e;
        traceback = e.traceback;
      }
      got.push({ id: b.id, stdout: out, stderr: warnings(err), traceback: withoutCarets(traceback) });
    }
    const want = (fixture[page] ?? []).map((r) => ({ id: r.id, stdout: r.stdout, stderr: warnings(r.stderr), traceback: withoutCarets(r.traceback) }));
    for (const [i, w] of want.entries()) assert.deepEqual(got[i], w, `${page} block ${w.id}`);
    assert.equal(got.length, want.length);
  });
}

test('every JavaScript block of the tutorials prints under node what PyTorch printed', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tp-tutorial-js-'));
  let n = 0;
  try {
    for (const page of pages) {
      for (const b of blocks(page).filter((x) => x.lang === 'js')) {
        if (!(b.id in jsExpected)) continue;  // the embed test page has no JS blocks
        const file = join(dir, `${b.id}.mjs`);
        writeFileSync(file, `import torch from ${JSON.stringify(join(root, 'js/tensorpad.js'))};\n${b.code}`);
        const stdout = execFileSync(process.execPath, [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
        assert.equal(stdout, jsExpected[b.id], `${page} ${b.id}`);
        n++;
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.ok(n >= 20, `${n} JS blocks`);
});

test('each tutorial page with Python blocks has a JavaScript twin for every idea', () => {
  for (const page of ['docs/tutorials/tensors.html', 'docs/tutorials/autograd.html', 'docs/tutorials/training.html']) {
    const bs = blocks(page);
    const pyN = bs.filter((b) => b.lang === 'python').length;
    assert.ok(pyN >= 6, `${page}: ${pyN} Python blocks`);
    assert.equal(bs.filter((b) => b.lang === 'js').length, pyN, page);
    // Python first: each idea's Python block comes right before its JS block.
    bs.forEach((b, i) => assert.equal(b.lang, i % 2 === 0 ? 'python' : 'js', `${page} block ${i + 1}`));
  }
});
