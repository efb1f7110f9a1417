// The playground page: editor, the Python/JavaScript switch, Run/Stop, examples menu, share
// links, Download, Upload (files for torch.load) and download links for the files a run
// saves (torch.save), and the Output / Graph / Memory panes fed by the worker of the language
// (runner.js; worker.js for JavaScript, pyworker.js for Python, started only when Python is
// first needed). The page never runs user code itself and never calls the core: everything
// goes through the workers' messages.
import { createEditor } from './editor.js';
import { torchCompletion } from './complete.js';
import { Runner } from './runner.js';
import { createGraphView } from './graph.js';
import { workerLayout } from './graph_layout_client.js';
import { createMemoryView } from './memory.js';
import { createOutput } from './output.js';
import { drawPlot, redrawPlots } from './plot.js';
import { encodeCode, decodeShare } from './share.js';
import { WELCOME } from './welcome.js';
import WELCOME_PY from './welcome.py';
import examples from 'virtual:examples';
import examplesPy from 'virtual:examples-py';
import './style.css';

const $ = (id) => document.getElementById(id);
const outputEl = $('output'), figuresEl = $('figures'), statusEl = $('status');
const runBtn = $('run'), stopBtn = $('stop'), restartBtn = $('restart'), langSelect = $('lang'), downloadBtn = $('download');

// ---- theme ----
const THEME_KEY = 'tensorpad-theme';
function applyTheme(t) {
  if (t === 'light' || t === 'dark') document.documentElement.dataset.theme = t;
  else delete document.documentElement.dataset.theme;
  redrawPlots(figuresEl);
}
try { applyTheme(localStorage.getItem(THEME_KEY)); } catch { /* storage may be blocked */ }
$('theme').addEventListener('click', () => {
  const dark = document.documentElement.dataset.theme ? document.documentElement.dataset.theme === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
  const next = dark ? 'light' : 'dark';
  try { localStorage.setItem(THEME_KEY, next); } catch { /* ignore */ }
  applyTheme(next);
});

// ---- tabs ----
const tabs = ['output', 'graph', 'memory'];
function selectTab(name, focus = false) {
  for (const t of tabs) {
    const on = t === name;
    $(`tab-${t}`).setAttribute('aria-selected', String(on));
    $(`tab-${t}`).tabIndex = on ? 0 : -1;
    $(`pane-${t}`).hidden = !on;
  }
  if (focus) $(`tab-${name}`).focus();
  if (name === 'graph') graphView.fit();
}
tabs.forEach((t, i) => {
  $(`tab-${t}`).addEventListener('click', () => selectTab(t));
  $(`tab-${t}`).addEventListener('keydown', (e) => {
    const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (d) { selectTab(tabs[(i + d + tabs.length) % tabs.length], true); e.preventDefault(); }
  });
});
const graphView = createGraphView($('pane-graph'), { layout: workerLayout(new URL('./graph_layout_worker.js', import.meta.url)) });
const memoryView = createMemoryView($('pane-memory'));

// ---- languages: a first-time visitor gets Python; the choice is remembered ----
const LANG_KEY = 'tensorpad-lang';
const LANGS = {
  python: { ext: '.py', label: 'Python code', menu: [{ file: 'welcome.py', title: 'welcome', code: WELCOME_PY }, ...examplesPy],
    hint: ['torch', 'print', 'show(t)', 'plot(ys)', 'plot.scatter(X, y, boundary=f)', 'progress(i, n)'] },
  javascript: { ext: '.mjs', label: 'JavaScript code', menu: [{ file: 'welcome.mjs', title: 'welcome', code: WELCOME }, ...examples],
    hint: ['torch', 'print', 'show(t)', 'plot(ys)', 'plot.scatter(X, y, {boundary})', 'progress(i, n)'] },
};
let lang = 'python';
try { if (localStorage.getItem(LANG_KEY) === 'javascript') lang = 'javascript'; } catch { /* storage may be blocked */ }

// ---- examples ----
const select = $('examples');
// Edits survive switching examples and languages back and forth (in memory, for this visit).
const edited = new Map();
let currentFile = null;
const stem = (file) => file.replace(/\.(py|mjs|js)$/, '');
function fillMenu() {
  select.replaceChildren(...LANGS[lang].menu.map((ex) => new Option(ex.title, ex.file)));
}
function loadExample(file) {
  const ex = LANGS[lang].menu.find((e) => e.file === file);
  if (!ex) return;
  if (currentFile) edited.set(currentFile, editor.value);
  editor.value = edited.get(file) ?? ex.code;
  currentFile = file;
  select.value = file;
  history.replaceState(null, '', location.pathname + location.search);
}
select.addEventListener('change', () => loadExample(select.value));

// ---- editor ----
const editor = createEditor($('editor'), '', { onRun: () => run(), label: LANGS[lang].label, language: lang, extensions: torchCompletion(new URL('./api.json', import.meta.url)) });

