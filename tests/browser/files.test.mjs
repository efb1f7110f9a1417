// torch.save / torch.load in the playground (Chromium): what a run saves becomes a download
// link whose file is PyTorch's format (read back here by tensorpad's loader in Node, and
// byte-equal to what Node's torch.save writes for the same object); an uploaded file saved
// by PyTorch 1.13 (tests/fixtures/gen_pickles.py) loads with torch.load('name') in both
// languages and prints what PyTorch printed for it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import torch from '../../js/tensorpad.js';
import { newPage, openPlayground, runInPage, root, useBrowser } from './helpers.mjs';

const env = useBrowser();
const PT_FILE = join(root, 'tests/python/programs/saved/pytorch_state_dict.pt');

/** Clicks the run's download link for `name`; resolves the downloaded bytes. */
async function download(page, name) {
  const link = page.locator('#figures a.tp-file', { hasText: name });
  await link.waitFor({ timeout: 10000 });
  const [d] = await Promise.all([page.waitForEvent('download'), link.click()]);
  assert.equal(d.suggestedFilename(), name);
  return readFileSync(await d.path());
}

for (const lang of ['javascript', 'python']) {
  test(`${lang}: torch.save(obj, 'name') offers the file; it is PyTorch's format with the run's values`, async () => {
    const page = await newPage(env.browser, { lang });
    await openPlayground(page, env.server.url);
    await page.evaluate((l) => window.tensorpad.setLanguage(l, { remember: false, keepCode: true }), lang);
    await page.waitForFunction(() => window.tensorpad.runner.info, null, { timeout: 120000 });
    const code = lang === 'python'
      ? "import torch\ntorch.manual_seed(0)\nm = torch.nn.Linear(3, 2)\ntorch.save(m.state_dict(), 'model.pt')\nprint('saved')\n"
      : "torch.manual_seed(0);\nconst m = new torch.nn.Linear(3, 2);\ntorch.save(m.state_dict(), 'model.pt');\nprint('saved');\n";
    const { stdout, done } = await runInPage(page, code, { timeout: 180000 });
    assert.equal(done.ok, true, JSON.stringify(done.error));
    assert.equal(stdout, 'saved\n');
    const bytes = await download(page, 'model.pt');
    torch.manual_seed(0);
    const want = new torch.nn.Linear(3, 2).state_dict();
    const got = torch.load(bytes);
    assert.deepEqual(Object.keys(got), ['weight', 'bias']);
    for (const k of ['weight', 'bias']) assert.ok(torch.equal(got[k], want[k]), k);
    if (lang === 'javascript') assert.ok(Buffer.from(torch.save(want)).equals(bytes), 'the same bytes as Node writes');
    // a second run saves again: one link for the name
    await runInPage(page, null);
    assert.equal(await page.locator('#figures a.tp-file').count(), 1);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${lang}: an uploaded file saved by PyTorch loads with torch.load('name')`, async () => {
    const page = await newPage(env.browser, { lang });
    await openPlayground(page, env.server.url);
    await page.evaluate((l) => window.tensorpad.setLanguage(l, { remember: false, keepCode: true }), lang);
    await page.waitForFunction(() => window.tensorpad.runner.info, null, { timeout: 120000 });
    await page.setInputFiles('#upload-input', PT_FILE);
    await page.waitForFunction(() => window.tensorpad.uploaded.has('pytorch_state_dict.pt'));
    const code = lang === 'python'
      ? "import torch\nsd = torch.load('pytorch_state_dict.pt')\nprint(list(sd), sd['2.bias'])\n"
      : "const sd = torch.load('pytorch_state_dict.pt');\nprint(Object.keys(sd).join(','), sd['2.bias']);\n";
    const { stdout, done } = await runInPage(page, code, { timeout: 180000 });
    assert.equal(done.ok, true, JSON.stringify(done.error));
    // PyTorch's own print of this file (serialization_from_pytorch.py's recorded output)
    const expected = readFileSync(join(root, 'tests/python/expected/serialization_from_pytorch.out'), 'utf8');
    const bias = /'2\.bias': [^\n]*\n\s+tensor\(\[([^\]]*)\]\)/.exec(expected.slice(expected.indexOf('== state_dict')))[1];
    const sd = torch.load(readFileSync(PT_FILE));
    assert.deepEqual(sd['2.bias'].tolist().map((v) => Number(v.toPrecision(8))), bias.split(',').map(Number));
    assert.equal(stdout, lang === 'python'
      ? `['0.weight', '0.bias', '2.weight', '2.bias'] ${String(sd['2.bias'])}\n`
      : `0.weight,0.bias,2.weight,2.bias ${String(sd['2.bias'])}\n`);
    const missing = await runInPage(page, lang === 'python' ? "import torch\ntorch.load('nope.pt')\n" : "torch.load('nope.pt');\n");
    assert.equal(missing.done.ok, false);
    assert.match(missing.text, lang === 'python' ? /FileNotFoundError: \[Errno 44\] No such file or directory: 'nope.pt'/ : /No such file: 'nope.pt'/);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}
