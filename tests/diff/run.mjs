// The differential tester's runner: replays PyTorch's recorded programs on tensorpad and sorts
// them into agreeing, known (tests/diff/known.txt) and new disagreements.
//   node tests/diff/run.mjs FILE.json [--all]   report (make fuzz-diff); exit 1 on new ones
// tests/js/diff.test.mjs runs the committed programs (tests/fixtures/diff/programs.json) the same way.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { run, compare } from './interp.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** known.txt: "ID  reason" per line, '#' comments. */
export function readKnown(file = path.join(here, 'known.txt')) {
  const known = new Map();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = /^(\S+)\s+(.*)$/.exec(line.trim());
    if (m && !line.trimStart().startsWith('#')) known.set(m[1], m[2]);
  }
  return known;
}

/** Runs every program: {tally: {cat: {programs, agree}}, disagree: [{id, diffs}]}. */
export function runAll(torch, programs) {
  const tally = {}, disagree = [];
  for (const p of programs) {
    const t = (tally[p.cat] ??= { programs: 0, agree: 0 });
    t.programs++;
    let diffs;
    try {
      diffs = compare(p, torch.scope(() => run(torch, p)));
    } catch (e) {
      diffs = [`runner: ${e.stack}`];
    }
    if (diffs.length) disagree.push({ id: p.id, diffs });
    else t.agree++;
  }
  return { tally, disagree };
}

export function summary(tally) {
  const lines = [];
  let n = 0, a = 0;
  for (const [cat, t] of Object.entries(tally)) {
    lines.push(`${cat.padEnd(9)} ${String(t.agree).padStart(5)}/${String(t.programs).padEnd(5)} ${(100 * t.agree / t.programs).toFixed(1)} %`);
    n += t.programs; a += t.agree;
  }
  lines.push(`${'all'.padEnd(9)} ${String(a).padStart(5)}/${String(n).padEnd(5)} ${(100 * a / n).toFixed(1)} %`);
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { default: torch } = await import('../../js/tensorpad.js');
  const file = process.argv[2];
  const all = process.argv.includes('--all');
  const { programs } = JSON.parse(fs.readFileSync(file, 'utf8'));
  const known = readKnown();
  const { tally, disagree } = runAll(torch, programs);
  console.log(summary(tally));
  let fresh = 0;
  for (const d of disagree) {
    if (known.has(d.id) && !all) continue;
    fresh++;
    console.log(`\n${d.id}${known.has(d.id) ? '  (known: ' + known.get(d.id) + ')' : ''}`);
    for (const x of d.diffs.slice(0, 6)) console.log('  ' + x);
    const p = programs.find((q) => q.id === d.id);
    console.log('  program: ' + JSON.stringify(p.steps).slice(0, 600));
  }
  console.log(`\n${disagree.length} disagreeing programs, ${fresh} not in tests/diff/known.txt`);
  process.exitCode = fresh ? 1 : 0;
}
