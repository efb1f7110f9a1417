// A DevTools custom formatter (window.devtoolsFormatters; Chromium and Firefox show it once
// "Enable custom formatters" is ticked in the DevTools settings): console.log(t) in a page
// shows the tensor's values or its size and dtype on one line, and PyTorch's repr when
// opened, instead of the handle's fields. Nothing runs until DevTools formats a tensor.
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

/** Adds the formatter in pages and workers (not in Node, whose console uses util.inspect). */
export function installDevtoolsFormatter() {
  if (typeof process !== 'undefined' && process.versions?.node) return;
  const list = globalThis.devtoolsFormatters ??= [];
  if (Array.isArray(list) && !list.includes(tensorFormatter)) list.push(tensorFormatter);
}
