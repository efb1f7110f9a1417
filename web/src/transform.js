// Prepares the user's code for the worker without changing its line numbers (so error
// lines map 1:1): an `import ... from '.../tensorpad.js'` becomes a binding to the worker's
// module (examples/ files run unchanged), loops in async context get `await __yield();`
// (the runner yields a macrotask now and then, so the page stays live and finalizers can
// release tensors), and the top-level variables are captured at the end for the graph and
// memory views. Parsing uses the lezer grammar CodeMirror already ships.
import { parser } from '@lezer/javascript';

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunction', 'MethodDeclaration', 'ClassDeclaration', 'ClassExpression']);
const LOOPS = new Set(['ForStatement', 'WhileStatement', 'DoStatement']);
// Modules the playground can provide besides tensorpad itself.
const SHIMS = ['node:util', 'util', 'node:assert', 'assert', 'node:assert/strict', 'assert/strict', 'node:perf_hooks', 'perf_hooks'];

function isAsyncContext(node) {
  for (let p = node.parent; p; p = p.parent) {
    if (FUNCTIONS.has(p.name)) {
      if (p.name === 'ClassDeclaration' || p.name === 'ClassExpression') return false;
      return !!p.getChild('async');
    }
  }
  return true;  // top level of the (async) wrapper
}

/** The import clause `torch`, `* as t`, `{ a, b as c }`, `x, { y }` as a destructuring target. */
function importPattern(clause) {
  const parts = [];
  let m, rest = clause.trim();
  if ((m = /^\*\s*as\s+([\w$]+)$/.exec(rest))) return m[1];
  if ((m = /^([\w$]+)\s*(?:,\s*(.*))?$/s.exec(rest))) {
    parts.push(`default: ${m[1]}`);
    rest = (m[2] ?? '').trim();
    if ((m = /^\*\s*as\s+([\w$]+)$/.exec(rest))) return null;  // default + namespace: not worth it
  }
  if ((m = /^\{(.*)\}$/s.exec(rest))) {
    for (const spec of m[1].split(',').map((s) => s.trim()).filter(Boolean)) {
      const [name, alias] = spec.split(/\s+as\s+/);
      parts.push(alias ? `${name}: ${alias}` : name);
    }
  } else if (rest) return null;
  return `{ ${parts.join(', ')} }`;
}

/**
 * Returns {code, names, syntaxError}: code for the worker (same line count), the top-level
 * variable names it captures, and {line, col, message} when the parse found an error.
 */
export function prepare(src) {
  const tree = parser.parse(src);
  const edits = [];  // [from, to, text]
  const names = [];
  let syntaxError = null;
  tree.iterate({
    enter(ref) {
      const node = ref.node;
      if (ref.type.isError && !syntaxError) {
        const before = src.slice(0, ref.from);
        const line = before.split('\n').length;
        syntaxError = { line, col: ref.from - before.lastIndexOf('\n') };
      }
      if (ref.name === 'ImportDeclaration') {
        const text = src.slice(ref.from, ref.to);
        const m = /^import\s+([\s\S]*?)\s+from\s+(['"])(.*?)\2\s*;?$/.exec(text.trim());
        const lines = '\n'.repeat((text.match(/\n/g) ?? []).length);
        if (m && /(^|\/)tensorpad(\.js)?$|^tensorpad$/.test(m[3])) {
          const pat = importPattern(m[1]);
          edits.push([ref.from, ref.to, pat ? `const ${pat} = __modules['tensorpad'];${lines}` : `__importError(${JSON.stringify(m[3])});${lines}`]);
        } else if (m && SHIMS.includes(m[3])) {
          const pat = importPattern(m[1]);
          edits.push([ref.from, ref.to, `const ${pat} = __modules[${JSON.stringify(m[3].replace(/^node:/, '').replace(/\/strict$/, ''))}];${lines}`]);
        } else if (/^import\s+(['"])/.test(text.trim())) {
          edits.push([ref.from, ref.to, lines]);  // side-effect import: nothing to do here
        } else {
          edits.push([ref.from, ref.to, `__importError(${JSON.stringify(m ? m[3] : text)});${lines}`]);
        }
        return false;
      }
      if (ref.name === 'ExportDeclaration') {
        // `export const x = ...` runs as `const x = ...`
        const kw = node.firstChild;
        if (kw && kw.name === 'export') edits.push([kw.from, kw.to, '      '.slice(0, kw.to - kw.from)]);
      }
      if (ref.name === 'VariableDeclaration' && node.parent?.name === 'Script' ||
          ref.name === 'VariableDeclaration' && node.parent?.name === 'ExportDeclaration' && node.parent.parent?.name === 'Script') {
        const collect = (n) => {
          for (let c = n.firstChild; c; c = c.nextSibling) {
            if (c.name === 'VariableDefinition') names.push(src.slice(c.from, c.to));
            else if (c.name === 'ArrayPattern' || c.name === 'ObjectPattern' || c.name === 'PatternProperty') collect(c);
          }
        };
        collect(node);
      }
      if (LOOPS.has(ref.name) && isAsyncContext(node)) {
        const body = ref.name === 'DoStatement' ? node.getChild('do')?.nextSibling : node.lastChild;
        if (body && body.name === 'Block') edits.push([body.from + 1, body.from + 1, 'await __yield();']);
        else if (body && !body.type.isError) {
          edits.push([body.from, body.from, '{await __yield();']);
          edits.push([body.to, body.to, '}']);
        }
      }
    },
  });
  edits.sort((a, b) => b[0] - a[0] || b[1] - a[1]);
  let code = src;
  for (const [from, to, text] of edits) code = code.slice(0, from) + text + code.slice(to);
  const uniq = [...new Set(names)];
  if (uniq.length) {
    code += `\n;__capture({${uniq.map((n) => `${JSON.stringify(n)}: (() => { try { return ${n}; } catch { return undefined; } })()`).join(', ')}});`;
  }
  return { code, names: uniq, syntaxError };
}