// ---- running ----
const output = createOutput(outputEl, { scroller: $('pane-output') });
const append = output.append;
// stdout/stderr: the run's text as kept by the output pane (all of it up to 100,000 lines).
const state = { get stdout() { return output.text('out'); }, get stderr() { return output.text('err'); }, done: null, runs: 0 };
let notice = '';
function setStatus(text, cls = '') { statusEl.textContent = text; statusEl.title = text; statusEl.className = `tp-status ${cls}`; }
const mb = (n) => `${(n / 1048576).toFixed(1)} MB`;

// One runner per language, made when the language is first needed; the boot script's early
// worker is adopted by the runner of its language.
const early = window.__tensorpadEarly;
const runners = {};
function runnerFor(l) {
  if (runners[l]) return runners[l];
  const python = l === 'python';
  const r = new Runner(new URL(python ? './pyworker.js' : './worker.js', import.meta.url), {
    ready: (info) => {
      if (l !== lang) return;
      if (restarting) { restarting = false; setStatus('runtime restarted · ready', 'tp-ok'); }
      else if (!r.running) setStatus(`${notice}ready · ${python ? 'Python 3.13 (Pyodide)' : 'JavaScript'} · ${info.shared ? 'shared memory' : 'plain memory'}${info.autograd ? '' : ' · autograd not in this build'}`, 'tp-ok');
    },
    loading: (m) => {
      if (l !== lang) return;
      setStatus(`${r.running ? 'runs when ready · ' : ''}loading Python: ${mb(m.received)} of ${mb(m.total)}`, 'tp-busy');
    },
    fatal: (message) => { if (l === lang) setStatus(`error: ${message}`, 'tp-err'); },
  }, { early: (early?.lang ?? 'javascript') === l ? early : null, python });
  runners[l] = r;
  return r;
}
let runner = null;

/** Switches the page to language l: editor mode, menu, the twin of the open example, runner. */
function setLanguage(l, { remember = true, keepCode = false } = {}) {
  if (!LANGS[l]) return;
  if (currentFile) edited.set(currentFile, editor.value);
  const twin = currentFile ? `${stem(currentFile)}${LANGS[l].ext}` : null;
  lang = l;
  if (remember) try { localStorage.setItem(LANG_KEY, l); } catch { /* ignore */ }
  langSelect.value = l;
  document.documentElement.dataset.lang = l;
  editor.setLanguage(l, LANGS[l].label);
  fillMenu();
  $('hint-helpers').replaceChildren(...LANGS[l].hint.flatMap((h, i) => [i ? ', ' : '', Object.assign(document.createElement('code'), { textContent: h })]));
  downloadBtn.textContent = `⤓ ${LANGS[l].ext}`;
  downloadBtn.title = l === 'python' ? 'Download this program as a .py file (it runs under PyTorch)' : 'Download this program as a .mjs file (it runs under Node)';
  runner = runnerFor(l);
  if (!keepCode) {
    currentFile = null;
    loadExample(LANGS[l].menu.some((e) => e.file === twin) ? twin : LANGS[l].menu[0].file);
  }
  if (!runner.running) {
    if (runner.info) runner.on.ready(runner.info);
    else setStatus(l === 'python' ? 'loading Python…' : 'loading…', 'tp-busy');
  }
  runner.start().catch(() => {});
}
langSelect.addEventListener('change', () => { notice = ''; setLanguage(langSelect.value); });

