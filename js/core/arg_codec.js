// The compact form js/core/arg_table.js is written in (by tests/fixtures/gen_arg_table.py),
// decoded once at load into the plain table js/core/arg_parser.js reads: about a third of
// the bytes of the signature strings spelled out, gzip included.
//   params  every distinct parameter ("Tensor input", "*", "int64_t dim=-1") once, '|'-joined;
//   a built-in's entry: its signatures ' '-joined, each "[name:]" (when not the entry's own
//     name) + two base-62 digits per parameter (its index in params) + its "|deprecated" or
//     "|hidden" tail; "-" is METH_NOARGS ('noargs');
//   a Python-level function's entry: "@[name:]" + its parameters ' '-joined as
//     "name/kind[=][T|T?][~checks[^depends]]" ([name, kind, has_default, tensor annotation]);
//     checks: a category letter and two base-62 digits (the index of its text in `texts`) each;
//     depends: one base-62 digit per parameter (its index) the texts depend on; decoded to the
//     entry's {checks: {param: {category: text, depends: [index]}}}, and a last token "=" + one
//     kind letter per parameter, the entry's `context` (js/core/arg_parser.js: the value checks).
//   texts   '\n'-joined; one that is the text before it with NoneType for the value's type
//     ('\u0001T') is written '\u0002'.
const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

function entry(key, code, params, texts) {
  if (code === '-') return 'noargs';
  const py = code[0] === '@';
  const body = py ? code.slice(1) : code;
  const colon = body.indexOf(':');
  const name = colon >= 0 ? body.slice(0, colon) : key;
  const rest = body.slice(colon + 1);
  if (py) {
    let checks = null, context = '';
    const tokens = rest ? rest.split(' ') : [];
    if (tokens.length && tokens[tokens.length - 1][0] === '=') context = tokens.pop().slice(1);
    const ps = tokens.map((p) => {
      const [n, spec] = p.split('/');
      const [k, rest2] = spec.split('~');
      if (rest2) {
        const [c, d = ''] = rest2.split('^');
        const byCat = {};
        for (let i = 0; i < c.length; i += 3) byCat[c[i]] = texts[DIGITS.indexOf(c[i + 1]) * 62 + DIGITS.indexOf(c[i + 2])];
        byCat.depends = Array.from(d, (x) => DIGITS.indexOf(x));
        (checks ??= {})[n] = byCat;
      }
      const t = k.replace(/^[pkvw]=?/, '');
      return [n, k[0], k[1] === '=', ...(t ? [t] : [])];
    });
    return checks ? { name, params: ps, checks, context } : { name, params: ps };
  }
  return code.split(' ').map((sig) => {
    const c = sig.indexOf(':');
    const own = c >= 0 ? sig.slice(0, c) : key;
    const bar = sig.indexOf('|');
    const digits = sig.slice(c + 1, bar >= 0 ? bar : sig.length);
    const ps = [];
    for (let i = 0; i < digits.length; i += 2) ps.push(params[DIGITS.indexOf(digits[i]) * 62 + DIGITS.indexOf(digits[i + 1])]);
    return `${own}(${ps.join(', ')})${bar >= 0 ? sig.slice(bar) : ''}`;
  });
}

/** The table {namespace: {name: entry}} from its compact form. */
export function decodeTable(params, encoded, texts = '') {
  const list = params.split('|');
  // '\u0002': the text before it with NoneType for the value's type ('\u0001T')
  const textList = texts.split('\n').map((t, i, all) => (t === '\u0002' ? all[i - 1].replaceAll('\u0001T', 'NoneType') : t));
  const out = {};
  for (const [ns, entries] of Object.entries(encoded)) {
    out[ns] = {};
    for (const [key, code] of Object.entries(entries)) out[ns][key] = entry(key, code, list, textList);
  }
  return out;
}
