// The computation-graph view: draws the JSON of torch.autograd.graph (docs/graph-format.md)
// top to bottom with dagre, with zoom/pan, details on hover/focus/click, colours by
// gradient magnitude with a legend, and a control that replays the backward pass one
// function node at a time (gradients flowing down and accumulating into leaves). Repeated
// structure (an RNN's time steps, identical layers) is drawn collapsed into groups that open
// on click (graph_groups.js); the layout is a function given by the page (a worker in the
// playground, graph_layout_client.js), so a big graph never blocks the main thread.
import { h } from './dom.js';
import { findRepeats, collapse } from './graph_groups.js';

const SVGNS = 'http://www.w3.org/2000/svg';
const CHAR_W = 7.4;
const MAX_NODES = 600;  // drawn nodes (groups collapsed); past this the picture is unreadable anyway
const GROUP_OVER = 60;  // graphs with more nodes start with their repeats collapsed
const MIN_SCALE = 0.75; // the view a graph opens with keeps 11-12 px text at ≥ 8.25 px (pan, or 'fit' for all of it)

function el(tag, attrs = {}, parent) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  parent?.appendChild(e);
  return e;
}

/** Euclidean norm of the numbers printed in a tensor repr (when grad_norm is not given). */
function normFromText(s) {
  if (typeof s !== 'string') return null;
  const body = s.replace(/^[^(]*\(/, '').replace(/,\s*(dtype|grad_fn|requires_grad)=.*$/s, '');
  const nums = body.match(/-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?|-?inf|nan/gi);
  if (!nums) return null;
  let s2 = 0;
  for (const n of nums) { const v = Number(n.replace(/inf/i, 'Infinity')); if (Number.isFinite(v)) s2 += v * v; }
  return Math.sqrt(s2);
}

function fmtShape(shape) { return Array.isArray(shape) ? `[${shape.join(', ')}]` : ''; }
function fmtNum(x) { return x === 0 ? '0' : Math.abs(x) >= 1e4 || Math.abs(x) < 1e-3 ? x.toExponential(2) : String(+x.toPrecision(3)); }

/** Reads the graph JSON tolerantly: the fields of docs/graph-format.md, with fallbacks. */
export function normalizeGraph(g) {
  const nodes = (g?.nodes ?? []).map((n) => {
    const kind = n.kind ?? n.type ?? (n.shape === undefined && n.name ? 'function' : 'tensor');
    const grad = n.grad ?? null;
    const gradNorm = typeof n.grad_norm === 'number' ? n.grad_norm : normFromText(grad);
    return {
      raw: n, id: String(n.id), kind,
      title: kind === 'function' ? String(n.name ?? 'Function') : String(n.label ?? n.name ?? 'tensor'),
      named: kind === 'tensor' && !!(n.label ?? n.name),
      shape: n.shape, dtype: n.dtype, requires_grad: !!n.requires_grad, is_leaf: kind === 'tensor' && n.is_leaf !== false,
      value: n.value ?? null, grad, gradNorm, saved: n.saved ?? [],
    };
  });
  const ids = new Set(nodes.map((n) => n.id));
  const edges = (g?.edges ?? []).map((e) => ({ from: String(e.from ?? e.source), to: String(e.to ?? e.target) }))
    .filter((e) => ids.has(e.from) && ids.has(e.to));
  return { nodes, edges, root: g?.root === undefined || g?.root === null ? null : String(g.root), order: g?.backward_order?.map(String) ?? null };
}

/** Function nodes in the order backward runs them: reverse topological order of the forward edges. */
export function backwardOrder(G) {
  if (G.order) return G.order.filter((id) => G.nodes.some((n) => n.id === id));
  const indeg = new Map(G.nodes.map((n) => [n.id, 0]));
  for (const e of G.edges) indeg.set(e.to, indeg.get(e.to) + 1);
  const queue = G.nodes.filter((n) => indeg.get(n.id) === 0).map((n) => n.id), topo = [];
  while (queue.length) {
    const id = queue.shift();
    topo.push(id);
    for (const e of G.edges) if (e.from === id) { indeg.set(e.to, indeg.get(e.to) - 1); if (indeg.get(e.to) === 0) queue.push(e.to); }
  }
  const fns = new Set(G.nodes.filter((n) => n.kind === 'function').map((n) => n.id));
  return topo.reverse().filter((id) => fns.has(id));
}

function luminance(rgb) {
  const [r, g, b] = rgb.match(/\d+/g).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

// Sequential colour ramp (light to dark blue-violet-orange), readable on light and dark.
const RAMP = [[68, 1, 84], [59, 82, 139], [33, 145, 140], [94, 201, 98], [253, 231, 37]];
function ramp(t) {
  t = Math.max(0, Math.min(1, t)) * (RAMP.length - 1);
  const i = Math.min(Math.floor(t), RAMP.length - 2), f = t - i;
  const c = RAMP[i].map((v, k) => Math.round(v + (RAMP[i + 1][k] - v) * f));
  return `rgb(${c.join(',')})`;
}

/** Colour for a gradient at position t in [0, 1] of the log scale; the ramp's last (bright
 * yellow) stretch is left out so edges stay visible on a light background. */
function gradColor(t) { return ramp(0.1 + 0.78 * t); }

/**
 * A graph view inside container; render(graphJson) draws (a Promise, settled once drawn),
 * clear() empties. layout(spec) is graph_layout.js's layoutGraph, or a Promise of it.
 */
export function createGraphView(container, { compact = false, layout } = {}) {
  container.classList.add('tp-graph');
  const toolbar = h('div', { class: 'tp-graph-toolbar', role: 'toolbar', 'aria-label': 'graph controls' });
  const svg = el('svg', { class: 'tp-graph-svg', tabindex: '0', role: 'img', 'aria-label': 'computation graph' });
  const details = h('div', { class: 'tp-graph-details', 'aria-live': 'polite' });
  const empty = h('div', { class: 'tp-graph-empty', text: 'Run code that uses autograd (requires_grad) to see its graph here.' });
  const stage = h('div', { class: 'tp-graph-stage' }, svg, empty);
  container.append(toolbar, stage, details);

  const defs = el('defs', {}, svg);
  const marker = el('marker', { id: `arrow-${Math.random().toString(36).slice(2)}`, viewBox: '0 0 10 10', refX: '9', refY: '5', markerWidth: '7', markerHeight: '7', orient: 'auto-start-reverse' }, defs);
  el('path', { d: 'M0,0 L10,5 L0,10 z', class: 'tp-arrow' }, marker);
  const viewport = el('g', { class: 'tp-viewport' }, svg);

  let G = null, order = [], step = -1, nodeEls = new Map(), edgeEls = [], box = { w: 1, h: 1 };
  let full = null, fullOrder = [], expanded = new Set(), drawing = 0;
  let view = { x: 0, y: 0, k: 1 }, selected = null, scaleInfo = null, moved = false;

  // ---- toolbar ----
  const btn = (label, title, fn) => h('button', { type: 'button', class: 'tp-btn tp-btn-small', title, 'aria-label': title, text: label, onclick: fn });
  const stepLabel = h('span', { class: 'tp-step-label', 'aria-live': 'polite' });
  const legend = h('div', { class: 'tp-legend' });
  const stepGroup = h('span', { class: 'tp-step-group' },
    h('span', { class: 'tp-toolbar-label', text: 'backward:' }),
    btn('|◀', 'before backward', () => setStep(0)),
    btn('◀', 'previous backward step', () => setStep(Math.max(0, currentStep() - 1))),
    btn('▶', 'next backward step', () => setStep(Math.min(order.length, currentStep() + 1))),
    btn('▶|', 'after backward (final gradients)', () => setStep(order.length)),
    stepLabel);
  // 'expand all' while any group is collapsed, else 'group repeats' (collapse them all again)
  const groupBtn = btn('expand all', 'expand all groups of repeated functions', () => {
    const allOpen = full.groups.every((g) => expanded.has(g.id));
    expanded = allOpen ? new Set() : new Set(full.groups.map((g) => g.id));
    draw();
  });
  toolbar.append(btn('−', 'zoom out', () => zoom(1 / 1.25)), btn('+', 'zoom in', () => zoom(1.25)), btn('fit', 'fit the whole graph', () => { fit(true); moved = true; }), groupBtn, stepGroup, legend);

  function currentStep() { return step < 0 ? order.length : step; }

  function apply() { viewport.setAttribute('transform', `translate(${view.x},${view.y}) scale(${view.k})`); }
  /** Fits the graph into the stage; unless whole, never below MIN_SCALE (text stays readable:
   *  a big graph then shows its top, centred, and the rest is a pan away). */
  function fit(whole = false) {
    const r = stage.getBoundingClientRect();
    const W = r.width || 600, H = r.height || 400;
    const k = Math.max(Math.min(W / box.w, H / box.h, compact ? 1 : 1.4), compact || whole === true ? 0.1 : MIN_SCALE);
    view = { k, x: (W - box.w * k) / 2, y: Math.max((H - box.h * k) / 2, 0) };
    apply();
  }
  function zoom(f, cx, cy) {
    moved = true;
    const r = stage.getBoundingClientRect();
    cx ??= r.width / 2; cy ??= r.height / 2;
    const k = Math.max(0.1, Math.min(8, view.k * f));
    view.x = cx - (cx - view.x) * (k / view.k);
    view.y = cy - (cy - view.y) * (k / view.k);
    view.k = k;
    apply();
  }
  svg.addEventListener('wheel', (e) => {
    if (!G) return;
    e.preventDefault();
    const r = stage.getBoundingClientRect();
    zoom(Math.exp(-e.deltaY * 0.0015), e.clientX - r.left, e.clientY - r.top);
  }, { passive: false });
  let drag = null;
  svg.addEventListener('pointerdown', (e) => {
    if (e.target.closest?.('.tp-node')) return;
    drag = { x: e.clientX, y: e.clientY, vx: view.x, vy: view.y };
    svg.setPointerCapture(e.pointerId);
  });
  svg.addEventListener('pointermove', (e) => {
    if (!drag) return;
    moved = true;
    view.x = drag.vx + e.clientX - drag.x;
    view.y = drag.vy + e.clientY - drag.y;
    apply();
  });
  svg.addEventListener('pointerup', () => { drag = null; });
  svg.addEventListener('keydown', (e) => {
    const moves = { ArrowLeft: [40, 0], ArrowRight: [-40, 0], ArrowUp: [0, 40], ArrowDown: [0, -40] };
    if (e.key === '+' || e.key === '=') zoom(1.25);
    else if (e.key === '-') zoom(1 / 1.25);
    else if (e.key === '0') { fit(true); moved = true; }
    else if (moves[e.key] && e.target === svg) { view.x += moves[e.key][0]; view.y += moves[e.key][1]; apply(); }
    else return;
    e.preventDefault();
  });

  // ---- details ----
  function showDetails(n) {
    details.replaceChildren();
    if (!n) return;
    const s = stateAt(currentStep());
    const rows = [h('div', { class: 'tp-details-title' }, h('strong', { text: n.title }),
      n.kind === 'tensor' ? h('span', { class: 'tp-details-meta', text: ` ${fmtShape(n.shape)} ${n.dtype ?? ''}${n.requires_grad ? ' · requires_grad' : ''}${n.is_leaf ? ' · leaf' : ' · non-leaf'}` })
        : h('span', { class: 'tp-details-meta', text: ' function node' }))];
    if (n.kind === 'group') {
      rows[0] = h('div', { class: 'tp-details-title' }, h('strong', { text: n.title }), h('span', { class: 'tp-details-meta', text: ` · ${n.members.length} function nodes repeated (click to open)` }));
      rows.push(h('pre', { class: 'tp-details-value', text: n.names.join(' → ') }));
    } else if (n.kind === 'tensor') {
      if (n.value) rows.push(h('div', { class: 'tp-details-label', text: 'value' }), h('pre', { class: 'tp-details-value', text: n.value }));
      const gs = s.grad.get(n.id);
      const gradText = gs === 'done' ? (n.grad ?? 'None') : gs === 'partial' ? 'accumulating…' : n.grad ? '(not yet: step the backward pass)' : 'None';
      rows.push(h('div', { class: 'tp-details-label', text: 'grad' }), h('pre', { class: 'tp-details-grad', text: gradText }));
      if (gs === 'done' && n.gradNorm !== null) rows.push(h('div', { class: 'tp-details-meta', text: `‖grad‖ = ${fmtNum(n.gradNorm)}` }));
    } else {
      const idx = order.indexOf(n.id);
      rows.push(h('div', { class: 'tp-details-meta', text: idx >= 0 ? `backward step ${idx + 1} of ${order.length}` : '' }));
      if (n.saved.length) {
        rows.push(h('div', { class: 'tp-details-label', text: 'saved tensors' }));
        for (const sv of n.saved) {
          rows.push(h('pre', { class: 'tp-details-value', text: `${sv.name ?? ''} ${fmtShape(sv.shape)} ${sv.dtype ?? ''}${sv.value ? `\n${sv.value}` : ''}`.trim() }));
        }
      }
    }
    details.append(...rows);
  }

  // ---- backward replay ----
  /** grad state per tensor node ('none' | 'partial' | 'done') and active function/edges at step s. */
  function stateAt(s) {
    const done = new Set(order.slice(0, s));
    const grad = new Map(), active = new Set();
    if (!G) return { grad, active, done };
    const cur = step >= 0 && s > 0 ? order[s - 1] : null;  // none highlighted until the user steps
    for (const n of G.nodes) {
      if (n.kind !== 'tensor') continue;
      const consumers = G.edges.filter((e) => e.from === n.id).map((e) => e.to).filter((id) => order.includes(id));
      let st = n.grad && s === order.length ? 'done' : 'none';
      if (consumers.length) {
        const c = consumers.filter((id) => done.has(id)).length;
        st = c === consumers.length ? 'done' : c > 0 ? 'partial' : 'none';
      }
      grad.set(n.id, st);
    }
    if (cur) for (const e of G.edges) if (e.to === cur) active.add(`${e.from}->${e.to}`);
    return { grad, active, done, cur };
  }

  function setStep(s) {
    if (!G) return;
    step = s;
    paint();
    if (selected) showDetails(selected);
  }

  function colorFor(norm) {
    if (norm === null || !scaleInfo) return null;
    const { lo, hi } = scaleInfo;
    const t = hi > lo ? (Math.log10(Math.max(norm, 1e-12)) - lo) / (hi - lo) : 1;
    return gradColor(t);
  }

  function paint() {
    const s = currentStep();
    const st = stateAt(s);
    stepLabel.textContent = order.length ? (s === 0 ? `0/${order.length} (before)` : `${s}/${order.length}${st.cur ? ` ${G.nodes.find((n) => n.id === st.cur)?.title ?? ''}` : ''}`) : 'no function nodes';
    for (const [id, g] of nodeEls) {
      const n = g.node;
      g.classList.toggle('tp-current', id === st.cur);
      g.classList.toggle('tp-done', st.done.has(id));
      if (n.kind === 'tensor') {
        const gs = st.grad.get(id);
        const c = gs === 'done' ? colorFor(n.gradNorm) : null;
        g.shape.style.fill = c ?? '';
        g.classList.toggle('tp-has-grad', !!c);
        g.classList.toggle('tp-light-fill', !!c && luminance(c) > 0.45);
        g.classList.toggle('tp-partial', gs === 'partial');
        g.gradText.textContent = gs === 'done' && n.gradNorm !== null ? `‖grad‖ ${fmtNum(n.gradNorm)}` : gs === 'partial' ? 'grad: accumulating…' : '';
      }
    }
    for (const { path, e } of edgeEls) {
      const key = `${e.from}->${e.to}`;
      const src = G.nodes.find((n) => n.id === e.from), dst = G.nodes.find((n) => n.id === e.to);
      // The gradient on an edge (backward direction) is the one of the tensor at either end.
      const t = src.kind === 'tensor' ? src : dst.kind === 'tensor' ? dst : null;
      const flowed = st.done.has(e.to) || (dst.kind === 'tensor' && st.grad.get(dst.id) === 'done');
      const c = t && flowed && st.grad.get(t.id) === 'done' ? colorFor(t.gradNorm) : null;
      path.style.stroke = c ?? '';
      path.classList.toggle('tp-flow', st.active.has(key));
      path.classList.toggle('tp-flowed', flowed && s > 0);
    }
  }

  function renderLegend() {
    legend.replaceChildren();
    if (!scaleInfo) { legend.append(h('span', { class: 'tp-toolbar-label', text: 'no gradients yet (call backward())' })); return; }
    const bar = h('span', { class: 'tp-legend-bar', style: `background: linear-gradient(to right, ${[0, 0.25, 0.5, 0.75, 1].map((t) => gradColor(t)).join(',')})` });
    const lo = fmtNum(10 ** scaleInfo.lo), hi = fmtNum(10 ** scaleInfo.hi);
    if (lo === hi) legend.append(h('span', { class: 'tp-toolbar-label', text: '‖grad‖' }), h('span', { class: 'tp-legend-bar', style: `background: ${gradColor(1)}; width: 14px` }), h('span', { text: hi }));
    else legend.append(h('span', { class: 'tp-toolbar-label', text: '‖grad‖' }), h('span', { text: lo }), bar, h('span', { text: hi }));
  }

  function showEmpty(text) {
    viewport.replaceChildren();
    nodeEls = new Map();
    edgeEls = [];
    G = null;
    empty.textContent = text;
    empty.hidden = false;
    stepGroup.hidden = true;
    groupBtn.hidden = true;
    legend.replaceChildren();
    container.classList.add('tp-graph-is-empty');
  }

  /** Takes a new graph JSON and draws it; resolves once drawn. */
  function render(json) {
    selected = null;
    details.replaceChildren();
    full = json && !json.unavailable ? normalizeGraph(json) : null;
    if (!full || !full.nodes.length) {
      drawing++;
      showEmpty(json?.unavailable ? `Graph view: ${json.unavailable}.` : 'Run code that uses autograd (requires_grad) to see its graph here.');
      return Promise.resolve();
    }
    fullOrder = backwardOrder(full);
    full.groups = findRepeats(full);
    expanded = full.nodes.length > GROUP_OVER ? new Set() : new Set(full.groups.map((g) => g.id));
    const norms = full.nodes.filter((n) => n.gradNorm !== null && n.gradNorm > 0).map((n) => Math.log10(n.gradNorm));
    scaleInfo = norms.length ? { lo: Math.min(...norms), hi: Math.max(...norms) } : null;
    return draw();
  }

  /** Lays out and draws `full` with the groups not in `expanded` collapsed. */
  async function draw() {
    const token = ++drawing;
    const V = collapse(full, full.groups, expanded);
    const visible = new Map();
    for (const g of full.groups) for (const m of g.members) if (!expanded.has(g.id)) visible.set(m, g.id);
    V.order = [...new Set(fullOrder.map((id) => visible.get(id) ?? id))];
    if (V.nodes.length > MAX_NODES) {
      showEmpty(`This graph has ${V.nodes.length} nodes, too many to draw (the limit is ${MAX_NODES}). Pass a smaller result to show(t).`);
      return;
    }
    for (const n of V.nodes) {
      const lines = n.kind === 'tensor' ? [n.title, `${fmtShape(n.shape)} ${n.dtype ?? ''}`.trim(), `${n.is_leaf ? 'leaf' : 'non-leaf'}${n.requires_grad ? ' · requires_grad' : ''}`, 'grad: accumulating…']
        : n.kind === 'group' ? [`⊞ ${n.title}`, n.sub] : [n.title];
      n.w = Math.max(...lines.map((l) => l.length)) * CHAR_W + 24;
      n.h = n.kind === 'tensor' ? 68 : n.kind === 'group' ? 46 : 30;
    }
    let pos;
    try {
      pos = await layout({
        nodes: V.nodes.map((n) => ({ id: n.id, width: n.w, height: n.h })), edges: V.edges.map((e) => ({ from: e.from, to: e.to })),
        options: { nodesep: compact ? 16 : 26, ranksep: compact ? 26 : 36 },
      });
    } catch (e) {
      if (token === drawing) showEmpty(`Graph view: the layout failed (${e?.message ?? e}).`);
      return;
    }
    if (token !== drawing) return;   // a newer graph (or an expand) came first

    viewport.replaceChildren();
    nodeEls = new Map();
    edgeEls = [];
    G = V;
    empty.hidden = true;
    stepGroup.hidden = false;
    groupBtn.hidden = !full.groups.length;
    const allOpen = full.groups.every((g) => expanded.has(g.id));
    groupBtn.textContent = allOpen ? 'group repeats' : 'expand all';
    groupBtn.title = allOpen ? 'collapse repeated functions into groups' : 'expand all groups of repeated functions';
    groupBtn.setAttribute('aria-label', groupBtn.title);
    container.classList.remove('tp-graph-is-empty');
    order = G.order;
    step = -1;
    renderLegend();
    box = { w: pos.width, h: pos.height };

    const edgeLayer = el('g', { class: 'tp-edges' }, viewport);
    const nodeLayer = el('g', { class: 'tp-nodes' }, viewport);
    G.edges.forEach((e, i) => {
      const d = pos.edges[i].map(([x, y], j) => `${j ? 'L' : 'M'}${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
      const path = el('path', { d, class: 'tp-edge', 'marker-end': `url(#${marker.id})`, 'data-from': e.from, 'data-to': e.to }, edgeLayer);
      edgeEls.push({ path, e });
    });
    for (const n of G.nodes) {
      const { x, y } = pos.nodes[n.id];
      const cls = n.kind === 'tensor' ? `tp-node tp-tensor ${n.is_leaf ? 'tp-leaf' : 'tp-nonleaf'}${n.id === G.root ? ' tp-root' : ''}` : n.kind === 'group' ? 'tp-node tp-group' : 'tp-node tp-function';
      const grp = el('g', { class: cls, transform: `translate(${x - n.w / 2},${y - n.h / 2})`, tabindex: '0', 'data-id': n.id, role: 'button',
        'aria-label': n.kind === 'tensor' ? `tensor ${n.title} ${fmtShape(n.shape)}` : n.kind === 'group' ? `${n.title}, ${n.sub}; press Enter to open` : `function ${n.title}` }, nodeLayer);
      grp.node = n;
      if (n.kind === 'tensor') {
        grp.shape = el('rect', { width: n.w, height: n.h, rx: 6, class: 'tp-shape' }, grp);
        const t1 = el('text', { x: 10, y: 18, class: `tp-title${n.named ? ' tp-named' : ''}` }, grp);
        t1.textContent = n.title;
        const t2 = el('text', { x: 10, y: 34, class: 'tp-sub' }, grp);
        t2.textContent = `${fmtShape(n.shape)} ${n.dtype ?? ''}`;
        const t3 = el('text', { x: 10, y: 48, class: 'tp-sub' }, grp);
        t3.textContent = `${n.is_leaf ? 'leaf' : 'non-leaf'}${n.requires_grad ? ' · requires_grad' : ''}`;
        grp.gradText = el('text', { x: 10, y: 62, class: 'tp-sub tp-gradtext' }, grp);
      } else if (n.kind === 'group') {
        grp.shape = el('rect', { width: n.w, height: n.h, rx: 10, class: 'tp-shape' }, grp);
        const t1 = el('text', { x: n.w / 2, y: 19, 'text-anchor': 'middle', class: 'tp-fn-name' }, grp);
        t1.textContent = `⊞ ${n.title}`;
        const t2 = el('text', { x: n.w / 2, y: 36, 'text-anchor': 'middle', class: 'tp-sub' }, grp);
        t2.textContent = n.sub;
      } else {
        grp.shape = el('rect', { width: n.w, height: n.h, rx: 15, class: 'tp-shape' }, grp);
        const t1 = el('text', { x: n.w / 2, y: 19, 'text-anchor': 'middle', class: 'tp-fn-name' }, grp);
        t1.textContent = n.title;
      }
      const select = () => {
        selected = n;
        for (const [, o] of nodeEls) o.classList.toggle('tp-selected', o === grp);
        showDetails(n);
      };
      grp.addEventListener('mouseenter', () => showDetails(n));
      grp.addEventListener('mouseleave', () => showDetails(selected));
      grp.addEventListener('focus', select);
      if (n.kind === 'group') {
        const open = () => { expanded.add(n.id); draw(); };
        grp.addEventListener('click', open);
        grp.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); open(); } });
      } else {
        grp.addEventListener('click', select);
      }
      nodeEls.set(n.id, grp);
    }
    paint();
    fit();
    // Fit again once layout has settled, unless the user already zoomed or panned.
    moved = false;
    requestAnimationFrame(() => { if (!moved) fit(); });
  }

  // Keep the graph fitted while the stage changes size, until the user zooms or pans.
  new ResizeObserver(() => { if (G && !moved) fit(); }).observe(stage);

  render(null);
  return {
    render, clear: () => render(null), fit, setStep, get order() { return order; }, element: container,
    /** The repeats found in the last graph and which are open (for tests). */
    get groups() { return (full?.groups ?? []).map((g) => ({ id: g.id, size: g.members.length, index: g.index, count: g.count, open: expanded.has(g.id) })); },
    expand(id) { expanded.add(id); return draw(); },
  };
}
