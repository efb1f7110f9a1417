// tensorpad and its peers side by side, in one run: `make bench` (or `node bench/run.mjs`).
//
// Every peer lives in its own worker process (bench/lib/worker.mjs for the JS libraries,
// torch_peer.py for PyTorch, native/driver.c for tensorpad's C built natively), all
// started by this runner and alive for the whole run. For each workload the runner sets up
// every peer (inputs, correctness check, warm-up, calibration), then asks them in turn for
// one timed repetition, rotating the order each round, so that this machine's drift hits
// everyone alike. Only ratios from one run mean anything.
//
// Output: one JSON line per (peer, workload, variant) on stdout, then Markdown tables;
// bench/RESULTS.md is rewritten with both (use --no-results to leave it alone).
//
//   node bench/run.mjs [--only REGEX] [--peers a,b] [--reps 7] [--train-reps 20]
//                      [--target-ms 25] [--max-call-ms 2500] [--no-results]
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { readFileSync, writeFileSync, mkdirSync, existsSync, readdirSync } from 'node:fs';
import { dirname, resolve, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import { WORKLOADS } from './lib/common.mjs';

const BENCH = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(BENCH, '..');

// ---- options --------------------------------------------------------------------------------
const argv = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const REPS = Math.max(7, Number(opt('reps', 7)));
const TRAIN_REPS = Math.max(20, Number(opt('train-reps', 20)));
const TARGET_MS = Number(opt('target-ms', 25));
const MAX_CALL_MS = Number(opt('max-call-ms', 2500));
const ONLY = new RegExp(opt('only', '.'));
const WRITE_RESULTS = !argv.includes('--no-results');
const log = (...a) => process.stderr.write(`${a.join(' ')}\n`);

// ---- the peers ------------------------------------------------------------------------------
const node = (module) => [process.execPath, ['--expose-gc', join(BENCH, 'lib/worker.mjs'), resolve(BENCH, module)]];
const PEERS = [
  // BENCH_TENSORPAD_PEER swaps in another module (a mock, when testing the harness itself).
  { id: 'tensorpad', argv: node(process.env.BENCH_TENSORPAD_PEER ?? 'peers/tensorpad.mjs') },
  // BENCH_BASELINE=path/to/another/checkout (built) adds that tree's tensorpad as a peer of this
  // one in the same run: a before/after comparison of a change whose ratios mean something.
  ...(process.env.BENCH_BASELINE ? [{ id: 'tensorpad-baseline', argv: node(resolve(process.env.BENCH_BASELINE, 'bench/peers/tensorpad.mjs')) }] : []),
  { id: 'tfjs-wasm', argv: node('peers/tfjs.mjs') },
  { id: 'jax-js', argv: node('peers/jax.mjs') },
  { id: 'js-pytorch', argv: node('peers/jspytorch.mjs') },
  { id: 'pytorch-native', argv: ['/usr/bin/python3', [join(BENCH, 'torch_peer.py')]] },
  // Python mode: the same torch_peer.py under tensorpad-python (CPython in wasm, tensorpad's torch).
  { id: 'tensorpad-python', argv: [process.execPath, [join(ROOT, 'bin/tensorpad-python.mjs'), join(BENCH, 'torch_peer.py')]] },
  // The C as it compiles natively (its SIMD paths are wasm-only, so scalar loops), and the
  // wasm SIMD paths themselves run natively through SIMDe: the same algorithm, 128-bit vectors.
  { id: 'tensorpad-native', argv: [join(BENCH, 'build/driver'), []], build: () => buildNative('tensorpad-native', 'driver', []) },
  { id: 'tensorpad-native-simd', argv: [join(BENCH, 'build/driver-simd'), []], build: () => buildNative('tensorpad-native-simd', 'driver-simd', SIMDE_FLAGS) },
].filter((p) => !opt('peers') || opt('peers').split(',').includes(p.id));

// The C operator entry points tensorpad-native calls, found by their prototype in
// src/tensorpad.h: one macro per workload need, first matching candidate wins. When the
// operator issues settle their C names, add or fix a line here; nothing else changes.
const T = String.raw`tp_tensor\s*\*\s*\w*`;
const I = String.raw`int\s*\w*`, D = String.raw`double\s*\w*`;
const NATIVE_PROBES = [
  ['TP_BENCH_MATMUL(a,b)', [
    [String.raw`tp_linalg\s*\(\s*${I}\s*,\s*${T}\s*,\s*${T}\s*\)`, 'tp_linalg(TP_LINALG_MATMUL,a,b)'],
    [String.raw`tp_matmul\s*\(\s*${T}\s*,\s*${T}\s*\)`, 'tp_matmul(a,b)'],
  ]],
  ['TP_BENCH_ADD(a,b)', [
    [String.raw`tp_binary\s*\(\s*${I}\s*,\s*${T}\s*,\s*${T}\s*,\s*${D}\s*\)`, 'tp_binary(TP_OP_ADD,a,b,1.0)'],
    [String.raw`tp_binary\s*\(\s*${I}\s*,\s*${T}\s*,\s*${T}\s*\)`, 'tp_binary(TP_OP_ADD,a,b)'],
  ]],
  ['TP_BENCH_SUM(x)', [
    [String.raw`tp_reduce\s*\(\s*${I}\s*,\s*${T}\s*,\s*${I}\s*,\s*const\s+double\s*\*\s*\w*\s*,\s*${I}\s*,\s*${D}\s*,\s*${I}\s*\)`,
      'tp_reduce(TP_OP_SUM,x,-1,tp_args(),0,0,-1)'],
  ]],
  ['TP_BENCH_MUL_SCALAR(x,s)', [
    [String.raw`tp_binary_scalar\s*\(\s*${I}\s*,\s*${T}\s*,\s*${D}\s*,\s*${I}\s*,\s*${I}\s*,\s*${D}\s*\)`,
      'tp_binary_scalar(TP_OP_MUL,x,s,TP_SCALAR_FLOAT,0,1.0)'],
  ]],
  // Training and scalar_chain natively: the autograd entry points, called with these exact
  // signatures (tp_backward, tp_dimop, tp_binary_, tp_linalg, tp_set_grad_enabled, ...).
  ['TP_BENCH_AUTOGRAD', [
    [String.raw`tp_backward\s*\(\s*${I}\s*,\s*tp_tensor\s*\*\s*const\s*\*\s*\w*\s*,\s*tp_tensor\s*\*\s*const\s*\*\s*\w*\s*,\s*${I}\s*,\s*${I}\s*\)`, '1'],
  ]],
  ['TP_BENCH_ADD_SCALAR(x,s)', [
    [String.raw`tp_binary_scalar\s*\(\s*${I}\s*,\s*${T}\s*,\s*${D}\s*,\s*${I}\s*,\s*${I}\s*,\s*${D}\s*\)`,
      'tp_binary_scalar(TP_OP_ADD,x,s,TP_SCALAR_FLOAT,0,1.0)'],
  ]],
];

const SIMDE_HEADER = '/usr/include/simde/wasm/simd128.h';
const SIMDE_FLAGS = ['-D__wasm_simd128__', `-I${join(BENCH, 'native/simde')}`];

/** Builds native/driver.c with gcc -O3 -march=native; returns null or why it could not. */
function buildNative(id, exe, extra) {
  if (extra.length && !existsSync(SIMDE_HEADER)) return `${SIMDE_HEADER} missing (apt-get install libsimde-dev)`;
  const header = readFileSync(join(ROOT, 'src/tensorpad.h'), 'utf8');
  const found = [];
  for (const [macro, candidates] of NATIVE_PROBES) {
    const hit = candidates.find(([re]) => new RegExp(re).test(header));
    if (hit) found.push(`-D${macro}=${hit[1]}`);
  }
  const build = join(BENCH, 'build', `${exe}.o.d`);
  mkdirSync(build, { recursive: true });
  // src/ is nested folders; every folder holding a header is an include dir (as in the Makefile).
  const files = readdirSync(join(ROOT, 'src'), { recursive: true }).sort();
  const includes = [...new Set(files.filter((x) => /\.(h|def)$/.test(x)).map((x) => dirname(join(ROOT, 'src', x))))];
  const gcc = (args) => spawnSync('gcc', ['-O3', '-march=native', '-std=c11', '-w', ...extra, ...includes.map((d) => `-I${d}`), ...args], { encoding: 'utf8' });
  const firstError = (r) => (r.stderr || r.error?.message || '').split('\n').find((l) => /error/.test(l)) ?? r.stderr;
  // The library once, then the driver with every probed call that compiles (a guessed
  // name that does not exist, such as an op enum, drops that call only).
  const objs = [];
  for (const f of files.filter((x) => x.endsWith('.c'))) {
    const o = join(build, f.replace(/\.c$/, '.o').replaceAll('/', '_'));
    const r = gcc(['-c', join(ROOT, 'src', f), '-o', o]);
    if (r.status !== 0) return `gcc failed on src/${f}: ${firstError(r)}`;
    objs.push(o);
  }
  const driverObj = join(build, 'driver.o');
  const compiles = (defs) => gcc(['-c', ...defs, join(BENCH, 'native/driver.c'), '-o', driverObj]);
  let defines = found;
  if (compiles(defines).status !== 0) {
    defines = found.filter((d) => compiles([d]).status === 0);
    const dropped = found.filter((d) => !defines.includes(d));
    log(`${id}: dropped probed calls that do not compile: ${dropped.join(' ')}`);
    const r = compiles(defines);
    if (r.status !== 0) return `gcc failed on bench/native/driver.c: ${firstError(r)}`;
  }
  const r = spawnSync('gcc', [driverObj, ...objs, '-lm', '-o', join(BENCH, 'build', exe)], { encoding: 'utf8' });
  if (r.status !== 0) return `linking the native driver failed: ${firstError(r)}`;
  nativeInfo[id] = defines.length ? defines.map((d) => d.slice(2)).join(', ') : 'none found in src/tensorpad.h yet';
  return null;
}
const nativeInfo = {};
let startLoad = '';

// ---- workers: one process per peer, line protocol (see lib/worker.mjs) ------------------------
class Worker {
  constructor(peer) {
    this.peer = peer;
    this.waiting = [];
    this.dead = null;
    const [cmd, args] = peer.argv;
    this.proc = spawn(cmd, args, { cwd: BENCH, stdio: ['pipe', 'pipe', 'pipe'] });
    this.proc.on('error', (e) => this.die(`cannot start: ${e.message}`));
    this.proc.on('exit', (code, sig) => this.die(`worker exited (${sig ?? code})`));
    this.stderr = '';
    this.proc.stderr.on('data', (d) => { this.stderr = (this.stderr + d).slice(-4000); });
    createInterface({ input: this.proc.stdout }).on('line', (line) => {
      if (!line.startsWith('@@BENCH ')) return;          // a library talking: not ours
      const w = this.waiting.shift();
      if (w) { clearTimeout(w.timer); w.resolve(JSON.parse(line.slice(8))); }
    });
  }
  die(why) {
    if (this.dead) return;
    const tail = this.stderr.trim().split('\n').filter(Boolean).slice(-1)[0];
    this.dead = tail ? `${why}: ${tail.slice(0, 200)}` : why;
    for (const w of this.waiting.splice(0)) { clearTimeout(w.timer); w.resolve({ status: 'error', message: this.dead }); }
  }
  request(line, timeoutMs = 300_000) {
    if (this.dead) return Promise.resolve({ status: 'error', message: this.dead });
    return new Promise((resolveReq) => {
      const timer = setTimeout(() => {
        this.die(`no answer to "${line}" within ${timeoutMs / 1000} s`);
        this.proc.kill('SIGKILL');
      }, timeoutMs);
      this.waiting.push({ resolve: resolveReq, timer });
      this.proc.stdin.write(`${line}\n`);
    });
  }
  async quit() {
    if (!this.dead) this.proc.stdin.end('quit\n');
    await new Promise((r) => (this.proc.exitCode !== null || this.dead ? r() : this.proc.on('exit', r)));
  }
}

// ---- statistics and correctness ---------------------------------------------------------------
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b), m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const CPU_LIMIT = 1.3;   // cpu_per_wall above this: a peer is not single-threaded
const REFERENCE_ORDER = ['pytorch-native', 'tfjs-wasm', 'jax-js', 'tensorpad-native', 'tensorpad-native-simd', 'tensorpad', 'js-pytorch'];

