// Turns the tensors a run produced into plain JSON for the page's graph and memory views.
// Only the public API is used: torch.autograd.graph for the graph (see docs/graph-format.md),
// and strides/storage_offset/as_strided/shares_memory for the memory layout.
const MAX_TENSORS = 40;
const MAX_CELLS = 512;

function tensorsOf(Tensor, named) {
  const out = [];
  for (const [name, v] of named) {
    if (out.length >= MAX_TENSORS) break;
    if (v instanceof Tensor && !v.is_disposed) out.push([name, v]);
  }
  return out;
}

/** Merges torch.autograd.graph(t) of every named tensor that takes part in autograd. */
export function describeGraph(torch, Tensor, named) {
  if (typeof torch.autograd?.graph !== 'function') return { unavailable: 'torch.autograd.graph is not in this build yet' };
  const nodes = new Map(), edges = new Map();
  let root = null;
  for (const [name, t] of tensorsOf(Tensor, named)) {
    if (!t.requires_grad && !t.grad_fn) continue;
    const g = torch.autograd.graph(t);
    // The root is required by docs/graph-format.md; tolerate its absence: t's node is the
    // tensor node nothing consumes (or the only tensor node, for a bare leaf).
    const tensorsIn = (g.nodes ?? []).filter((n) => (n.kind ?? n.type) === 'tensor');
    const rid = g.root ?? (tensorsIn.length === 1 ? tensorsIn[0].id : tensorsIn.find((n) => !(g.edges ?? []).some((e) => e.from === n.id))?.id) ?? null;
    for (const n of g.nodes ?? []) {
      const old = nodes.get(n.id);
      nodes.set(n.id, old ? { ...old, ...n, label: old.label ?? n.label } : { ...n });
    }
    for (const e of g.edges ?? []) edges.set(`${e.from}->${e.to}`, e);
    if (rid !== null && nodes.has(rid)) {
      const n = nodes.get(rid);
      if (!n.label) n.label = name;
      root = rid;
    }
  }
  if (!nodes.size) return null;
  return { format: 'tensorpad-graph/1', root, nodes: [...nodes.values()], edges: [...edges.values()] };
}

function extent(shape, stride, offset) {
  if (shape.some((s) => s === 0)) return offset;
  let hi = 0;
  shape.forEach((s, d) => { if (stride[d] > 0) hi += (s - 1) * stride[d]; });
  return offset + hi + 1;
}

/** Storages as blocks and tensors as windows (offset, strides) onto them. */
export function describeMemory(torch, Tensor, named) {
  const list = [];
  for (const [name, v] of named) {
    if (list.length >= MAX_TENSORS) break;
    if (v instanceof Tensor && !v.is_disposed) {
      list.push({ name, t: v, kind: 'tensor' });
      const g = v.is_leaf || v.retains_grad ? v.grad : null;   // a non-leaf's .grad is null, and reading it warns
      if (g instanceof Tensor && !g.is_disposed) list.push({ name: `${name}.grad`, t: g, kind: 'grad' });
    } else if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
      let onHeap = false;
      try { onHeap = torch.shares_memory(v, v); } catch { onHeap = false; }
      if (onHeap) list.push({ name, array: v, kind: 'array' });
    }
  }
  if (!list.length) return null;
  return torch.scope(() => {
    const items = [], bases = [];
    for (const it of list) {
      const t = it.kind === 'array' ? torch.from_numpy(it.array) : it.t.detach();
      const shape = [...t.shape], stride = [...t.stride()], offset = t.storage_offset();
      const ext = extent(shape, stride, offset);
      items.push({ name: it.name, kind: it.kind, dtype: String(t.dtype).replace('torch.', ''), shape, stride, offset, numel: t.numel(),
        requires_grad: it.kind === 'tensor' ? it.t.requires_grad : false, contiguous: t.is_contiguous(), extent: ext,
        array: it.kind === 'array' ? `${it.array.constructor.name}(${it.array.length})` : undefined });
      bases.push(t);
    }
    // Two tensors share a storage exactly when their storages' first elements coincide.
    const first = bases.map((t) => t.as_strided([1], [1], 0));
    const storageOf = new Array(items.length).fill(-1);
    const storages = [];
    items.forEach((it, i) => {
      if (storageOf[i] >= 0) return;
      const id = storages.length;
      storageOf[i] = id;
      for (let j = i + 1; j < items.length; j++) if (storageOf[j] < 0 && torch.shares_memory(first[i], first[j])) storageOf[j] = id;
      storages.push({ id, dtype: it.dtype, length: 0, values: [] , owners: [] });
    });
    items.forEach((it, i) => {
      const s = storages[storageOf[i]];
      it.storage = s.id;
      s.owners.push(it.name);
      if (it.extent > s.length) { s.length = it.extent; s.from = i; }
    });
    for (const s of storages) {
      const n = Math.min(s.length, MAX_CELLS);
      s.values = n ? bases[s.from].as_strided([n], [1], 0).tolist().map((x) => (typeof x === 'boolean' ? +x : x)) : [];
      s.truncated = s.length > n;
      delete s.from;
    }
    return { storages, tensors: items };
  });
}
