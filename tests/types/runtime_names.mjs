// Writes a TypeScript file that holds js/tensorpad.d.ts to the runtime, both ways: for each
// namespace object (torch, torch.nn, torch.nn.functional, ...), the module's exports and a
// tensor's members, an object literal of the names found at run time typed as
// Record<declared names, true>. tsc then reports a declared name the runtime lacks
// ("Property 'x' is missing") and a runtime name the types lack ("Object literal may only
// specify known properties"). Names starting with '_' are internal and skipped both ways.
import * as mod from '../../js/tensorpad.js';

const torch = mod.default;
const isNamespace = (v) => v !== null && typeof v === 'object' && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);
const publicNames = (names) => [...new Set(names)].filter((k) => typeof k === 'string' && !k.startsWith('_')).sort();

function members(proto) {
  const out = [];
  for (let p = proto; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) out.push(...Object.getOwnPropertyNames(p));
  return out.filter((k) => k !== 'constructor');
}

/** [type expression, runtime names] pairs. */
export function checks() {
  const list = [];
  const walk = (value, expr, path) => {
    list.push([`typeof ${expr}`, publicNames(Object.keys(value)), path]);
    for (const k of publicNames(Object.keys(value))) if (isNamespace(value[k])) walk(value[k], `${expr}.${k}`, `${path}.${k}`);
  };
  walk(torch, 'torch', 'torch');
  list.push(['typeof M', publicNames(Object.keys(mod)), 'module exports']);
  const t = torch.zeros(1);
  list.push(['Tensor', publicNames([...members(Object.getPrototypeOf(t)), ...Object.keys(t)]), 'Tensor']);
  return list;
}

/** The check file; with noErrorTruncation, each failing line names every mismatch at once. */
export function source(importPath) {
  const lines = [`import * as M from '${importPath}';`, `import torch, { Tensor } from '${importPath}';`,
    'type Pub<T> = Exclude<Extract<keyof T, string>, `_${string}`>;',
    'type None<X, Label extends string> = [X] extends [never] ? true : { [K in Label]: X };'];
  checks().forEach(([type, names, path], i) => {
    lines.push(`// ${path}`, `type R${i} = ${names.map((n) => JSON.stringify(n)).join(' | ') || 'never'};`);
    lines.push(`export const declared${i}: None<Exclude<Pub<${type}>, R${i}>, 'declared_but_missing_at_runtime_in_${path.replace(/\W/g, '_')}'> = true;`);
    lines.push(`export const runtime${i}: None<Exclude<R${i}, Pub<${type}>>, 'at_runtime_but_undeclared_in_${path.replace(/\W/g, '_')}'> = true;`);
  });
  return lines.join('\n') + '\n';
}
