// The memory view: each storage is a row of cells; each tensor (or numpy() array) that looks
// into it is a window drawn under it — the cells it covers, with its offset and strides.
// Views share one block; clones get their own. Clicking a cell stands for a write there:
// every tensor that sees that element is highlighted.
import { h } from './dom.js';

const MAX_DRAWN = 96;

function fmt(v, dtype) {
  if (typeof v !== 'number') return String(v);
  if (dtype === 'bool') return v ? 'T' : 'F';
  if (Number.isInteger(v) && Math.abs(v) < 1e5) return String(v);
  const a = Math.abs(v);
  return a !== 0 && (a < 1e-2 || a >= 1e4) ? v.toExponential(1) : String(+v.toPrecision(3));
}

/** Storage index -> index tuple in t, for every element t covers (first MAX cells). */
export function coveredCells(t, limit = 4096) {
  const map = new Map();
  if (t.numel === 0) return map;
  const idx = new Array(t.shape.length).fill(0);
  for (let count = 0; count < Math.min(t.numel, limit); count++) {
    let off = t.offset;
    for (let d = 0; d < idx.length; d++) off += idx[d] * t.stride[d];
    if (!map.has(off)) map.set(off, [...idx]);
    for (let d = idx.length - 1; d >= 0; d--) {
      if (++idx[d] < t.shape[d]) break;
      idx[d] = 0;
    }
  }
  return map;
}

export function createMemoryView(container) {
  container.classList.add('tp-memory');
  const note = h('div', { class: 'tp-memory-note' });
  const body = h('div', { class: 'tp-memory-body' });
  container.append(note, body);

  function render(mem) {
    body.replaceChildren();
    if (!mem || !mem.storages?.length) {
      note.textContent = 'Tensors of the top-level variables (or the ones passed to show(t)) appear here after a run: storages as blocks, tensors as windows onto them.';
      return;
    }
    note.textContent = 'Each block is one storage; the rows under it are the tensors looking into it (offset, strides). Click a cell: a write there changes every highlighted tensor.';
    for (const s of mem.storages) {
      const members = mem.tensors.filter((t) => t.storage === s.id);
      const n = Math.min(s.length, MAX_DRAWN, s.values.length);
      const block = h('section', { class: 'tp-storage', 'data-storage': s.id, 'aria-label': `storage ${s.id + 1}` });
      block.append(h('div', { class: 'tp-storage-head' },
        h('strong', { text: `storage ${s.id + 1}` }),
        h('span', { class: 'tp-muted', text: ` ${s.dtype} · ${s.length} element${s.length === 1 ? '' : 's'}${s.truncated || s.length > n ? ` (first ${n} drawn)` : ''} · ${members.length > 1 ? `shared by ${members.map((m) => m.name).join(', ')}` : `only ${members[0]?.name}`}` })));
      const grid = h('div', { class: 'tp-mem-grid', role: 'grid', style: `grid-template-columns: minmax(7em, max-content) repeat(${n}, minmax(2.6em, 1fr))` });
      grid.append(h('div', { class: 'tp-mem-label tp-muted', text: 'index' }));
      for (let i = 0; i < n; i++) grid.append(h('div', { class: 'tp-mem-index', text: String(i) }));
      grid.append(h('div', { class: 'tp-mem-label', text: 'storage' }));
      for (let i = 0; i < n; i++) {
        grid.append(h('button', { type: 'button', class: 'tp-mem-cell tp-mem-store', 'data-i': i, title: `storage[${i}] = ${s.values[i]}`, text: fmt(s.values[i], s.dtype) }));
      }
      for (const t of members) {
        const cells = coveredCells(t);
        const info = `${t.name}${t.array ? ` (${t.array})` : ''}`;
        grid.append(h('div', { class: `tp-mem-label tp-mem-owner${t.kind === 'grad' ? ' tp-muted' : ''}`, 'data-name': t.name, title: `shape [${t.shape}] · stride (${t.stride}) · offset ${t.offset}${t.contiguous ? ' · contiguous' : ''}` },
          h('span', { class: 'tp-mem-name', text: info }),
          h('span', { class: 'tp-mem-geom', text: `[${t.shape.join(',')}] s(${t.stride.join(',')}) +${t.offset}` })));
        for (let i = 0; i < n; i++) {
          const at = cells.get(i);
          grid.append(at ? h('button', { type: 'button', class: 'tp-mem-cell tp-mem-in', 'data-i': i, 'data-name': t.name, title: `${t.name}[${at.join(', ')}] = storage[${i}]`, text: at.length ? at.join(',') : '·' })
            : h('div', { class: 'tp-mem-cell tp-mem-out', 'data-i': i }));
        }
      }
      const status = h('div', { class: 'tp-mem-status', 'aria-live': 'polite' });
      grid.addEventListener('click', (e) => {
        const cell = e.target.closest('.tp-mem-cell[data-i]');
        if (!cell || cell.classList.contains('tp-mem-out')) return;
        const i = cell.dataset.i;
        for (const c of grid.querySelectorAll('.tp-hit')) c.classList.remove('tp-hit');
        const hit = [...grid.querySelectorAll(`.tp-mem-in[data-i="${i}"]`)];
        for (const c of grid.querySelectorAll(`[data-i="${i}"]`)) c.classList.add('tp-hit');
        const names = hit.map((c) => c.dataset.name);
        for (const lab of grid.querySelectorAll('.tp-mem-owner')) lab.classList.toggle('tp-hit', names.includes(lab.dataset.name));
        status.textContent = names.length ? `A write to storage[${i}] changes ${hit.map((c) => c.title.split(' = ')[0]).join(', ')}.` : `No tensor shown here sees storage[${i}].`;
      });
      block.append(h('div', { class: 'tp-mem-scroll' }, grid), status);
      body.append(block);
    }
  }
  render(null);
  return { render, clear: () => render(null) };
}
