// Live code blocks for tutorial pages. A page adds one script tag
//   <script defer src="embed.js"></script>      (the built file, next to assets/)
// and marks code blocks as <pre class="tensorpad">...</pre> (JavaScript) or
// <pre class="tensorpad" data-lang="python">...</pre>. Each becomes an editable block with
// Run and output. JavaScript blocks share one worker (one wasm module), started when a block
// is first run or hovered; each JS block runs on its own. Python blocks share one CPython
// (web/embed/python.js), loaded on the first Run of a Python block, and one namespace in page
// order, like notebook cells. A page with blocks in both languages gets a Python/JavaScript
// switch (remembered); any element with data-lang="python" or "js" shows with its language.
// Options per block:
//   data-graph="off"   no graph panel (JS)     data-autorun   run when the page loads
import { createEditor } from './src/editor.js';
import { Runner } from './src/runner.js';
import { createGraphView } from './src/graph.js';
import { layoutGraph } from './src/graph_layout.js';
import { drawPlot } from './src/plot.js';
import { createOutput } from './src/output.js';
import { h } from './src/dom.js';
import { PythonCells } from './embed/python.js';
import './src/style.css';
import './embed/embed.css';

const script = document.currentScript;
const base = new URL('.', script?.src ?? location.href);
const LANG_KEY = 'tensorpad-embed-lang';
let runner = null;
let queue = Promise.resolve();
const python = new PythonCells(new URL('assets/embed-python.js', base));

function getRunner() {
  runner ??= new Runner(new URL('assets/worker.js', base));
  runner.start().catch(() => {});
  return runner;
}

const langOf = (el) => (/^py(thon)?$/i.test(el.dataset.lang ?? '') ? 'python' : 'js');

/** The block's frame: editor, a bar of buttons, figures, output, graph. */
function frame(pre, index, lang, buttons) {
  const original = pre.textContent.replace(/^\n/, '').replace(/\s+$/, '') + '\n';
  const box = h('div', { class: 'tp-embed', 'data-block': String(index), 'data-id': pre.dataset.id ?? '', 'data-lang': lang });
  const edHost = h('div', { class: 'tp-embed-editor' });
  const status = h('span', { class: 'tp-status', role: 'status', 'aria-live': 'polite' });
  const runBtn = h('button', { type: 'button', class: 'tp-btn tp-primary tp-btn-small', text: '▶ Run', title: 'Run (Ctrl+Enter)' });
  const tag = h('span', { class: 'tp-embed-lang', text: lang === 'python' ? 'Python' : 'JavaScript' });
  const bar = h('div', { class: 'tp-embed-bar' }, runBtn, ...buttons, tag, status);
  const figs = h('div', { class: 'tp-embed-figs' });
  const out = h('pre', { class: 'tp-embed-out', tabindex: '0', 'aria-label': 'output' });
  const graphHost = h('div', { class: 'tp-embed-graph', hidden: '' });
  box.append(edHost, bar, figs, out, graphHost);
  pre.replaceWith(box);
  const output = createOutput(out, { maxLines: 500 });
  const ui = { box, original, status, runBtn, figs, output, graphHost, editor: null };
  ui.editor = createEditor(edHost, original, { onRun: () => ui.run(), label: `${tag.textContent} code block ${index + 1}`, language: lang });
  ui.setStatus = (text, kind = '') => { status.textContent = text; status.className = `tp-status${kind ? ` tp-${kind}` : ''}`; };
  ui.finish = (detail) => {
    output.flush();
    box.dispatchEvent(new CustomEvent('tensorpad:done', { detail, bubbles: true }));
  };
  return ui;
}

function restoreButton(ui, title) {
  const b = h('button', { type: 'button', class: 'tp-btn tp-btn-small', text: 'Reset', title });
  b.addEventListener('click', () => { ui.editor.value = ui.original; });
  return b;
}

function upgradeJs(pre, index) {
  const buttons = [];
  const ui = frame(pre, index, 'js', buttons);
  const wantGraph = pre.dataset.graph !== 'off';
  ui.box.querySelector('.tp-embed-bar').insertBefore(restoreButton(ui, 'Restore the original code'), ui.runBtn.nextSibling);
  let graph = null;
  ui.run = async function run() {
    const r = getRunner();
    const code = ui.editor.value;
    ui.runBtn.disabled = true;
    ui.setStatus('waiting…');
    const job = queue.then(async () => {
      ui.output.clear();
      ui.figs.replaceChildren();
      ui.setStatus('running…');
      const add = ui.output.append;
      const msg = await r.run(code, {
        out: (m) => add(m.text, m.stream === 'out' ? 'out' : 'err'),
        plot: (m) => drawPlot(ui.figs, m.plot),
        views: (m) => {
          // Only graphs with at least one operation are worth the space.
          const has = wantGraph && m.graph?.nodes?.some((n) => n.kind === 'function');
          ui.graphHost.hidden = !has;
          if (has) {
            graph ??= createGraphView(ui.graphHost, { compact: true, layout: layoutGraph });   // small graphs: laid out in place
            graph.render(m.graph);
          }
        },
      });
      if (msg.ok) ui.setStatus(`done in ${Math.round(msg.ms)} ms`, 'ok');
      else {
        const e = msg.error;
        add(`${e.name}: ${e.message}${e.line ? `\n    at line ${e.line}` : ''}\n`, 'err');
        ui.setStatus(e.name, 'err');
        if (e.line) ui.editor.gotoLine(e.line, e.col ?? 1);
      }
      ui.finish(msg);
    });
    queue = job.catch(() => {});
    try { await job; } finally { ui.runBtn.disabled = false; }
  };
  ui.runBtn.addEventListener('click', ui.run);
  ui.box.addEventListener('pointerenter', () => getRunner(), { once: true });
  ui.box.addEventListener('focusin', () => getRunner(), { once: true });
  return ui;
}

