// How a tensor reads in a browser's DevTools.
//
// With DevTools' default settings a logged object is previewed from its own fields only (no
// getter or formatter runs), so console.log and friends give each tensor they are handed three
// preview fields (Note [Console preview] in tensor.js) just before handing their arguments on:
//   Tensor {[[shape]]: '[2, 3]', [[dtype]]: 'torch.float32', [[values]]: '[[1., 2., 3.], [4., 5., 6.]]', _p: …}
// That costs nothing until something is logged. A DevTools custom formatter
// (window.devtoolsFormatters; shown once "Enable custom formatters" is ticked in the settings)
// shows the values or the size and dtype on one line, and PyTorch's repr when opened.
// Node's console uses util.inspect (PyTorch's repr), so none of this is installed there.
import { Tensor } from './tensor.js';

const mono = { style: 'font-family: monospace' };

export const tensorFormatter = {
  header(x) {
    if (!(x instanceof Tensor)) return null;
    if (x.is_disposed) return ['span', mono, 'tensor(<disposed>)'];
    const text = x.numel() <= 8 ? String(x) : '';
    if (text && !text.includes('\n')) return ['span', mono, text];
    return ['span', mono, `Tensor(size=${x.shape}, dtype=${x.dtype}${x.requires_grad ? ', requires_grad=True' : ''})`];
  },
  hasBody: (x) => x instanceof Tensor && !x.is_disposed && (x.numel() > 8 || String(x).includes('\n')),
  body: (x) => ['pre', mono, String(x)],
};

/** The data part of PyTorch's repr on one line: `[[1., 2.], [3., 4.]]`, `True`, `[0., 0.,  ..., 0.]`. */
export function valuesText(repr) {
  const s = repr.slice(repr.indexOf('tensor(') + 7);
  let end = 0;
  if (s[0] === '[') {
    for (let depth = 0; end < s.length; end++) {
      if (s[end] === '[') depth++;
      else if (s[end] === ']' && --depth === 0) { end++; break; }
    }
  } else {
    end = s.search(/[,)]/);
  }
  return s.slice(0, end).replace(/\n\s*/g, ' ');
}

const FIELDS = ['[[shape]]', '[[dtype]]', '[[values]]'];

/** Fills in t's console-preview fields from its current state, making them its first fields. */
export function notePreview(t) {
  if (!Object.hasOwn(t, FIELDS[0])) {
    const own = Reflect.ownKeys(t).map((k) => [k, Object.getOwnPropertyDescriptor(t, k)]);
    if (own.some(([, d]) => !d.configurable)) return;
    // newest first: V8 undoes the newest field's addition in place (the object keeps a fast shape)
    for (let i = own.length - 1; i >= 0; i--) delete t[own[i][0]];
    for (const k of FIELDS) t[k] = undefined;
    for (const [k, d] of own) Object.defineProperty(t, k, d);
  }
  const live = !t.is_disposed;
  t[FIELDS[0]] = live ? `[${t.shape.join(', ')}]` : undefined;
  t[FIELDS[1]] = live ? String(t.dtype) : undefined;
  t[FIELDS[2]] = live ? valuesText(String(t)) : '<disposed>';
}

// a tensor argument, or one directly inside an array or plain object argument
function noteArgument(a) {
  if (a instanceof Tensor) { notePreview(a); return; }
  if (a === null || typeof a !== 'object') return;
  const proto = Object.getPrototypeOf(a);
  if (Array.isArray(a)) { for (let i = 0; i < a.length && i < 100; i++) if (a[i] instanceof Tensor) notePreview(a[i]); }
  else if (proto === Object.prototype || proto === null) {
    let n = 0;
    for (const k in a) { if (n++ === 100) break; if (Object.hasOwn(a, k) && a[k] instanceof Tensor) notePreview(a[k]); }
  }
}

const LOGGING = ['log', 'info', 'debug', 'warn', 'error', 'dir', 'dirxml', 'trace', 'table', 'group', 'groupCollapsed', 'assert'];
const WRAPPED = Symbol.for('tensorpad.console');

/** Wraps the console's logging methods so that the tensors they are handed get their preview fields. */
function wrapConsole(con) {
  for (const name of LOGGING) {
    const original = con[name];
    if (typeof original !== 'function' || original[WRAPPED]) continue;
    const wrapped = { [name](...args) {
      for (let i = 0; i < args.length; i++) {
        try { noteArgument(args[i]); } catch { /* a preview is never worth failing a log call */ }
      }
      return original.apply(this, args);
    } }[name];
    wrapped[WRAPPED] = true;
    con[name] = wrapped;
  }
}

/** Adds the formatter and the console previews in pages and workers (not in Node, whose console uses util.inspect). */
export function installDevtoolsFormatter() {
  if (typeof process !== 'undefined' && process.versions?.node) return;
  const list = globalThis.devtoolsFormatters ??= [];
  if (Array.isArray(list) && !list.includes(tensorFormatter)) list.push(tensorFormatter);
  // globalThis.TENSORPAD_CONSOLE = false before the library loads leaves the console untouched
  if (typeof console === 'object' && console && globalThis.TENSORPAD_CONSOLE !== false) wrapConsole(console);
}
