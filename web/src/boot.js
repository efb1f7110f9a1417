// Loaded by index.html before the editor bundle (a classic script, so it runs while the
// bundle is still being fetched and parsed): starts the worker, and with it the wasm
// download and compile, at once. The page's Runner adopts it and replays what it said
// meanwhile. A file rather than an inline script: the page's CSP allows no inline script.
try {
  const w = new Worker('assets/worker.js', { type: 'module', name: 'tensorpad' });
  const early = { worker: w, messages: [], errors: [] };
  w.onmessage = (e) => early.messages.push(e);
  w.onerror = (e) => early.errors.push(e);
  window.__tensorpadEarly = early;
} catch { /* the page starts its own worker */ }
