// Node's console.log formatting (util.format + util.inspect with default options), so the
// same example prints the same text in the page as under `node examples/<file>`.
// Follows Node 20's lib/internal/util/inspect.js for what examples print: primitives,
// arrays (with its column grouping past 6 entries), plain objects, class instances,
// TypedArrays, Maps/Sets, errors, and objects with a nodejs.util.inspect.custom method
// (tensors, torch.Size, dtypes). Depth 2, breakLength 80, compact 3, as Node's defaults.
const custom = Symbol.for('nodejs.util.inspect.custom');
const BREAK = 80, COMPACT = 3, DEPTH = 2, MAX_ARRAY = 100, MAX_STRING = 10000;
const identRe = /^[a-zA-Z_][a-zA-Z_0-9]*$/;

function quote(s) {
  const q = !s.includes("'") ? "'" : !s.includes('"') ? '"' : !s.includes('`') && !s.includes('${') ? '`' : "'";
  const body = s.replace(/[\\\n\t\r\b\f\v]/g, (c) => ({ '\\': '\\\\', '\n': '\\n', '\t': '\\t', '\r': '\\r', '\b': '\\b', '\f': '\\f', '\v': '\\v' })[c]);
  return q + (q === "'" ? body.replace(/'/g, "\\'") : body) + q;
}

function formatNumber(n) { return Object.is(n, -0) ? '-0' : String(n); }

function formatPrimitive(v, ctx) {
  switch (typeof v) {
    case 'string': {
      if (v.length > MAX_STRING) return quote(v.slice(0, MAX_STRING)) + `... ${v.length - MAX_STRING} more characters`;
      // Long strings in nested positions are split on newlines as Node does.
      if (ctx.indentationLvl + v.length > BREAK && v.includes('\n') && v.length > 16) {
        const parts = v.match(/[^\n]*\n|[^\n]+$/g);
        if (parts.length > 1) return parts.map(quote).join(` +\n${' '.repeat(ctx.indentationLvl + 2)}`);
      }
      return quote(v);
    }
    case 'number': return formatNumber(v);
    case 'bigint': return `${v}n`;
    case 'boolean': return String(v);
    case 'undefined': return 'undefined';
    case 'symbol': return v.toString();
    default: return String(v);
  }
}

function constructorName(v) {
  let proto = Object.getPrototypeOf(v);
  if (proto === null) return null;
  while (proto) {
    const d = Object.getOwnPropertyDescriptor(proto, 'constructor');
    if (d && typeof d.value === 'function' && d.value.name) return d.value.name;
    proto = Object.getPrototypeOf(proto);
  }
  return '';
}

function groupArrayElements(ctx, output, value) {
  let totalLength = 0, maxLength = 0, outputLength = output.length;
  if (value && value.length > MAX_ARRAY && output.length > MAX_ARRAY) outputLength--;
  const sep = 2, dataLen = new Array(outputLength);
  for (let i = 0; i < outputLength; i++) {
    const len = output[i].length;
    dataLen[i] = len;
    totalLength += len + sep;
    if (maxLength < len) maxLength = len;
  }
  const actualMax = maxLength + sep;
  if (actualMax * 3 + ctx.indentationLvl < BREAK && (totalLength / actualMax > 5 || maxLength <= 6)) {
    const averageBias = Math.sqrt(actualMax - totalLength / output.length);
    const biasedMax = Math.max(actualMax - 3 - averageBias, 1);
    const columns = Math.min(Math.round(Math.sqrt(2.5 * biasedMax * outputLength) / biasedMax),
      Math.floor((BREAK - ctx.indentationLvl) / actualMax), COMPACT * 4, 15);
    if (columns <= 1) return output;
    const tmp = [], maxLineLength = [];
    for (let i = 0; i < columns; i++) {
      let lineMax = 0;
      for (let j = i; j < output.length; j += columns) if (dataLen[j] > lineMax) lineMax = dataLen[j];
      maxLineLength.push(lineMax + sep);
    }
    let padStart = true;
    if (value !== undefined) {
      for (let i = 0; i < output.length; i++) {
        if (typeof value[i] !== 'number' && typeof value[i] !== 'bigint') { padStart = false; break; }
      }
    }
    for (let i = 0; i < outputLength; i += columns) {
      const max = Math.min(i + columns, outputLength);
      let str = '', j = i;
      for (; j < max - 1; j++) {
        const s = `${output[j]}, `;
        str += padStart ? s.padStart(maxLineLength[j - i], ' ') : s.padEnd(maxLineLength[j - i], ' ');
      }
      str += padStart ? output[j].padStart(maxLineLength[j - i] - sep, ' ') : output[j];
      tmp.push(str);
    }
    if (outputLength < output.length) tmp.push(output[outputLength]);
    return tmp;
  }
  return output;
}

function isBelowBreakLength(output, start, base) {
  let total = output.length + start;
  if (total + output.length > BREAK) return false;
  for (const o of output) {
    total += o.length;
    if (total > BREAK) return false;
  }
  return base === '' || !base.includes('\n');
}

function reduceToSingleString(ctx, output, base, braces, isArray, recurseTimes, value) {
  const entries = output.length;
  if (isArray && entries > 6) output = groupArrayElements(ctx, output, value);
  if (ctx.currentDepth - recurseTimes < COMPACT && entries === output.length) {
    const start = output.length + ctx.indentationLvl + braces[0].length + base.length + 10;
    if (isBelowBreakLength(output, start, base)) {
      const joined = output.join(', ');
      if (!joined.includes('\n')) return `${base ? `${base} ` : ''}${braces[0]} ${joined} ${braces[1]}`;
    }
  }
  const ind = `\n${' '.repeat(ctx.indentationLvl)}`;
  return `${base ? `${base} ` : ''}${braces[0]}${ind}  ${output.join(`,${ind}  `)}${ind}${braces[1]}`;
}

function formatKey(k) {
  if (typeof k === 'symbol') return `[${k.toString()}]`;
  return identRe.test(k) ? k : quote(k);
}

function formatValue(ctx, v, recurseTimes, typedArray = false) {
  if (v === null) return 'null';
  if (typeof v !== 'object' && typeof v !== 'function') return formatPrimitive(v, ctx);
  if (typeof v[custom] === 'function' && v[custom] !== inspect) {
    const ret = v[custom](DEPTH - recurseTimes, { depth: DEPTH, breakLength: BREAK, compact: COMPACT }, inspect);
    if (ret !== v) {
      if (typeof ret !== 'string') return formatValue(ctx, ret, recurseTimes);
      return ret.replaceAll('\n', `\n${' '.repeat(ctx.indentationLvl)}`);
    }
  }
  if (ctx.seen.includes(v)) return '[Circular *1]';
  return formatRaw(ctx, v, recurseTimes, typedArray);
}

function formatRaw(ctx, v, recurseTimes) {
  const name = constructorName(v);
  let braces, base = '', isArray = false, keys, output = [];
  const prefix = (fallback, size) => {
    const n = name === null ? `[${fallback}: null prototype]` : name;
    return size === undefined ? (n === fallback ? '' : `${n} `) : `${n}(${size}) `;
  };
  if (typeof v === 'function') {
    const s = Function.prototype.toString.call(v);
    base = s.startsWith('class') ? `[class ${v.name || '(anonymous)'}]` : `[Function: ${v.name || '(anonymous)'}]`;
    if (v.name === '') base = s.startsWith('class') ? '[class (anonymous)]' : '[Function (anonymous)]';
    keys = Object.keys(v);
    if (!keys.length) return base;
    braces = ['{', '}'];
  } else if (v instanceof Error) {
    base = v.stack || `${v.name}: ${v.message}`;
    keys = Object.keys(v);
    if (!keys.length) return base;
    braces = ['{', '}'];
  } else if (Array.isArray(v)) {
    isArray = true;
    braces = [`${prefix('Array', v.length === 0 && name !== 'Array' ? 0 : undefined)}[`, ']'];
    if (name !== 'Array') braces[0] = `${name}(${v.length}) [`;
    keys = Object.keys(v).filter((k) => !/^\d+$/.test(k));
    if (v.length === 0 && keys.length === 0) return `${braces[0]}]`;
  } else if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
    isArray = true;
    braces = [`${name}(${v.length}) [`, ']'];
    keys = [];
    if (v.length === 0) return `${braces[0]}]`;
  } else if (v instanceof Map) {
    braces = [`${prefix('Map', v.size)}{`, '}'];
    keys = [];
    if (v.size === 0) return `${braces[0]}}`;
  } else if (v instanceof Set) {
    braces = [`${prefix('Set', v.size)}{`, '}'];
    keys = [];
    if (v.size === 0) return `${braces[0]}}`;
  } else if (v instanceof Promise) {
    return 'Promise { <pending> }';
  } else {
    keys = Object.keys(v);
    braces = ['{', '}'];
    if (name === null) braces[0] = '[Object: null prototype] {';
    else if (name !== 'Object') braces[0] = `${name} {`;
    if (keys.length === 0) return name === 'Object' ? '{}' : `${braces[0]}}`;
  }
  if (recurseTimes > DEPTH) return `[${isArray && !ArrayBuffer.isView(v) ? 'Array' : name || 'Object'}]`;
  recurseTimes++;
  ctx.seen.push(v);
  ctx.currentDepth = recurseTimes;
  const sub = (x) => {
    ctx.indentationLvl += 2;
    const s = formatValue(ctx, x, recurseTimes);
    ctx.indentationLvl -= 2;
    return s;
  };
  if (isArray) {
    const n = Math.min(v.length, MAX_ARRAY);
    for (let i = 0; i < n; i++) output.push(i in v ? sub(v[i]) : '<1 empty item>');
    if (v.length > n) output.push(`... ${v.length - n} more item${v.length - n > 1 ? 's' : ''}`);
  } else if (v instanceof Map) {
    for (const [k, x] of v) output.push(`${sub(k)} => ${sub(x)}`);
  } else if (v instanceof Set) {
    for (const x of v) output.push(sub(x));
  }
  for (const k of keys) {
    const d = Object.getOwnPropertyDescriptor(v, k);
    const val = d.get ? (d.set ? '[Getter/Setter]' : '[Getter]') : d.set ? '[Setter]' : sub(d.value);
    output.push(`${formatKey(k)}: ${val}`);
  }
  ctx.seen.pop();
  return reduceToSingleString(ctx, output, base, braces, isArray, recurseTimes, isArray ? v : undefined);
}

/** util.inspect(v) with Node's default options. */
export function inspect(v) {
  return formatValue({ seen: [], indentationLvl: 0, currentDepth: 0 }, v, 0);
}

/** util.format(...args): what console.log prints (without the newline). */
export function format(...args) {
  let out = '', rest = 0;
  const first = args[0];
  if (typeof first === 'string' && args.length > 1 && first.includes('%')) {
    let a = 1, last = 0;
    for (let i = 0; i < first.length - 1; i++) {
      if (first[i] !== '%') continue;
      const c = first[i + 1];
      let rep;
      if (c === '%') { out += first.slice(last, i) + '%'; last = i + 2; i++; continue; }
      if (a >= args.length) continue;
      const x = args[a];
      if (c === 's') rep = typeof x === 'string' ? x : typeof x === 'bigint' ? `${x}n` : typeof x === 'object' && x !== null ? inspect(x) : formatPrimitive(x, { indentationLvl: 0 });
      else if (c === 'd' || c === 'i') rep = typeof x === 'bigint' ? `${x}n` : typeof x === 'object' && x !== null ? 'NaN' : formatNumber(c === 'i' ? Math.trunc(Number(x)) : Number(x));
      else if (c === 'f') rep = formatNumber(parseFloat(x));
      else if (c === 'j') { try { rep = JSON.stringify(x); } catch { rep = '[Circular]'; } }
      else if (c === 'o' || c === 'O') rep = inspect(x);
      else if (c === 'c') rep = '';
      else continue;
      out += first.slice(last, i) + rep;
      last = i + 2;
      i++;
      a++;
    }
    out += first.slice(last);
    rest = a;
  } else {
    rest = 0;
  }
  for (let i = rest; i < args.length; i++) {
    const x = args[i];
    if (i > 0 || rest > 0) out += ' ';
    out += typeof x === 'string' ? x : inspect(x);
  }
  return out;
}
