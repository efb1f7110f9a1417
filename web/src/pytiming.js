// The Python worker's start-up timeline: [what, epoch ms] marks (performance.timeOrigin +
// performance.now(), so that the page and a benchmark can line them up with their own
// clocks), sent with the worker's 'ready' and 'done' messages as info.timing.
// bench/playground_python.mjs prints them. Imported first by pyworker.js, so that its first
// mark is the worker's start, before the library's wasm is loaded.
export const marks = [];
export function mark(what) { marks.push([what, performance.timeOrigin + performance.now()]); }
mark('worker start');

// Every file the start-up needs is requested here, at the worker's first line, all at once
// (before the library's wasm is compiled and before the page answers 'hello'): the worker's
// fetch hands these responses to the loader when it asks (take()), instead of one request
// after another.
const PREFETCH = ['pyodide.asm.js', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json'];
const base = new URL(PYODIDE_PATH, self.location.href);
const early = new Map(PREFETCH.map((f) => [f, new URL(f, base).href]));
early.set('tensorpad-python.json', new URL('../dist/tensorpad-python.json', self.location.href).href);
if ('tensorpad-python.snapshot' in PYODIDE_SIZES) early.set('tensorpad-python.snapshot', new URL('../dist/tensorpad-python.snapshot', self.location.href).href);
const started = new Map([...early].map(([name, url]) => [url, fetch(url)]));
for (const [, p] of started) p.catch(() => {});
/** The response of an early request for url (once), or null. */
export function take(url) {
  const p = started.get(url);
  started.delete(url);
  return p ?? null;
}
