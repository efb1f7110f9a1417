// Live code blocks for tutorial pages. A page adds one script tag
//   <script defer src="embed.js"></script>      (the built file, next to assets/)
// and marks code blocks as <pre class="tensorpad">...</pre>. Each becomes an editable block
// with Run, output and a small graph; all blocks share one worker (one wasm module),
// started the first time a block is run or hovered. Options per block:
//   data-graph="off"   no graph panel          data-autorun   run when the page loads
import { createEditor } from './src/editor.js';
import { Runner } from './src/runner.js';
import { createGraphView } from './src/graph.js';
import { layoutGraph } from './src/graph_layout.js';
import { drawPlot } from './src/plot.js';
import { createOutput } from './src/output.js';
import { h } from './src/dom.js';
import './src/style.css';

const script = document.currentScript;
const base = new URL('.', script?.src ?? location.href);
let runner = null;
let queue = Promise.resolve();

function getRunner() {
  runner ??= new Runner(new URL('assets/worker.js', base));
  runner.start().catch(() => {});
  return runner;
}

function upgrade(pre, index) {
  const original = pre.textContent.replace(/^\n/, '').replace(/\s+$/, '') + '\n';
  const wantGraph = pre.dataset.graph !== 'off';
  const box = h('div', { class: 'tp-embed', 'data-block': String(index), 'data-id': pre.dataset.id ?? '' });
  const edHost = h('div', { class: 'tp-embed-editor' });
  const status = h('span', { class: 'tp-status', role: 'status', 'aria-live': 'polite' });
  const runBtn = h('button', { type: 'button', class: 'tp-btn tp-primary tp-btn-small', text: '▶ Run', title: 'Run (Ctrl+Enter)' });
  const resetBtn = h('button', { type: 'button', class: 'tp-btn tp-btn-small', text: 'Reset', title: 'Restore the original code' });
  const bar = h('div', { class: 'tp-embed-bar' }, runBtn, resetBtn, status);
  const figs = h('div', { class: 'tp-embed-figs' });
  const out = h('pre', { class: 'tp-embed-out', tabindex: '0', 'aria-label': 'output' });
  const graphHost = h('div', { class: 'tp-embed-graph', hidden: '' });
  box.append(edHost, bar, figs, out, graphHost);
  pre.replaceWith(box);
  const output = createOutput(out, { maxLines: 500 });
  const editor = createEditor(edHost, original, { onRun: () => run(), label: `code block ${index + 1}` });
  let graph = null;

  async function run() {
    const r = getRunner();
    const code = editor.value;
    runBtn.disabled = true;
    status.textContent = 'waiting…';
    status.className = 'tp-status';
    const job = queue.then(async () => {
      output.clear();
      figs.replaceChildren();
      status.textContent = 'running…';
      const add = output.append;
      const msg = await r.run(code, {
        out: (m) => add(m.text, m.stream === 'out' ? 'out' : 'err'),
        plot: (m) => drawPlot(figs, m.plot),
        views: (m) => {
          // Only graphs with at least one operation are worth the space.
          const has = wantGraph && m.graph?.nodes?.some((n) => n.kind === 'function');
          graphHost.hidden = !has;
          if (has) {
            graph ??= createGraphView(graphHost, { compact: true, layout: layoutGraph });   // small graphs: laid out in place
            graph.render(m.graph);
          }
        },
      });
      if (msg.ok) { status.textContent = `done in ${Math.round(msg.ms)} ms`; status.className = 'tp-status tp-ok'; }
      else {
        const e = msg.error;
        add(`${e.name}: ${e.message}${e.line ? `\n    at line ${e.line}` : ''}\n`, 'err');
        status.textContent = e.name;
        status.className = 'tp-status tp-err';
        if (e.line) editor.gotoLine(e.line, e.col ?? 1);
      }
      output.flush();
      box.dispatchEvent(new CustomEvent('tensorpad:done', { detail: msg, bubbles: true }));
    });
    queue = job.catch(() => {});
    try { await job; } finally { runBtn.disabled = false; }
  }
  runBtn.addEventListener('click', run);
  resetBtn.addEventListener('click', () => { editor.value = original; });
  box.addEventListener('pointerenter', () => getRunner(), { once: true });
  box.addEventListener('focusin', () => getRunner(), { once: true });
  if (pre.hasAttribute('data-autorun')) run();
  return { run, editor, element: box };
}

function init() {
  const blocks = [...document.querySelectorAll('pre.tensorpad')].map(upgrade);
  window.tensorpadEmbed = { blocks, get runner() { return getRunner(); } };
}

// The stylesheet sits next to this script (embed.css).
if (!document.querySelector('link[data-tensorpad]')) {
  document.head.append(h('link', { rel: 'stylesheet', href: new URL('embed.css', base).href, 'data-tensorpad': '' }));
}
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
else init();
