// Lays out the graph view's drawings off the page's main thread (dagre needs ~1-2 s for a
// few hundred nodes on a slow machine): {id, spec} in, {id, result} or {id, error} out.
import { layoutGraph } from './graph_layout.js';

self.onmessage = (e) => {
  const { id, spec } = e.data;
  try {
    self.postMessage({ id, result: layoutGraph(spec) });
  } catch (err) {
    self.postMessage({ id, error: String(err?.message ?? err) });
  }
};