/**
 * Marks every result's check against the reference peer's values, within the workload's
 * rtol. The variants of a workload compute the same thing from the same inputs (except
 * where the workload says `variantsDiffer`, as matmul_T's A@B.T and A.T@B), so a variant
 * without PyTorch in it (jit, functional) is checked against the reference of an earlier
 * variant (`earlier`, kept per workload by the caller).
 */
function compareChecks(w, results, earlier) {
  const ok = results.filter((r) => r.checkValues);
  const key = w.variantsDiffer ? `${w.name} ${results[0]?.variant}` : w.name;
  const inRow = REFERENCE_ORDER.map((id) => ok.find((r) => r.peer === id)).find(Boolean);
  const ref = inRow?.peer === REFERENCE_ORDER[0] || !earlier[key] ? inRow : earlier[key];
  if (ref && !earlier[key]) earlier[key] = ref;
  for (const r of ok) {
    if (r === ref) { r.check = `reference`; continue; }
    const a = r.checkValues.values, b = ref.checkValues.values;
    const tol = w.rtol * ref.checkValues.scale + 1e-9;
    const err = a.length === b.length ? Math.max(...a.map((v, i) => Math.abs(v - b[i]))) : Infinity;
    const vs = ref.variant === r.variant ? ref.peer : `${ref.peer} ${ref.variant}`;
    r.check = err <= tol ? `ok vs ${vs}` : `MISMATCH vs ${vs} (err ${err.toPrecision(3)} > tol ${tol.toPrecision(3)})`;
    if (!(err <= tol)) r.status = 'mismatch';
  }
}

