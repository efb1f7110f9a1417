// The differential tester's tensorpad side: runs a program description (tests/diff/programs.py
// has the format) through the JS API with JS conventions (keyword arguments as one trailing
// options object, Python's t[keys] as t.index(...keys) / t.index_put_([keys], v)), encodes the
// results as programs.py does, and compares them with PyTorch's.

class Skip extends Error {}
const UNINIT = ['torch.empty', 'torch.empty_like'];   // their values are not compared (zeros stand in)

const num = (x) => (x === 'nan' ? NaN : x === 'inf' ? Infinity : x === '-inf' ? -Infinity : x);

function fnOf(torch, name) {
  const [mod, attr] = name.split('.');
  const ns = { torch, F: torch.nn.functional, special: torch.special }[mod];
  const f = ns[attr];
  if (typeof f !== 'function') throw new Error(`module '${mod}' has no attribute '${attr}'`);
  return f.bind(ns);
}

function arg(torch, a, env) {
  if (Array.isArray(a)) return a.map((x) => arg(torch, x, env));
  if (a && typeof a === 'object') {
    if ('v' in a) {
      if (!(a.v in env)) throw new Skip();
      return env[a.v];
    }
    if ('f' in a) return num(a.f);
    if ('dt' in a) return torch[a.dt];
  }
  return a;
}

const kwargs = (torch, kw, env) => Object.fromEntries(Object.entries(kw).map(([k, v]) => [k, arg(torch, v, env)]));
const withKw = (args, kw) => (Object.keys(kw).length ? [...args, kw] : args);

function key(torch, k, env) {
  return typeof k === 'string' ? k : arg(torch, k, env);
}

function step(torch, s, env) {
  const op = s[0];
  if (op === 't') {
    const [, name, flat, shape, dt, rg] = s;
    const t = torch.tensor(flat.map(num), { dtype: torch[dt] }).reshape(shape).clone();
    if (rg) t.requires_grad_();
    env[name] = t;
    return null;
  }
  if (op === 'm') {
    const [, name, v, meth, args, kw] = s;
    const self = arg(torch, { v }, env);
    let r;
    if (self === null || self === undefined) throw new Error(`'NoneType' object has no attribute '${meth}'`);
    if (meth === '__getattribute__') r = self[args[0]];
    else {
      if (typeof self[meth] !== 'function') throw new Error(`'Tensor' object has no attribute '${meth}'`);
      r = self[meth](...withKw(arg(torch, args, env), kwargs(torch, kw, env)));
    }
    env[name] = r;
    return r;
  }
  if (op === 'f') {
    const [, name, fn, args, kw] = s;
    const r = fnOf(torch, fn)(...withKw(arg(torch, args, env), kwargs(torch, kw, env)));
    env[name] = r;
    return UNINIT.includes(fn) ? r.new_zeros(r.shape) : r;
  }
  if (op === 'ix') {
    const [, name, v, ks] = s;
    const r = arg(torch, { v }, env).index(...ks.map((k) => key(torch, k, env)));
    env[name] = r;
    return r;
  }
  if (op === 'set') {
    const [, v, ks, val] = s;
    const t = arg(torch, { v }, env);
    return t.index_put_(ks.map((k) => key(torch, k, env)), arg(torch, val, env));
  }
  if (op === 'bw') {
    const [, v, g] = s;
    const t = arg(torch, { v }, env);
    const gr = arg(torch, g, env);
    if (gr == null) t.backward(); else t.backward(gr);
    return null;
  }
  if (op === 'ag') {
    const [, name, outs, ins, kw] = s;
    const r = torch.autograd.grad(arg(torch, outs, env), arg(torch, ins, env), kwargs(torch, kw, env));
    env[name] = [...r];
    return r;
  }
  if (op === 'it') {
    const [, name, v, i] = s;
    const r = arg(torch, { v }, env)[i];
    env[name] = r;
    return r;
  }
  throw new Error(`unknown step ${op}`);
}

function flat(x, out = []) {
  if (Array.isArray(x)) for (const y of x) flat(y, out);
  else out.push(x);
  return out;
}

