// The page's side of graph_layout_worker.js: a layout function that posts the plain layout
// spec to the worker and resolves with its answer, so dagre never runs on the main thread
// (and stays out of the page bundle).

/** A layout function backed by a worker at url: layout(spec) resolves with layoutGraph(spec). */
export function workerLayout(url) {
  let worker = null, next = 1;
  const pending = new Map();
  const start = () => {
    worker = new Worker(url, { type: 'module' });
    worker.onmessage = (e) => { const p = pending.get(e.data.id); pending.delete(e.data.id); if (e.data.error) p?.reject(new Error(e.data.error)); else p?.resolve(e.data.result); };
    worker.onerror = (e) => { for (const p of pending.values()) p.reject(new Error(e.message || 'the graph layout worker failed')); pending.clear(); worker = null; };
  };
  return (spec) => new Promise((resolve, reject) => {
    if (!worker) start();
    const id = next++;
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, spec });
  });
}
