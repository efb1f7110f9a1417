// Completion and hover help in the editor from the runtime's own names (assets/api.json,
// made at build time by web/api_names.mjs from the library and PyTorch's signatures):
// `torch.` / `nn.` / `F.` members, Tensor methods after any other `x.`, keyword names inside
// a call, and a one-line signature on hover. It reads only text, so it serves JavaScript and
// Python alike: the language (CodeMirror's language facet) only decides how a keyword is
// inserted (`dtype: ` inside a JS options object, `dtype=` in a Python call).
import { autocompletion } from '@codemirror/autocomplete';
import { hoverTooltip } from '@codemirror/view';
import { language } from '@codemirror/language';

// What a leading name usually stands for in tutorials (`const { nn } = torch`,
// `import torch.nn.functional as F`).
const ALIASES = { torch: 'torch', nn: 'torch.nn', F: 'torch.nn.functional', optim: 'torch.optim', init: 'torch.nn.init', linalg: 'torch.linalg' };
const KIND_TYPE = { function: 'function', class: 'class', namespace: 'namespace', constant: 'constant', method: 'method', property: 'property' };

/** Loads the API description once (from url) and answers questions about it. */
export function createApi(load) {
  let api = null, pending = null;
  const ready = () => api ?? (pending ??= Promise.resolve(load()).then((a) => { api = index(a); return api; }, () => { pending = null; return null; }));
  return { ready, get loaded() { return api; } };
}

function index(a) {
  const ns = new Map(Object.entries(a.namespaces).map(([path, list]) => [path, new Map(list.map(([name, kind, sig]) => [name, { name, kind, sig }]))]));
  const tensor = new Map(a.tensor.map(([name, kind, sig]) => [name, { name, kind, sig }]));
  return { ns, tensor };
}

/** 'torch.nn' for 'nn', 'torch.nn.functional' for 'torch.nn.functional' or 'F', else null. */
function namespaceOf(api, path) {
  const [head, ...rest] = path.split('.');
  const full = [ALIASES[head] ?? head, ...rest].join('.');
  return api.ns.has(full) ? full : null;
}

/** The entry a dotted path names: a namespace member, or a Tensor method for `x.name`. */
export function lookup(api, path) {
  const dot = path.lastIndexOf('.');
  if (dot < 0) return null;
  const owner = path.slice(0, dot), name = path.slice(dot + 1);
  const ns = namespaceOf(api, owner);
  if (ns) return api.ns.get(ns).get(name) ?? null;
  return api.tensor.get(name) ?? null;
}

/** Parameter names of a signature line (every overload), in order, without duplicates. */
export function paramNames(sig) {
  const names = [];
  for (const overload of sig.split('  |  ')) {
    const inner = overload.slice(overload.indexOf('(') + 1, overload.lastIndexOf(')'));
    for (const part of inner.split(',')) {
      const m = /([A-Za-z_]\w*)\s*(?:=.*)?$/.exec(part.trim().replace(/^\*+/, ''));
      if (m && m[1] !== 'self' && !names.includes(m[1])) names.push(m[1]);
    }
  }
  return names;
}

/**
 * The call the cursor is inside, as {callee, inObject}: scanning back over brackets (and
 * skipping strings) to the first unmatched '(' — through at most one unmatched '{' (a JS
 * options object).
 */
