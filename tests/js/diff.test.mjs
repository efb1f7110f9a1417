// The differential tester (tests/diff/): PyTorch 1.13's results for thousands of random
// programs (tests/fixtures/diff/programs.json, made by tests/fixtures/gen_diff.py) replayed on tensorpad.
// A disagreement fails unless tests/diff/known.txt lists the program with its reason; a
// listed program that now agrees fails too (remove its line).
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import torch from '../../js/tensorpad.js';
import { runAll, readKnown, summary } from '../diff/run.mjs';

const { programs } = JSON.parse(fs.readFileSync(new URL('../fixtures/diff/programs.json', import.meta.url), 'utf8'));
const known = readKnown();

test('random programs agree with PyTorch 1.13', () => {
  const { tally, disagree } = runAll(torch, programs);
  console.log(summary(tally));
  const fresh = disagree.filter((d) => !known.has(d.id));
  const bad = new Set(disagree.map((d) => d.id));
  const fixed = [...known.keys()].filter((id) => !bad.has(id) && programs.some((p) => p.id === id));
  const stale = [...known.keys()].filter((id) => !programs.some((p) => p.id === id));
  assert.deepEqual(fresh.map((d) => `${d.id}: ${d.diffs.slice(0, 3).join('; ')}`), [], 'new disagreements');
  assert.deepEqual(fixed, [], 'programs in tests/diff/known.txt that now agree (remove their lines)');
  assert.deepEqual(stale, [], 'tests/diff/known.txt names programs that do not exist');
});