/** The line of this block a Python traceback points at last (its innermost frame in the block). */
export function tracebackLine(traceback, filename) {
  let line = null;
  for (const m of traceback.matchAll(/File "([^"]+)", line (\d+)/g)) if (m[1] === filename) line = Number(m[2]);
  return line;
}

function upgradePython(pre, index) {
  const startOver = h('button', { type: 'button', class: 'tp-btn tp-btn-small', text: 'Start over', title: 'A fresh Python session for the whole page: every block’s variables and output are cleared' });
  const ui = frame(pre, index, 'python', [startOver]);
  ui.box.querySelector('.tp-embed-bar').insertBefore(restoreButton(ui, 'Restore this block’s original code'), startOver);
  const cell = python.add(pre.dataset.id || `block${index + 1}`, () => ui.editor.value, {
    clear: () => { ui.output.clear(); ui.figs.replaceChildren(); ui.box.classList.remove('tp-ran'); },
    status: (text) => ui.setStatus(text),
    out: (text) => ui.output.append(text, 'out'),
    err: (text) => ui.output.append(text, 'err'),
    done: (m) => {
      if (m.ok) {
        ui.setStatus(`done in ${Math.round(m.ms)} ms`, 'ok');
        ui.box.classList.add('tp-ran');
      } else {
        ui.output.append(m.error.traceback, 'err');
        ui.setStatus(m.error.type, 'err');
        const line = tracebackLine(m.error.traceback, `block${cell.index + 1}.py`);
        if (line) ui.editor.gotoLine(line);
      }
      ui.finish(m);
    },
    blocked: (i) => {
      ui.output.append(`Python block ${i + 1} above failed, and this block runs after it (blocks share their variables in page order).\nFix that block, or press Start over, then run this one again.\n`, 'err');
      ui.setStatus(`needs Python block ${i + 1}`, 'err');
      ui.finish({ ok: false, blockedBy: i });
    },
  });
  ui.run = async () => {
    ui.runBtn.disabled = true;
    try { await python.run(cell); } finally { ui.runBtn.disabled = false; }
  };
  ui.runBtn.addEventListener('click', ui.run);
  startOver.addEventListener('click', () => python.startOver());
  return ui;
}

/** The Python / JavaScript switch of a page with blocks in both languages. */
function languageSwitch(langs) {
  let saved = null;
  try { saved = localStorage.getItem(LANG_KEY); } catch { /* storage refused: Python */ }
  const buttons = langs.map((lang) => h('button', { type: 'button', class: 'tp-btn tp-btn-small', 'data-lang-choice': lang, text: lang === 'python' ? 'Python' : 'JavaScript' }));
  const bar = h('div', { class: 'tp-langbar', role: 'group', 'aria-label': 'language of the code blocks' }, h('span', { text: 'Code in' }), ...buttons);
  const show = (lang) => {
    for (const el of document.querySelectorAll('[data-lang]')) {
      if (el.closest('.tp-langbar')) continue;
      el.hidden = langOf(el) !== lang;
    }
    for (const b of buttons) b.setAttribute('aria-pressed', String(b.dataset.langChoice === lang));
    document.documentElement.dataset.tpLang = lang;
  };
  for (const b of buttons) {
    b.addEventListener('click', () => {
      show(b.dataset.langChoice);
      try { localStorage.setItem(LANG_KEY, b.dataset.langChoice); } catch { /* not remembered */ }
    });
  }
  const first = document.querySelector('.tp-embed');
  const title = (first?.closest('main') ?? document.body).querySelector('h1');
  if (title) title.after(bar);
  else first.before(bar);
  show(langs.includes(saved) ? saved : 'python');
  return { bar, show };
}

function init() {
  const pres = [...document.querySelectorAll('pre.tensorpad')];
  const blocks = pres.map((pre, i) => (langOf(pre) === 'python' ? upgradePython(pre, i) : upgradeJs(pre, i)));
  const langs = ['python', 'js'].filter((l) => blocks.some((b) => b.box.dataset.lang === l));
  const lang = langs.length > 1 ? languageSwitch(langs) : null;
  window.tensorpadEmbed = { blocks, python, language: lang, get runner() { return getRunner(); } };
  // data-autorun: only the visible language's blocks, in page order.
  for (const [i, b] of blocks.entries()) if (pres[i].hasAttribute('data-autorun') && !b.box.hidden) b.run();
}

// The stylesheet sits next to this script (embed.css).
if (!document.querySelector('link[data-tensorpad]')) {
  document.head.append(h('link', { rel: 'stylesheet', href: new URL('embed.css', base).href, 'data-tensorpad': '' }));
}
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
else init();