export function enclosingCall(text) {
  let depth = 0, inObject = false;
  for (let i = text.length - 1; i >= 0 && i > text.length - 4000; i--) {
    const c = text[i];
    if (c === '"' || c === "'" || c === '`') { const j = text.lastIndexOf(c, i - 1); if (j < 0) return null; i = j; continue; }
    if (c === ')' || c === ']' || c === '}') depth++;
    else if (c === '(' || c === '[' || c === '{') {
      if (depth) { depth--; continue; }
      if (c === '{' && !inObject) { inObject = true; continue; }
      if (c !== '(') return null;
      const m = /([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*)\s*$/.exec(text.slice(Math.max(0, i - 200), i));
      return m ? { callee: m[1].replace(/\s+/g, ''), inObject } : null;
    }
  }
  return null;
}

const option = ({ name, kind, sig }) => ({ label: name, type: KIND_TYPE[kind] ?? 'variable', detail: sig ? undefined : kind, info: sig ?? undefined });

/** The completion source: members after a dot, keyword names inside a call. */
export function torchCompletionSource(api) {
  return async (context) => {
    const a = await api.ready();
    if (!a) return null;
    const line = context.state.doc.lineAt(context.pos);
    const before = context.state.sliceDoc(line.from, context.pos);
    const member = /((?:[A-Za-z_$][\w$]*\s*\.\s*)*[A-Za-z_$][\w$]*|[)\]])\s*\.\s*([\w$]*)$/.exec(before);
    if (member) {
      const from = context.pos - member[2].length;
      const ns = /^[)\]]$/.test(member[1]) ? null : namespaceOf(a, member[1].replace(/\s+/g, ''));
      const list = ns ? [...a.ns.get(ns).values()] : [...a.tensor.values()];
      return { from, options: list.map(option), validFor: /^[\w$]*$/ };
    }
    const word = context.matchBefore(/[A-Za-z_]\w*/);
    const call = enclosingCall(context.state.sliceDoc(Math.max(0, context.pos - 4000), word ? word.from : context.pos));
    if (!call) return null;
    const python = context.state.facet(language)?.name === 'python';
    if (!python && !call.inObject) return null;   // JS keywords live in the options object
    const prev = context.state.sliceDoc(Math.max(0, (word ? word.from : context.pos) - 40), word ? word.from : context.pos);
    if (!/[({,]\s*$/.test(prev)) return null;     // not where an argument name goes
    if (!word && !context.explicit) return null;
    const entry = lookup(a, call.callee.includes('.') ? call.callee : `torch.${call.callee}`);
    if (!entry?.sig) return null;
    const names = paramNames(entry.sig).filter((n) => !['input', 'out', 'names'].includes(n));
    return {
      from: word ? word.from : context.pos,
      options: names.map((n) => ({ label: n, type: 'property', detail: 'keyword', apply: python ? `${n}=` : `${n}: ` })),
      validFor: /^\w*$/,
    };
  };
}

/** Hover: the signature (or kind) of the dotted name under the pointer. */
export function torchHover(api) {
  return hoverTooltip((view, pos) => {
    const a = api.loaded;
    if (!a) { api.ready(); return null; }
    const line = view.state.doc.lineAt(pos);
    const text = line.text, at = pos - line.from;
    let s = at, e = at;
    while (s > 0 && /[\w$]/.test(text[s - 1])) s--;
    while (e < text.length && /[\w$]/.test(text[e])) e++;
    if (s === e) return null;
    const m = /((?:[A-Za-z_$][\w$]*\s*\.\s*)*)$/.exec(text.slice(0, s));
    const owner = m[1].replace(/\s+/g, '');
    const name = text.slice(s, e);
    const entry = owner ? lookup(a, `${owner}${name}`) : null;
    if (!entry) return null;
    const overloads = entry.sig ? entry.sig.split('  |  ') : [`${owner}${name}: ${entry.kind}`];
    const sig = overloads.length > 1 ? `${overloads[0]}   (+${overloads.length - 1} overload${overloads.length > 2 ? 's' : ''})` : overloads[0];
    return {
      pos: line.from + s, end: line.from + e, above: true,
      create: () => { const dom = document.createElement('div'); dom.className = 'tp-hover'; dom.textContent = sig; return { dom }; },
    };
  });
}

/** The editor extensions: completion from api.json at url, and hover help. */
export function torchCompletion(url) {
  const api = createApi(() => fetch(url).then((r) => { if (!r.ok) throw new Error(`${url}: ${r.status}`); return r.json(); }));
  return [autocompletion({ override: [torchCompletionSource(api)], activateOnTyping: true, icons: false }), torchHover(api)];
}