let restarting = false;
async function run() {
  if (runner.running) runner.stop({ graceMs: 0 });
  restartBtn.classList.remove('tp-attn');
  const code = editor.value;
  output.clear();
  figuresEl.replaceChildren();
  $('progress').hidden = true;
  state.done = null;
  runBtn.disabled = false;
  stopBtn.disabled = false;
  setStatus('running…', 'tp-busy');
  let graphDrawn = Promise.resolve();
  if (!runner.info && lang === 'python') setStatus('runs when ready · loading Python…', 'tp-busy');
  editor.markError(null);
  const msg = await runner.run(code, {
    out: (m) => append(m.text, m.stream === 'out' ? 'out' : 'err'),
    plot: (m) => drawPlot(figuresEl, m.plot),
    progress: (m) => {
      const p = $('progress');
      p.hidden = false;
      p.firstChild.max = m.total || 1;
      p.firstChild.value = m.value;
      p.lastChild.textContent = `${m.value}/${m.total}${m.text ? ` · ${m.text}` : ''}`;
    },
    file: (m) => showFile(m.name, m.bytes),
    views: (m) => {
      graphDrawn = graphView.render(m.graph);
      memoryView.render(m.memory);
      $('tab-graph').textContent = m.graph?.nodes?.length ? `Graph (${m.graph.nodes.length})` : 'Graph';
      $('tab-memory').textContent = m.memory?.storages?.length ? `Memory (${m.memory.storages.length})` : 'Memory';
    },
  }, { files: [...uploaded] });
  stopBtn.disabled = true;
  if (msg.ok) {
    setStatus(`done in ${msg.ms < 10 ? msg.ms.toFixed(1) : Math.round(msg.ms)} ms`, 'tp-ok');
  } else if (msg.stopped) {
    append('\n■ stopped\n', 'err');
    setStatus('stopped', 'tp-err');
  } else {
    const e = msg.error;
    if (e.traceback !== undefined) append(e.traceback.endsWith('\n') ? e.traceback : `${e.traceback}\n`, 'err exc');  // Python prints its own
    else append(`${e.name}: ${e.message}${e.line ? `\n    at line ${e.line}${e.col ? `, column ${e.col}` : ''}` : ''}\n`, 'err exc');
    setStatus(`${e.name}${e.line ? ` at line ${e.line}` : ''}`, 'tp-err');
    if (e.line) { editor.gotoLine(e.line, e.col ?? 1); editor.markError(e.line); }
    if (runner.worn) {
      append('The runtime may be worn out by this error: the next Run starts a fresh one (or press ↻ Restart now).\n', 'err');
      setStatus(`${e.name} · the next Run restarts the runtime`, 'tp-err');
      restartBtn.classList.add('tp-attn');
    }
  }
  output.flush();
  revealOutput();
  await graphDrawn;   // laid out in a worker: the page stayed responsive meanwhile
  state.done = msg;
  state.runs++;
  document.dispatchEvent(new CustomEvent('tensorpad:done', { detail: msg }));
}
// On a phone the results are below the editor: after Run, bring them into view (unless the
// visitor scrolled away while it ran).
function revealOutput() {
  const side = document.querySelector('.tp-side');
  if (!matchMedia('(max-width: 860px)').matches || side.getBoundingClientRect().top < innerHeight * 0.5) return;
  side.scrollIntoView({ block: 'start', behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
}
runBtn.addEventListener('click', () => run());
stopBtn.addEventListener('click', () => runner.stop());

// ---- download: the program as a file that runs unchanged under PyTorch (or Node) ----
function downloadName() {
  return currentFile && !currentFile.startsWith('welcome.') ? currentFile : `main${LANGS[lang].ext}`;
}
downloadBtn.addEventListener('click', () => {
  const blob = new Blob([editor.value], { type: lang === 'python' ? 'text/x-python' : 'text/javascript' });
  const a = Object.assign(document.createElement('a'), { href: URL.createObjectURL(blob), download: downloadName() });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
});
// ---- files: uploads go to every run (torch.load('name') in either language); what a run
// saves (torch.save(obj, 'name')) becomes a download link above the output ----
const uploaded = new Map();   // name -> Uint8Array
const uploadInput = $('upload-input');
$('upload').addEventListener('click', () => uploadInput.click());
uploadInput.addEventListener('change', async () => {
  const chosen = [...uploadInput.files];
  for (const f of chosen) uploaded.set(f.name, new Uint8Array(await f.arrayBuffer()));
  uploadInput.value = '';
  if (chosen.length) setStatus(`uploaded ${chosen.map((f) => f.name).join(', ')}: torch.load('${chosen[0].name}') reads it`, 'tp-ok');
});
function showFile(name, bytes) {
  const old = [...figuresEl.querySelectorAll('a.tp-file')].find((a) => a.download === name);
  const a = old ?? Object.assign(document.createElement('a'), { className: 'tp-file', download: name });
  if (old) URL.revokeObjectURL(old.href);
  a.href = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
  a.textContent = `⤓ ${name} (${bytes.length.toLocaleString('en')} bytes)`;
  a.title = `Download ${name}, written by this run (torch.load reads it in PyTorch and in tensorpad)`;
  if (!old) figuresEl.append(a);
}

restartBtn.addEventListener('click', () => {
  restarting = !runner.running;
  restartBtn.classList.remove('tp-attn');
  setStatus('restarting the runtime…', 'tp-busy');
  runner.restart().catch(() => {});
});

// ---- share ----
$('share').addEventListener('click', async () => {
  const hash = await encodeCode(editor.value, lang);
  history.replaceState(null, '', hash);
  const url = location.href;
  try {
    await navigator.clipboard.writeText(url);
    setStatus('link copied to the clipboard', 'tp-ok');
  } catch {
    setStatus('share link is in the address bar', 'tp-ok');
  }
});

// ---- start: the worker of the language at once; a shared link's code in its language (never
// run automatically), or the first example of the visitor's language ----
const shared = await decodeShare(location.hash);
if (shared !== null) {
  notice = 'shared code: press Run to run it · ';
  setLanguage(shared.lang, { remember: false, keepCode: true });
  editor.value = shared.code;
  select.value = '';
  setStatus(runner.info ? `${notice}ready` : `${notice}loading…`, 'tp-ok');
} else {
  setLanguage(lang, { remember: false });
}
window.addEventListener('resize', () => redrawPlots(figuresEl));
matchMedia('(prefers-color-scheme: dark)').addEventListener?.('change', () => redrawPlots(figuresEl));

// For tests and the curious: the page's parts.
window.tensorpad = { get runner() { return runner; }, runners, uploaded, get lang() { return lang; }, setLanguage, downloadName, editor, state, output, run, graphView, memoryView, showGraph: (g) => { selectTab('graph'); return graphView.render(g); }, showMemory: (m) => { memoryView.render(m); selectTab('memory'); }, selectTab };
