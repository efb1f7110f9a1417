// The playground page: editor, Run/Stop, examples menu, share links, and the Output /
// Graph / Memory panes fed by the worker (see runner.js and worker.js). The page never runs
// user code itself and never calls the core: everything goes through the worker's messages.
import { createEditor } from './editor.js';
import { torchCompletion } from './complete.js';
import { Runner } from './runner.js';
import { createGraphView } from './graph.js';
import { workerLayout } from './graph_layout_client.js';
import { createMemoryView } from './memory.js';
import { createOutput } from './output.js';
import { drawPlot, redrawPlots } from './plot.js';
import { encodeCode, decodeHash } from './share.js';
import { WELCOME } from './welcome.js';
import examples from 'virtual:examples';
import './style.css';

const $ = (id) => document.getElementById(id);
const outputEl = $('output'), figuresEl = $('figures'), statusEl = $('status');
const runBtn = $('run'), stopBtn = $('stop'), restartBtn = $('restart');

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

// ---- examples ----
const select = $('examples');
const all = [{ file: 'welcome.mjs', title: 'welcome', code: WELCOME }, ...examples];
for (const ex of all) select.append(new Option(ex.title, ex.file));
// Edits survive switching examples back and forth (in memory, for this visit).
const edited = new Map();
let currentFile = null;
function loadExample(file) {
  const ex = all.find((e) => e.file === file);
  if (!ex) return;
  if (currentFile) edited.set(currentFile, editor.value);
  editor.value = edited.get(file) ?? ex.code;
  currentFile = file;
  select.value = file;
  history.replaceState(null, '', location.pathname + location.search);
}
select.addEventListener('change', () => loadExample(select.value));

// ---- editor ----
const editor = createEditor($('editor'), '', { onRun: () => run(), label: 'JavaScript code', extensions: torchCompletion(new URL('./api.json', import.meta.url)) });

// ---- running ----
const output = createOutput(outputEl, { scroller: $('pane-output') });
const append = output.append;
// stdout/stderr: the run's text as kept by the output pane (all of it up to 100,000 lines).
const state = { get stdout() { return output.text('out'); }, get stderr() { return output.text('err'); }, done: null, runs: 0 };
let notice = '';
function setStatus(text, cls = '') { statusEl.textContent = text; statusEl.className = `tp-status ${cls}`; }

const runner = new Runner(new URL('./worker.js', import.meta.url), {
  ready: (info) => {
    if (restarting) { restarting = false; setStatus('runtime restarted · ready', 'tp-ok'); }
    else if (!runner.running && state.runs === 0) setStatus(`${notice}ready · ${info.shared ? 'shared memory' : 'plain memory'}${info.autograd ? '' : ' · autograd not in this build'}`, 'tp-ok');
  },
  fatal: (message) => setStatus(`error: ${message}`, 'tp-err'),
}, { early: window.__tensorpadEarly });

let restarting = false;
async function run() {
  if (runner.running) runner.stop();
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
    views: (m) => {
      graphDrawn = graphView.render(m.graph);
      memoryView.render(m.memory);
      $('tab-graph').textContent = m.graph?.nodes?.length ? `Graph (${m.graph.nodes.length})` : 'Graph';
      $('tab-memory').textContent = m.memory?.storages?.length ? `Memory (${m.memory.storages.length})` : 'Memory';
    },
  });
  stopBtn.disabled = true;
  if (msg.ok) {
    setStatus(`done in ${msg.ms < 10 ? msg.ms.toFixed(1) : Math.round(msg.ms)} ms`, 'tp-ok');
  } else if (msg.stopped) {
    append('\n■ stopped\n', 'err');
    setStatus('stopped', 'tp-err');
  } else {
    const e = msg.error;
    append(`${e.name}: ${e.message}${e.line ? `\n    at line ${e.line}${e.col ? `, column ${e.col}` : ''}` : ''}\n`, 'err exc');
    setStatus(`${e.name}${e.line ? ` at line ${e.line}` : ''}`, 'tp-err');
    if (e.line) editor.gotoLine(e.line, e.col ?? 1);
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
restartBtn.addEventListener('click', () => {
  restarting = !runner.running;
  restartBtn.classList.remove('tp-attn');
  setStatus('restarting the runtime…', 'tp-busy');
  runner.restart().catch(() => {});
});

// ---- share ----
$('share').addEventListener('click', async () => {
  const hash = await encodeCode(editor.value);
  history.replaceState(null, '', hash);
  const url = location.href;
  try {
    await navigator.clipboard.writeText(url);
    setStatus('link copied to the clipboard', 'tp-ok');
  } catch {
    setStatus('share link is in the address bar', 'tp-ok');
  }
});

// ---- start: load the worker at once; show a shared link's code (never run automatically)
// or the first example ----
runner.start().catch(() => {});
const shared = await decodeHash(location.hash);
if (shared !== null) {
  editor.value = shared;
  select.value = '';
  notice = 'shared code: press Run to run it · ';
  setStatus(runner.info ? `${notice}ready` : `${notice}loading…`, 'tp-ok');
} else {
  loadExample(all[0].file);
}
window.addEventListener('resize', () => redrawPlots(figuresEl));
matchMedia('(prefers-color-scheme: dark)').addEventListener?.('change', () => redrawPlots(figuresEl));

// For tests and the curious: the page's parts.
window.tensorpad = { runner, editor, state, output, run, graphView, memoryView, showGraph: (g) => { selectTab('graph'); return graphView.render(g); }, showMemory: (m) => { memoryView.render(m); selectTab('memory'); }, selectTab };
