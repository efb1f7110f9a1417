// Drives tests/fuzz/api_fuzz.mjs, one child process per seed (a hang or a crash of the process
// is a finding too: the child's last call is in its output).
//   node tests/fuzz/run.mjs              fixed seeds, about 20 s (make test)
//   node tests/fuzz/run.mjs --minutes M  new seeds until M minutes have passed (make fuzz);
//                                        findings are appended to build/fuzz/findings.txt
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const argv = process.argv.slice(2);
const minutes = argv.includes('--minutes') ? Number(argv[argv.indexOf('--minutes') + 1]) : 0;
const FIXED = [1, 2, 3, 5];
// A seed takes ~7 s alone; the long mode runs niced beside other work, so it allows more.
const CALLS = 1500, PER_SEED_MS = minutes ? 240000 : 60000;

// Each child runs in an empty folder of its own: random calls reach torch.save with random
// paths, and those files must not land in the checkout.
function run(seed) {
  const cwd = mkdtempSync(join(tmpdir(), 'tensorpad-fuzz-'));
  const r = spawnSync(process.execPath, [`${here}api_fuzz.mjs`, '--seed', String(seed), '--calls', String(CALLS)],
    { encoding: 'utf8', timeout: PER_SEED_MS, maxBuffer: 1 << 24, cwd });
  rmSync(cwd, { recursive: true, force: true });
  const out = (r.stdout ?? '') + (r.stderr ?? '');
  if (r.status === 0) return null;
  if (r.error?.code === 'ETIMEDOUT' || r.signal) return `seed=${seed}: the process hung or died (${r.signal ?? r.error.code}); rerun node tests/fuzz/api_fuzz.mjs --seed ${seed}\n${out.slice(-2000)}`;
  return out.trim();
}

let failed = 0, seeds = 0;
const started = Date.now();
if (!minutes) {
  for (const s of FIXED) {
    seeds++;
    const f = run(s);
    if (f) { failed++; console.log(f); }
  }
} else {
  mkdirSync('build/fuzz', { recursive: true });
  let seed = (Date.now() % 1e9) >>> 0;
  while (Date.now() - started < minutes * 60000) {
    seeds++;
    const f = run(seed);
    if (f) { failed++; console.log(f); appendFileSync('build/fuzz/findings.txt', `${new Date().toISOString()} ${f}\n\n`); }
    seed = (seed * 1103515245 + 12345) >>> 0;
  }
}
console.log(`api fuzz: ${seeds} seeds x ${CALLS} calls in ${((Date.now() - started) / 1000).toFixed(1)} s, ${failed} failing`);
process.exit(failed ? 1 : 0);