// ---- the run ----------------------------------------------------------------------------------
async function main() {
  const started = new Date();
  startLoad = load();
  const workers = [];
  for (const p of PEERS) {
    const why = p.build?.();
    if (why) { workers.push({ peer: p, unavailable: why }); continue; }
    workers.push(new Worker(p));
  }
  const infos = {};
  for (const w of workers) {
    const i = w.unavailable ? { status: 'unavailable', missing: w.unavailable } : await w.request('info', 120_000);
    infos[w.peer.id] = nativeInfo[w.peer.id] ? { ...i, probes: nativeInfo[w.peer.id] } : i;
    log(`${w.peer.id}: ${JSON.stringify(infos[w.peer.id])}`);
  }

  const results = [];
  const references = {};
  const respawns = {};
  let round = 0;
  for (const w of WORKLOADS) {
    for (const variant of w.variants) {
      const label = variant ? `${w.name} ${variant}` : w.name;
      if (!ONLY.test(label)) continue;
      const t0 = Date.now();
      // A worker that died (a crash in a peer) is restarted for the next workload.
      workers.forEach((wk, i) => {
        if (wk.dead && (respawns[wk.peer.id] = (respawns[wk.peer.id] ?? 0) + 1) <= 10) {
          log(`${wk.peer.id}: restarting its worker (${wk.dead})`);
          workers[i] = new Worker(wk.peer);
        }
      });
      const order = rotate(workers, round++);
      const setups = new Map();
      for (const wk of order) {
        const s = wk.unavailable ? { status: 'unavailable', missing: wk.unavailable }
          : await wk.request(`setup ${w.name} ${variant || '-'} ${TARGET_MS} ${MAX_CALL_MS}`);
        setups.set(wk, s);
      }
      const active = order.filter((wk) => setups.get(wk).status === 'ok');
      const samples = new Map(active.map((wk) => [wk, []]));
      const cpu = new Map(active.map((wk) => [wk, { cpu: 0, wall: 0 }]));
      const reps = w.training ? TRAIN_REPS : REPS;
      for (let r = 0; r < reps; r++) {
        for (const wk of rotate(active, r)) {
          if (!samples.has(wk)) continue;
          const a = await wk.request('rep');
          if (typeof a.ms === 'number') {
            samples.get(wk).push(a.ms);
            cpu.get(wk).cpu += a.cpu_ms ?? NaN;
            cpu.get(wk).wall += a.wall_ms ?? NaN;
          }
          else { setups.set(wk, { status: 'error', message: a.message }); samples.delete(wk); }
        }
      }
      for (const wk of active) {
        const t = wk.dead ? null : await wk.request('teardown');
        if (t && t.status !== 'ok') log(`${wk.peer.id}: teardown of ${label} failed: ${t.message}`);
      }

      const rows = [];
      for (const wk of workers) {
        const s = setups.get(wk);
        if (s.status === 'skip') continue;
        const row = { peer: wk.peer.id, workload: w.name, variant, status: s.status };
        const xs = samples.get(wk);
        if (s.status === 'ok' && xs?.length) {
          const med = median(xs);
          Object.assign(row, {
            median_ms: +med.toPrecision(5), min_ms: +Math.min(...xs).toPrecision(5), max_ms: +Math.max(...xs).toPrecision(5),
            reps: xs.length, iters_per_rep: s.iters,
          });
          for (const [k, v] of Object.entries(w.unit(med))) row[k] = +v.toPrecision(4);
          // CPU time over wall time while timed: ~1 for one thread (Node's GC helpers add a little).
          row.cpu_per_wall = +(cpu.get(wk).cpu / cpu.get(wk).wall).toFixed(2);
          row.checkValues = s.check;
          row.samples = xs;                    // per round, for paired ratios (not printed)
        } else if (s.status === 'unavailable') row.missing = s.missing;
        else if (s.status === 'skipped') Object.assign(row, { message: s.message, single_call_ms: s.single_call_ms });
        else if (s.status !== 'ok') row.message = s.message;
        rows.push(row);
      }
      compareChecks(w, rows, references);
      for (const row of rows) {
        const { checkValues, samples, ...line } = row; if (process.env.BENCH_DEBUG) line.samples = samples;
        results.push(row);
        process.stdout.write(`${JSON.stringify(line)}\n`);
      }
      log(`# ${label}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
  }
  for (const wk of workers) if (wk.quit) await wk.quit();

  pythonStartMs = pythonStart();
  const tables = report(results, await peerSizes());
  process.stdout.write(`\n${tables}\n`);
  if (WRITE_RESULTS) {
    const finished = new Date();
    writeFileSync(join(BENCH, 'RESULTS.md'), resultsFile(started, finished, infos, tables, results));
    log(`wrote ${relative(process.cwd(), join(BENCH, 'RESULTS.md'))}`);
  }
}

function rotate(xs, k) {
  const n = xs.length;
  return n ? xs.map((_, i) => xs[(i + k) % n]) : [];
}

// ---- reporting --------------------------------------------------------------------------------
// The issue-6 targets: tensorpad's speed over a peer's (peer ms / tensorpad ms) on the same
// workload, or over tensorpad's own figure for another workload. 'best': the faster of the
// variants that ran (training: nn.Linear + SGD, or the functional form while nn is missing).
const TARGETS = [
  { w: 'matmul_512', v: 'new_B', vs: 'tfjs-wasm', min: 1.25 },
  { w: 'matmul_T_512', v: 'A@B.T', vs: 'tensorpad', vsW: 'matmul_512', vsV: 'best', min: 0.9, note: 'vs own matmul_512, the faster of fixed/new B' },
  { w: 'matmul_T_512', v: 'A.T@B', vs: 'tensorpad', vsW: 'matmul_512', vsV: 'best', min: 0.9, note: 'vs own matmul_512, the faster of fixed/new B' },
  { w: 'add_1M', vs: 'tfjs-wasm', min: 1.0 },
  { w: 'bcast_add', vs: 'tfjs-wasm', min: 1.0 },
  { w: 'sum_1M', vs: 'tfjs-wasm', min: 3 },
  { w: 'tiny_ops', vs: 'tfjs-wasm', min: 10 },
  { w: 'tiny_ops', vs: 'js-pytorch', min: 1.0 },
  { w: 'mlp_step', v: 'best', vs: 'jax-js', vsV: 'jit', min: 1.2 },
  { w: 'mlp_step', v: 'best', vs: 'tfjs-wasm', vsV: 'eager', note: 'issue: ≈ 5.5× (not a target)' },
  { w: 'mlp_step', v: 'best', vs: 'pytorch-native', vsV: 'eager', note: 'reported, no target' },
  { w: 'playground_step', v: 'best', vs: 'jax-js', vsV: 'jit', min: 4 },
  { w: 'playground_step', v: 'best', vs: 'tfjs-wasm', vsV: 'eager', min: 5 },
  { w: 'scalar_chain', v: 'eager', vs: 'tfjs-wasm', min: 8 },
  { w: 'scalar_chain', v: 'eager', vs: 'js-pytorch', min: 2 },
  { w: 'scalar_chain', v: 'eager', vs: 'jax-js', vsV: 'best', min: 6, note: 'vs the faster of eager/jit' },
  // Python mode (issue 13): tensorpad-python running bench/torch_peer.py, as PyTorch users write it.
  { me: 'tensorpad-python', w: 'tiny_ops', vs: 'pytorch-native', min: 1.0 },
  { me: 'tensorpad-python', w: 'scalar_chain', v: 'eager', vs: 'pytorch-native', min: 1.0 },
  { me: 'tensorpad-python', w: 'playground_step', v: 'best', vs: 'pytorch-native', vsV: 'eager', min: 1.0 },
  { me: 'tensorpad-python', w: 'mlp_step', v: 'best', vs: 'tensorpad', vsV: 'best', min: 1 / 1.2, note: "within 1.2× of tensorpad's JS step" },
];

function find(results, peer, w, v) {
  const rows = results.filter((r) => r.peer === peer && r.workload === w && (v === 'best' || r.variant === (v ?? '')));
  const ok = rows.filter((r) => r.median_ms !== undefined && r.status === 'ok');
  if (ok.length) return ok.reduce((a, b) => (b.median_ms < a.median_ms ? b : a));
  return rows[0] ?? null;
}

/**
 * theirs / mine as a speed ratio. Two rows of the same workload and variant were timed in
 * the same rounds, next to each other: the median of the per-round ratios then cancels
 * the machine's drift better than a ratio of medians, which is the fallback.
 */
function speedRatio(mine, theirs) {
  const a = mine.samples, b = theirs.samples;
  if (mine.workload === theirs.workload && mine.variant === theirs.variant && a?.length && a.length === b?.length) {
    return median(a.map((x, i) => b[i] / x));
  }
  return theirs.median_ms / mine.median_ms;
}

const fmtX = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
function why(row) {
  if (!row) return 'not run';
  if (row.status === 'unavailable') return `n/a (missing: ${row.missing})`;
  if (row.status === 'mismatch') return 'n/a (wrong result)';
  if (row.status !== 'ok') return `n/a (${row.status}: ${row.message ?? ''})`;
  return null;
}

function unitText(row) {
  if (row.gflops !== undefined) return `${row.gflops} GFLOP/s`;
  if (row.ops_per_s !== undefined) return `${row.us_per_op} µs/op`;
  if (row.gb_per_s !== undefined) return `${row.gb_per_s} GB/s`;
  if (row.steps_per_s !== undefined) return `${row.steps_per_s} steps/s`;
  if (row.us_per_op !== undefined) return `${row.us_per_op} µs/op`;
  return '';
}

// What a page downloads for the library: the minified bundle (dist/tensorpad.min.js, what
// package.json's "browser" export serves) and the wasm, each gzip -9.
const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
function librarySize() {
  const files = ['dist/tensorpad.wasm', 'dist/tensorpad.min.js'].map((f) => join(ROOT, f));
  if (!files.every((f) => existsSync(f))) return null;
  const [wasm, js] = files.map((f) => gz(readFileSync(f)));
  return { wasm, js, total: wasm + js };
}

// The same measure for the peers, from the versions installed in bench/: each library
// bundled and minified by esbuild for a browser page, counting what loads before the first
// call (the entry and the chunks it imports statically, not the dynamically imported
// WebGL/WebGPU backends), plus the wasm it fetches, each gzip -9. js-pytorch ships a
// browser bundle of its own (its ESM build imports node:fs), minified here.
async function peerSizes() {
  const sizes = {};
  let esbuild;
  try { esbuild = await import('esbuild'); } catch { return sizes; }
  const bundle = async (contents) => {
    const r = await esbuild.build({
      stdin: { contents, resolveDir: BENCH, loader: 'js' }, bundle: true, minify: true, splitting: true,
      format: 'esm', platform: 'browser', target: 'es2022', outdir: join(BENCH, 'build/size'),
      write: false, metafile: true, legalComments: 'none', logLevel: 'silent',
    });
    const outs = r.metafile.outputs;
    const files = new Map(r.outputFiles.map((f) => [f.path, f.contents]));
    const seen = new Set(), todo = [Object.keys(outs).find((k) => outs[k].entryPoint)];
    while (todo.length) {
      const k = todo.pop();
      if (seen.has(k)) continue;
      seen.add(k);
      for (const i of outs[k].imports) if (i.kind === 'import-statement' && !i.external) todo.push(i.path);
    }
    return [...seen].reduce((n, k) => n + gz(files.get(resolve(process.cwd(), k))), 0);
  };
  const mod = (f) => join(BENCH, 'node_modules', f);
  const tries = {
    'tfjs-wasm': async () => {
      const js = await bundle("export * from '@tensorflow/tfjs-core'; export * from '@tensorflow/tfjs-backend-wasm';");
      return { js, wasm: gz(readFileSync(mod('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm'))) };
    },
    'jax-js': async () => ({ js: await bundle("export * from '@jax-js/jax';"), wasm: 0 }),
    'js-pytorch': async () => {
      const { code } = await esbuild.transform(readFileSync(mod('js-pytorch/dist/js-pytorch-browser.js'), 'utf8'),
        { minify: true, legalComments: 'none' });
      return { js: gz(code), wasm: 0 };
    },
  };
  for (const [id, f] of Object.entries(tries)) {
    try { const s = await f(); sizes[id] = { ...s, total: s.js + s.wasm }; } catch (e) { log(`size of ${id}: ${e.message}`); }
  }
  return sizes;
}

// Python mode's start: `tensorpad-python -c "import torch; print(torch.ones(2))"`, wall
// time of the whole process, the median of 3 runs.
let pythonStartMs = null;
function pythonStart() {
  if (opt('peers') && !opt('peers').split(',').includes('tensorpad-python')) return null;
  const times = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [join(ROOT, 'bin/tensorpad-python.mjs'), '-c', 'import torch; print(torch.ones(2))'], { encoding: 'utf8' });
    if (r.stdout !== 'tensor([1., 1.])\n') return null;
    times.push(performance.now() - t0);
  }
  return median(times);
}

function report(results, sizes) {
  const out = [];
  out.push('### Targets (issue 6), tensorpad vs each peer in this run', '',
    'ratio: peer time / tensorpad time, paired per round where both ran the same workload and variant.', '',
    '| workload | vs | tensorpad | peer | ratio | target | met |', '|---|---|---|---|---|---|---|');
  for (const t of TARGETS) {
    const mine = find(results, t.me ?? 'tensorpad', t.w, t.v);
    const theirs = find(results, t.vs, t.vsW ?? t.w, t.vsV ?? t.v);
    const wl = t.v === 'best' ? `${t.w}${mine?.variant ? ` (${mine.variant})` : ''}` : t.v ? `${t.w} ${t.v}` : t.w;
    const vs = `${t.me ? `(${t.me}) ` : ''}${t.vs}${t.vsW ? ` ${t.vsW}` : ''}${t.vsV ? ` ${t.vsV}` : ''}`;
    const target = t.min ? `≥ ${fmtX(t.min)}×` : '—';
    const a = why(mine), b = why(theirs);
    if (a || b) {
      out.push(`| ${wl} | ${vs} | ${a ?? `${mine.median_ms} ms`} | ${b ?? `${theirs.median_ms} ms`} | n/a | ${target} | ${t.min ? 'n/a' : '—'} |`);
      continue;
    }
    const ratio = speedRatio(mine, theirs);
    const met = t.min ? (ratio >= t.min ? 'yes' : '**no**') : '—';
    out.push(`| ${wl} | ${vs} | ${mine.median_ms} ms | ${theirs.median_ms} ms | ${fmtX(ratio)}× | ${target} | ${met}${t.note ? ` (${t.note})` : ''} |`);
  }
  out.push(pythonStartMs === null ? '| start | tensorpad-python -c "import torch; print(torch.ones(2))" | n/a | | | < 2000 ms | n/a |'
    : `| start | tensorpad-python -c "import torch; print(torch.ones(2))" | ${Math.round(pythonStartMs)} ms | | | < 2000 ms | ${pythonStartMs < 2000 ? 'yes' : '**no**'} |`);
  const size = librarySize();
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  out.push(size === null ? '| size | wasm + JS glue, gzip -9 | n/a (not built) | | | ≤ 300 KB | n/a |'
    : `| size | wasm + JS glue, gzip -9 | ${kb(size.total)} (wasm ${kb(size.wasm)}, JS ${kb(size.js)}) | | | ≤ 300 KB | ${size.total <= 300 * 1024 ? 'yes' : '**no**'} |`);
  if (Object.keys(sizes).length) {
    out.push('', '### Size: what a page downloads for each library, gzip -9', '',
      'Minified by esbuild for a browser, the entry and its static imports, plus the wasm it fetches; tensorpad: dist/tensorpad.min.js + dist/tensorpad.wasm.', '',
      '| library | total | JS | wasm |', '|---|---|---|---|');
    if (size) out.push(`| tensorpad | ${kb(size.total)} | ${kb(size.js)} | ${kb(size.wasm)} |`);
    for (const [id, s] of Object.entries(sizes)) out.push(`| ${id} | ${kb(s.total)} | ${kb(s.js)} | ${s.wasm ? kb(s.wasm) : '—'} |`);
  }

  const peers = PEERS.map((p) => p.id);
  const keys = [];
  for (const r of results) if (!keys.some((k) => k.w === r.workload && k.v === r.variant)) keys.push({ w: r.workload, v: r.variant });
  out.push('', '### Every figure: median per call (unit figure); n/a = not available', '',
    `| workload | ${peers.join(' | ')} |`, `|---|${peers.map(() => '---').join('|')}|`);
  for (const k of keys) {
    const cells = peers.map((p) => {
      const r = results.find((x) => x.peer === p && x.workload === k.w && x.variant === k.v);
      if (!r) return '';
      if (r.status === 'unavailable') return 'n/a';
      if (r.status === 'skipped') return `skipped (1 call: ${r.single_call_ms} ms)`;
      if (r.median_ms === undefined) return r.status;
      return `${r.median_ms} ms (${unitText(r)})${r.status === 'mismatch' ? ' **wrong**' : ''}`;
    });
    out.push(`| ${k.v ? `${k.w} ${k.v}` : k.w} | ${cells.join(' | ')} |`);
  }

  const others = peers.filter((p) => p !== 'tensorpad');
  out.push('', '### Ratios: tensorpad speed / peer speed (> 1 means tensorpad is faster)', '',
    'Same workload and variant: the median of per-round ratios (paired, drift cancels); otherwise the ratio of medians.', '',
    `| workload | ${others.join(' | ')} |`, `|---|${others.map(() => '---').join('|')}|`);
  for (const k of keys) {
    const same = find(results, 'tensorpad', k.w, k.v);
    const mine = same && !why(same) ? same : /_step$|^scalar_chain$/.test(k.w) ? find(results, 'tensorpad', k.w, 'best') : same;
    const cells = others.map((p) => {
      const r = results.find((x) => x.peer === p && x.workload === k.w && x.variant === k.v);
      if (!r) return '';
      if (why(mine) || why(r)) return 'n/a';
      return `${fmtX(speedRatio(mine, r))}×`;
    });
    out.push(`| ${k.v ? `${k.w} ${k.v}` : k.w} | ${cells.join(' | ')} |`);
  }
  const notes = results.filter((r) => r.check?.startsWith('MISMATCH') || r.status === 'error' || r.cpu_per_wall > CPU_LIMIT);
  if (notes.length) {
    out.push('', '### Problems', '');
    for (const r of notes) {
      const what = r.status === 'error' ? r.message : r.check?.startsWith('MISMATCH') ? r.check
        : `used ${r.cpu_per_wall} s of CPU per s of wall time: other threads at work (compute threads, or V8 compiling/collecting in the background)`;
      out.push(`- ${r.peer} ${r.workload} ${r.variant}: ${what}`);
    }
  }
  const missing = [...new Set(results.filter((r) => r.peer === 'tensorpad' && r.missing).map((r) => r.missing))];
  if (missing.length) out.push('', `tensorpad n/a because these are not in the API yet: ${missing.map((m) => `\`${m}\``).join(', ')}.`);
  return out.join('\n');
}

function machine() {
  const cpu = (readFileSync('/proc/cpuinfo', 'utf8').match(/^model name\s*:\s*(.*)$/m) ?? [])[1] ?? os.cpus()[0]?.model ?? '?';
  const flags = (readFileSync('/proc/cpuinfo', 'utf8').match(/^flags\s*:\s*(.*)$/m) ?? [])[1] ?? '';
  const simd = ['avx2', 'avx512f'].filter((f) => flags.split(' ').includes(f)).join(', ') || 'no AVX2';
  let osName = os.platform();
  try { osName = readFileSync('/etc/os-release', 'utf8').match(/^PRETTY_NAME="?([^"\n]*)/m)[1]; } catch { /* not Linux */ }
  const nproc = spawnSync('nproc', { encoding: 'utf8' }).stdout?.trim() || String(os.cpus().length);
  return `${osName}; nproc ${nproc}; CPU ${cpu} (${simd}); node ${process.version}; ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM`;
}

/** Load averages: other work on the machine is the main source of noise. */
function load() {
  return os.loadavg().map((x) => x.toFixed(2)).join(' ');
}

function resultsFile(started, finished, infos, tables, results) {
  const cmd = process.env.BENCH_COMMAND
    ? `${process.env.BENCH_COMMAND}  (runs: node bench/run.mjs${argv.length ? ` ${argv.join(' ')}` : ''})`
    : `node ${relative(ROOT, fileURLToPath(import.meta.url))}${argv.length ? ` ${argv.join(' ')}` : ''}`;
  const peerLines = Object.entries(infos).map(([id, i]) => i.status === 'ok'
    ? `  - ${id}: ${i.version}, ${i.backend}, threads ${i.threads}${i.probes ? `; C entry points: ${i.probes}` : ''}`
    : `  - ${id}: unavailable (${i.missing ?? i.message})`);
  const shares = results.map((r) => r.cpu_per_wall).filter((x) => Number.isFinite(x));
  const share = shares.length ? median(shares) : NaN;
  const lines = results.map(({ checkValues, samples, ...r }) => JSON.stringify(r));
  return [
    '# Benchmark results',
    '',
    '<!-- Written by bench/run.mjs: regenerate with `make bench`, never edit by hand. -->',
    '',
    `- date: ${started.toISOString()} (took ${((finished - started) / 1000).toFixed(0)} s)`,
    `- machine: ${machine()}`,
    `- load average (1/5/15 min) at start: ${startLoad}; at end: ${load()}`,
    `- CPU share while timed (median cpu_per_wall): ${share.toFixed(2)}` +
      (share < 0.9 ? ' — the machine was busy with other work: figures are slower and noisier than on a quiet machine; ratios still compare peers in the same conditions' : ''),
    `- command: \`${cmd}\``,
    `- method: one worker process per peer, interleaved (order rotated every repetition), single thread; ` +
      `warm-up, then median of ${REPS} repetitions (${TRAIN_REPS} for training workloads) of ≥ ${TARGET_MS} ms each`,
    '- peers:',
    ...peerLines,
    '',
    tables,
    '',
    '### Raw JSON lines',
    '',
    '```',
    ...lines,
    '```',
    '',
  ].join('\n');
}

await main();
