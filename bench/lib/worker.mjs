// One peer in its own Node process, driven by bench/run.mjs over stdin/stdout.
//
//   node lib/worker.mjs peers/<peer>.mjs
//
// Protocol (shared with torch_peer.py and native/driver.c): one command per line on stdin
// (`info`, `setup <workload> <variant|-> <target_ms> <max_call_ms>`, `rep`, `teardown`, `quit`); one
// answer per command, a JSON object on a stdout line starting with "@@BENCH ". Anything
// else a library prints is ignored by the runner, so console.log goes to stderr here.
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { WORKLOADS, Missing } from './common.mjs';

const out = process.stdout.write.bind(process.stdout);
console.log = console.info = console.warn = console.error;
const reply = (obj) => out(`@@BENCH ${JSON.stringify(obj)}\n`);

let peer;
try {
  peer = await import(pathToFileURL(resolve(process.argv[2])).href);
} catch (e) {
  // A peer that cannot even load (tensorpad not built, package missing) answers every
  // command with the reason instead of dying, so the runner reports it per workload.
  peer = { loadError: e };
}

let inst = null, iters = 1;

/** Runs the instance n times; awaits only when the peer is lazy/async. */
async function timeRuns(n) {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const r = inst.run();
    if (r && typeof r.then === 'function') await r;
  }
  return performance.now() - t0;
}

async function setup(name, variant, targetMs, maxCallMs) {
  const w = WORKLOADS.find((x) => x.name === name);
  if (!w) return { status: 'error', message: `unknown workload ${name}` };
  if (peer.loadError) return { status: 'unavailable', missing: `peer does not load: ${String(peer.loadError.message ?? peer.loadError).split('\n')[0]}` };
  try {
    inst = await peer.make(w, variant);
    if (!inst) return { status: 'skip' };
    const t0 = performance.now();
    const check = await inst.check();                   // the first call: pays compilation, caches
    const first = performance.now() - t0;
    // Far over budget already (training checks run 3 steps): no second call to confirm it.
    const one = first > 3 * maxCallMs ? first : Math.max(await timeRuns(1), 1e-3);
    if (one > maxCallMs) {
      inst = null;
      return { status: 'skipped', message: `one call takes ${one.toFixed(0)} ms, over the ${maxCallMs} ms per-call budget`, single_call_ms: +one.toPrecision(4) };
    }
    iters = Math.max(1, Math.min(1e6, Math.ceil(targetMs / one)));
    // Warm-up: JITs (V8's, jax-js's) and allocators settle over the first calls, so run
    // ≥ 3 repetitions and ≥ 300 ms, but stop at 3 s.
    for (let reps = 0, spent = 0; (reps < 3 || spent < 300) && spent + one * iters < 3000; reps++) spent += await timeRuns(iters);
    return { status: 'ok', check, iters };
  } catch (e) {
    inst = null;
    if (e instanceof Missing) return { status: 'unavailable', missing: e.missing };
    return { status: 'error', message: String(e?.message ?? e).split('\n')[0].slice(0, 300) };
  }
}

const rl = createInterface({ input: process.stdin });
for await (const line of rl) {
  const [cmd, ...args] = line.trim().split(/\s+/);
  try {
    if (cmd === 'info') {
      if (peer.loadError) reply({ status: 'unavailable', missing: String(peer.loadError.message ?? peer.loadError).split('\n')[0] });
      else reply({ status: 'ok', name: peer.name, ...(await peer.info()) });
    } else if (cmd === 'setup') {
      reply(await setup(args[0], args[1] === '-' ? '' : args[1], Number(args[2]), Number(args[3] ?? Infinity)));
    } else if (cmd === 'rep') {
      const cpu0 = process.cpuUsage();
      const ms = await timeRuns(iters);
      const cpu = process.cpuUsage(cpu0);
      reply({ ms: ms / iters, wall_ms: ms, cpu_ms: (cpu.user + cpu.system) / 1e3 });
    } else if (cmd === 'teardown') {
      await inst?.dispose?.();
      inst = null;
      globalThis.gc?.();
      reply({ status: 'ok' });
    } else if (cmd === 'quit') {
      break;
    } else {
      reply({ status: 'error', message: `unknown command ${cmd}` });
    }
  } catch (e) {
    reply({ status: 'error', message: String(e?.message ?? e).split('\n')[0].slice(0, 300) });
  }
}
process.exit(0);
