// Loaded by index.html before the editor bundle (a classic script, so it runs while the
// bundle is still being fetched and parsed) and before the stylesheet (a classic script waits
// for the stylesheets above it): starts the worker of the page's language at
// once — the JS one (wasm download and compile), or the Python one (Pyodide, only when the
// page opens in Python: a share link's lang=, else the visitor's last choice, else Python).
// The page's Runner adopts it and replays what it said meanwhile. A file rather than an
// inline script: the page's CSP allows no inline script.
try {
  let lang = null;
  const m = /(?:^#|&)lang=([a-z]+)/.exec(location.hash);
  if (m) lang = m[1];
  else if (/(?:^#|&)code=/.test(location.hash)) lang = 'javascript';
  if (lang !== 'python' && lang !== 'javascript') {
    try { lang = localStorage.getItem('tensorpad-lang'); } catch { lang = null; }
  }
  if (lang !== 'javascript') lang = 'python';
  const python = lang === 'python';
  const w = new Worker(python ? 'assets/pyworker.js' : 'assets/worker.js', { type: 'module', name: python ? 'tensorpad-python' : 'tensorpad' });
  const early = { worker: w, messages: [], errors: [], lang, created: performance.now() };
  // The Python worker says 'hello' when it listens; the page's Runner answers with 'init'.
  if (python) early.interrupt = self.crossOriginIsolated && typeof SharedArrayBuffer === 'function' ? new Uint8Array(new SharedArrayBuffer(1)) : null;
  w.onmessage = (e) => early.messages.push(e);
  w.onerror = (e) => early.errors.push(e);
  window.__tensorpadEarly = early;
} catch { /* the page starts its own worker */ }
