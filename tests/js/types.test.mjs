// The TypeScript declarations (js/tensorpad.d.ts) compile, and a usage file written from
// the README and docs type-checks against them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

test('tensorpad.d.ts type-checks a usage file', () => {
  const tsc = `${root}node_modules/typescript/bin/tsc`;
  const r = spawnSync(process.execPath, [tsc, '-p', 'tests/types/tsconfig.json'], { cwd: root, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});