function enc(torch, r) {
  if (r instanceof torch.Tensor) {
    const v = flat(r.tolist()).map((x) => (typeof x === 'bigint' ? Number(x) : x));
    return { s: [...r.shape], d: String(r.dtype).slice(6), v, rg: r.requires_grad, gf: r.grad_fn ? r.grad_fn.name() : null };
  }
  if (r && typeof r === 'object' && String(r).startsWith('torch.') && r.constructor?.name === 'dtype') return { dt: String(r).slice(6) };
  if (r instanceof torch.Size) return { py: [...r] };
  if (r && typeof r === 'object' && typeof r.is_floating_point === 'boolean' && typeof r.itemsize === 'number') return { dt: String(r).slice(6) };
  if (Array.isArray(r)) return { l: r.map((x) => enc(torch, x)) };
  if (r === null || r === undefined) return { py: null };
  if (['boolean', 'number', 'string'].includes(typeof r)) return { py: typeof r === 'number' && !Number.isFinite(r) ? (Number.isNaN(r) ? 'nan' : r > 0 ? 'inf' : '-inf') : r };
  if (typeof r === 'bigint') return { py: Number(r) };
  if (String(r).startsWith('torch.')) return { dt: String(r).slice(6) };
  return { py: `<${typeof r}>` };
}

/** Runs one program: {res, final} as programs.py's run() gives them. */
export function run(torch, prog) {
  const env = {}, res = [], made = {};
  for (const s of prog.steps) {
    try {
      const r = step(torch, s, env);
      res.push(s[0] === 't' || s[0] === 'bw' ? null : enc(torch, r));
      if (s[0] !== 'set' && s[0] !== 'bw' && env[s[1]] instanceof torch.Tensor) made[s[1]] = enc(torch, env[s[1]]);
    } catch (e) {
      if (e instanceof Skip) res.push({ skip: 1 });
      else res.push({ err: String(e && e.message !== undefined ? e.message : e).trim().split('\n')[0] });
    }
  }
  const final = {};
  const uninit = new Set(prog.steps.filter((s) => s[0] === 'f' && UNINIT.includes(s[2])).map((s) => s[1]));
  for (const [k, v] of Object.entries(env)) {
    if (!(v instanceof torch.Tensor) || uninit.has(k)) continue;
    try {
      final[k] = enc(torch, v);
      if (v.is_leaf && v.requires_grad) final[k + '.grad'] = v.grad ? enc(torch, v.grad) : null;
    } catch (e) {
      final[k] = { err: String(e.message) };
    }
  }
  return { res, final };
}

// ---- comparing -------------------------------------------------------------------------------
// Integers and booleans exactly; floats within a tolerance counted in units in the last place
// of the dtype (64 ulp of the larger magnitude, at least 64 ulp of 1: reductions and
// transcendental functions round differently), NaN to NaN, infinities and the sign of an exact
// zero exactly.
const ULP = { float32: 2 ** -23, float64: 2 ** -52 };
const ULPS = 64;

function sameNum(a, b, dt) {
  a = num(a); b = num(b);
  if (typeof a !== 'number' || typeof b !== 'number') return a === b;
  if (Number.isNaN(b)) return Number.isNaN(a);
  if (!Number.isFinite(b) || !Number.isFinite(a)) return a === b;
  if (b === 0 && a === 0) return Object.is(a, b);
  if (!(dt in ULP)) return a === b;
  return Math.abs(a - b) <= ULPS * ULP[dt] * Math.max(1, Math.abs(a), Math.abs(b));
}

