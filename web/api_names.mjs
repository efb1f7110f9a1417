// The names the editor completes, derived from the library itself when the page is built
// (web/build.mjs writes them to assets/api.json; web/src/complete.js reads it): every
// torch.* namespace member and Tensor method/property as the runtime has them, with
// PyTorch 1.13's signature where js/core/arg_table.js has one (the python_arg_parser
// strings, or the parameters of a Python-level function). Python mode forwards the same
// names, so one list serves both languages.
import torch, { Tensor } from '../js/tensorpad.js';
import table from '../js/core/arg_table.js';

// The JS namespace -> its section of arg_table.js
const SECTIONS = { torch: 'torch', 'torch.nn': 'nn', 'torch.nn.functional': 'F', 'torch.linalg': 'linalg', 'torch.special': 'special', 'torch.fft': 'fft', 'torch.nn.init': 'init' };

/** One line: the overloads that are not deprecated (' | ' between), or name(params) of a Python function. */
function signature(section, name) {
  const e = table[section] && Object.hasOwn(table[section], name) ? table[section][name] : null;
  if (!e || !(Array.isArray(e) || Array.isArray(e.params))) return null;
  if (Array.isArray(e)) {
    const live = e.filter((x) => !x.endsWith('|deprecated'));
    return [...new Set((live.length ? live : e).map((x) => x.replace(/\|deprecated$/, '').replace(/, Tensor out=None/, '').replace(/, \*\)$/, ')')))].join('  |  ');
  }
  const params = e.params.filter(([p]) => p !== 'self');
  let star = false;
  const parts = params.map(([p, kind, dflt]) => {
    if (kind === 'v') { star = true; return `*${p}`; }
    if (kind === 'w') return `**${p}`;
    const pre = kind === 'k' && !star ? ((star = true), '*, ') : '';
    return `${pre}${p}${dflt ? '=…' : ''}`;
  });
  return `${name}(${parts.join(', ')})`;
}

function kindOf(v) {
  if (typeof v === 'function') return /^[A-Z]/.test(v.name ?? '') && v.prototype ? 'class' : 'function';
  if (v && typeof v === 'object') return 'namespace';
  return 'constant';
}

export function describeApi() {
  const namespaces = {};
  const walk = (path, obj, depth) => {
    const section = SECTIONS[path];
    const entries = [];
    for (const k of Object.keys(obj).sort()) {
      if (k.startsWith('_')) continue;
      const v = obj[k], kind = kindOf(v);
      const sig = section ? signature(section, k) : null;
      entries.push(sig ? [k, kind, sig] : [k, kind]);
      if (kind === 'namespace' && depth < 3 && Object.getPrototypeOf(v) === Object.prototype) walk(`${path}.${k}`, v, depth + 1);
    }
    namespaces[path] = entries;
  };
  walk('torch', torch, 0);
  const tensor = [];
  const seen = new Set();
  for (let p = Tensor.prototype; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    for (const k of Object.getOwnPropertyNames(p)) {
      if (k === 'constructor' || k.startsWith('_') || seen.has(k)) continue;
      seen.add(k);
      const d = Object.getOwnPropertyDescriptor(p, k);
      const sig = d.get ? null : signature('Tensor', k);
      tensor.push(sig ? [k, d.get ? 'property' : 'method', sig] : [k, d.get ? 'property' : 'method']);
    }
  }
  tensor.sort((a, b) => (a[0] < b[0] ? -1 : 1));
  return { namespaces, tensor };
}
