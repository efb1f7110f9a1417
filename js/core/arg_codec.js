// The compact form js/core/arg_table.js is written in (by tests/fixtures/gen_arg_table.py),
// decoded once at load into the plain table js/core/arg_parser.js reads: about a third of
// the bytes of the signature strings spelled out, gzip included.
//   params  every distinct parameter ("Tensor input", "*", "int64_t dim=-1") once, '|'-joined;
//   a built-in's entry: its signatures ' '-joined, each "[name:]" (when not the entry's own
//     name) + two base-62 digits per parameter (its index in params) + its "|deprecated" or
//     "|hidden" tail; "-" is METH_NOARGS ('noargs');
//   a Python-level function's entry: "@[name:]" + its parameters ' '-joined as
//     "name/kind[=][T|T?]" ([name, kind, has_default, tensor annotation]).
const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

function entry(key, code, params) {
  if (code === '-') return 'noargs';
  const py = code[0] === '@';
  const body = py ? code.slice(1) : code;
  const colon = body.indexOf(':');
  const name = colon >= 0 ? body.slice(0, colon) : key;
  const rest = body.slice(colon + 1);
  if (py) {
    return {
      name, params: rest ? rest.split(' ').map((p) => {
        const [n, k] = p.split('/');
        const t = k.replace(/^[pkvw]=?/, '');
        return [n, k[0], k[1] === '=', ...(t ? [t] : [])];
      }) : [],
    };
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
export function decodeTable(params, encoded) {
  const list = params.split('|');
  const out = {};
  for (const [ns, entries] of Object.entries(encoded)) {
    out[ns] = {};
    for (const [key, code] of Object.entries(entries)) out[ns][key] = entry(key, code, list);
  }
  return out;
}
