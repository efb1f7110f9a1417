// Repeated structure in an autograd graph, collapsed into expandable groups: an RNN's time
// steps, a stack of identical layers. The graph JSON says nothing about modules or steps
// (and must not: Python and JS export the same format), so repeats are found in its shape:
// the function nodes in a forward order (a post-order walk from the outputs, inputs first,
// so one step's functions come out together and every step in the same order), then the
// longest tandem repeat of their names (a block of p names repeated k >= 2 times in a row),
// again in what is left before and after it. Each repeat becomes one group node.

const MIN_BLOCK = 3;    // a repeat of fewer functions is no clearer collapsed
const MAX_ROUNDS = 6;

/** Function node ids in forward order: inputs before the functions that consume them. */
export function forwardOrder(G) {
  const inputs = new Map(G.nodes.map((n) => [n.id, []]));
  const hasOut = new Set();
  for (const e of G.edges) { inputs.get(e.to).push(e.from); hasOut.add(e.from); }
  const kind = new Map(G.nodes.map((n) => [n.id, n.kind]));
  const seen = new Set(), out = [];
  for (const sink of G.nodes.filter((n) => !hasOut.has(n.id))) {
    const stack = [[sink.id, 0]];
    seen.add(sink.id);
    while (stack.length) {
      const top = stack[stack.length - 1];
      const ins = inputs.get(top[0]);
      if (top[1] < ins.length) {
        const c = ins[top[1]++];
        if (!seen.has(c)) { seen.add(c); stack.push([c, 0]); }
      } else {
        stack.pop();
        if (kind.get(top[0]) === 'function') out.push(top[0]);
      }
    }
  }
  return out;
}

/** The tandem repeat covering most of names[lo, hi): {start, period, count} or null. */
function bestRepeat(names, lo, hi) {
  let best = null;
  for (let p = MIN_BLOCK; 2 * p <= hi - lo; p++) {
    let run = 0;   // names[i] === names[i + p] for i in [i - run, i)
    for (let i = lo; i + p <= hi; i++) {
      if (i + p < hi && names[i] === names[i + p]) { run++; continue; }
      // a run of equal pairs over [i - run, i): blocks of p starting at i - run
      const count = Math.floor(run / p) + 1;
      if (count >= 2 && (!best || count * p > best.count * best.period)) best = { start: i - run, period: p, count };
      run = 0;
    }
  }
  return best;
}

/** Groups of repeated function nodes: [{id, members, index, count, names}]. */
export function findRepeats(G) {
  const order = forwardOrder(G);
  const byId = new Map(G.nodes.map((n) => [n.id, n]));
  const names = order.map((id) => byId.get(id).title);
  const groups = [];
  const segments = [[0, order.length]];
  for (let round = 0; round < MAX_ROUNDS && segments.length; round++) {
    const [lo, hi] = segments.shift();
    const r = bestRepeat(names, lo, hi);
    if (!r) continue;
    const block = names.slice(r.start, r.start + r.period);
    for (let k = 0; k < r.count; k++) {
      const members = order.slice(r.start + k * r.period, r.start + (k + 1) * r.period);
      groups.push({ id: `group:${members[0]}`, members, index: k + 1, count: r.count, names: block });
    }
    segments.push([lo, r.start], [r.start + r.count * r.period, hi]);
  }
  return groups;
}

/**
 * The graph as drawn: members of collapsed groups replaced by their group node (kind
 * 'group'), edges between the visible nodes (no self-loops, no duplicates), and the backward
 * order on visible ids. `expanded` holds the ids of groups drawn open.
 */
export function collapse(G, groups, expanded = new Set()) {
  const owner = new Map();
  const shown = groups.filter((g) => !expanded.has(g.id));
  for (const g of shown) for (const m of g.members) owner.set(m, g.id);
  if (!owner.size) return { ...G, groups };
  const vis = (id) => owner.get(id) ?? id;
  const nodes = G.nodes.filter((n) => !owner.has(n.id));
  for (const g of shown) {
    const common = [...new Set(g.names)];
    nodes.push({
      id: g.id, kind: 'group', title: `repeat ${g.index} of ${g.count}`, sub: `${g.members.length} functions: ${common.slice(0, 2).join(', ')}${common.length > 2 ? '…' : ''}`,
      members: g.members, names: g.names, raw: {}, saved: [],
    });
  }
  const keys = new Set(), edges = [];
  for (const e of G.edges) {
    const from = vis(e.from), to = vis(e.to), key = `${from}->${to}`;
    if (from === to || keys.has(key)) continue;
    keys.add(key);
    edges.push({ from, to });
  }
  const order = G.order ? [...new Set(G.order.map(vis))] : null;
  return { ...G, nodes, edges, order, groups };
}