function diffEnc(a, b, path, out, noGf = false) {
  if (b === null || b === undefined) {
    if (a !== null && a !== undefined) out.push(`${path}: expected nothing, got ${JSON.stringify(a).slice(0, 120)}`);
    return;
  }
  if (a === null || a === undefined) { out.push(`${path}: expected ${JSON.stringify(b).slice(0, 120)}, got nothing`); return; }
  if ('err' in b || 'err' in a) {
    if (!('err' in a)) out.push(`${path}: PyTorch raises "${b.err}", tensorpad gives ${JSON.stringify(a).slice(0, 120)}`);
    else if (!('err' in b)) out.push(`${path}: tensorpad raises "${a.err}", PyTorch gives ${JSON.stringify(b).slice(0, 120)}`);
    else if (a.err !== b.err) out.push(`${path}: message "${a.err}", PyTorch "${b.err}"`);
    return;
  }
  if ('skip' in b || 'skip' in a) { if (!('skip' in a && 'skip' in b)) out.push(`${path}: skip`); return; }
  if ('s' in b) {
    if (!('s' in a)) { out.push(`${path}: expected a tensor, got ${JSON.stringify(a).slice(0, 120)}`); return; }
    if (JSON.stringify(a.s) !== JSON.stringify(b.s)) { out.push(`${path}: shape [${a.s}], PyTorch [${b.s}]`); return; }
    if (a.d !== b.d) { out.push(`${path}: dtype ${a.d}, PyTorch ${b.d}`); return; }
    const bad = b.v.findIndex((x, i) => !sameNum(a.v[i], x, b.d));
    if (bad >= 0) out.push(`${path}: value [${bad}] ${a.v[bad]}, PyTorch ${b.v[bad]} (${b.d})`);
    if (a.rg !== b.rg) out.push(`${path}: requires_grad ${a.rg}, PyTorch ${b.rg}`);
    // second-order nodes' names (SigmoidBackwardBackward0, NotImplemented) are not compared
    if (a.gf !== b.gf && !noGf && !/Backward.*Backward|NotImplemented/.test(b.gf ?? '')) out.push(`${path}: grad_fn ${a.gf}, PyTorch ${b.gf}`);
    return;
  }
  if ('l' in b) {
    if (!('l' in a)) { out.push(`${path}: expected a sequence, got ${JSON.stringify(a).slice(0, 120)}`); return; }
    if (a.l.length !== b.l.length) { out.push(`${path}: ${a.l.length} items, PyTorch ${b.l.length}`); return; }
    b.l.forEach((x, i) => diffEnc(a.l[i], x, `${path}[${i}]`, out, noGf));
    return;
  }
  if ('dt' in b) { if (a.dt !== b.dt) out.push(`${path}: dtype ${a.dt ?? JSON.stringify(a)}, PyTorch ${b.dt}`); return; }
  const av = JSON.stringify(a.py), bv = JSON.stringify(b.py);
  if (av === bv) return;
  if (typeof b.py === 'number' && sameNum(a.py, b.py, 'float64')) return;
  if (Array.isArray(b.py) && Array.isArray(a.py) && b.py.length === a.py.length && b.py.every((x, i) => sameNum(a.py[i], x, 'float64'))) return;
  out.push(`${path}: ${av}, PyTorch ${bv}`);
}

/** The disagreements of tensorpad's results (got) with PyTorch's (prog.res / prog.final). */
export function compare(prog, got) {
  const out = [];
  // autograd.grad's create_graph results: the names of their nodes depend on how each
  // formula is written (MulBackward0 here, DivBackward0 there), so they are not compared
  const secondOrder = new Set();
  for (const s of prog.steps) {
    if (s[0] === 'ag' && s[4].create_graph) secondOrder.add(s[1]);
    if (s[0] === 'it' && secondOrder.has(s[2])) secondOrder.add(s[1]);
  }
  prog.steps.forEach((s, i) => {
    const what = s[0] === 't' || s[0] === 'bw' ? `step ${i} (${s[0]})` : `step ${i} (${s[0] === 'm' ? '.' + s[3] : s[0] === 'f' ? s[2] : s[0]})`;
    if (s[0] === 't' || s[0] === 'bw') {
      const mine = got.res[i] && got.res[i].err, theirs = prog.res[i] && prog.res[i].err;
      if (mine && theirs) { if (mine !== theirs) out.push(`${what}: message "${mine}", PyTorch "${theirs}"`); }  // both raise
      else if (mine) out.push(`${what}: tensorpad raises "${mine}"`);
      else if (theirs) out.push(`${what}: PyTorch raises "${theirs}", tensorpad does not`);
      return;
    }
    diffEnc(got.res[i], prog.res[i], what, out, secondOrder.has(s[1]));
  });
  for (const k of Object.keys(prog.final)) {
    if (!(k in got.final)) { out.push(`final ${k}: missing`); continue; }
    diffEnc(got.final[k], prog.final[k], `final ${k}`, out, secondOrder.has(k));
  }
  for (const k of Object.keys(got.final)) {
    if (k in prog.final) continue;
    // tensorpad changed a tensor PyTorch left as it was made (or gave a grad PyTorch did not)
    const i = prog.steps.findIndex((s) => s[1] === k && s[0] !== 'set' && s[0] !== 'bw');
    const madeEnc = i >= 0 ? prog.res[i] : undefined;
    if (k.endsWith('.grad')) { if (got.final[k]) out.push(`final ${k}: tensorpad has a grad, PyTorch has none`); }
    else if (madeEnc && madeEnc.s) {
      const sub = [];
      diffEnc(got.final[k], madeEnc, `final ${k}`, sub, secondOrder.has(k));
      out.push(...sub);
    }
  }
  return out;
}
