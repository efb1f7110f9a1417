// The graph view's layout: dagre on plain data ({id, width, height} nodes, {from, to} edges)
// so that it can run in a worker (graph_layout_worker.js) and the page never blocks on it.
// Returns node centres, edge polylines and the drawing's size.
import { Graph, layout } from '@dagrejs/dagre';

export function layoutGraph({ nodes, edges, options }) {
  const g = new Graph();
  g.setGraph({ rankdir: 'TB', marginx: 12, marginy: 12, ...options });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of nodes) g.setNode(n.id, { width: n.width, height: n.height });
  for (const e of edges) g.setEdge(e.from, e.to);
  layout(g);
  const gg = g.graph();
  return {
    width: gg.width || 1, height: gg.height || 1,
    nodes: Object.fromEntries(nodes.map((n) => { const p = g.node(n.id); return [n.id, { x: p.x, y: p.y }]; })),
    edges: edges.map((e) => g.edge(e.from, e.to).points.map((p) => [p.x, p.y])),
  };
}
