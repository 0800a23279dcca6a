// With an exec: runtime and several workers, each worker's runtime starts and answers before any
// worker runs a scenario (src/run/start-barrier.ts): a runtime still loading must not take the CPU
// from a scenario that is timing a deadline. The runtime is started three times (once by the run
// itself, to describe it, then once per worker); the third waits 5 s before it answers anything,
// and without the barrier the other worker's first scenario starts a topology during that time.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { spotcheck, tempDir } from './helpers.ts';

test('no scenario starts a topology before every worker\'s runtime has answered', () => {
  const dir = tempDir('start-barrier');
  const r = spotcheck(['run', '--impl', `exec:node test/support/wire-slow-start.mjs ${dir} 5000 2`, '--tags', '@V01', '--parallel', '2', '--call-timeout', '10000'], 120_000);
  // The runtime answers null to everything but open and describe: its scenarios fail.
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const lines = readFileSync(join(dir, 'log'), 'utf8').trim().split('\n').map((l) => l.split(' '));
  const ready = lines.filter(([what]) => what === 'ready').map(([, at]) => Number(at));
  const starts = lines.filter(([what]) => what === 'start').map(([, at]) => Number(at));
  assert.equal(ready.length, 3, `the run's own runtime process and one per worker: ${lines.join('; ')}`);
  assert.ok(starts.length > 0, 'no scenario started a topology');
  assert.ok(Math.min(...starts) >= Math.max(...ready), `a topology started ${Math.max(...ready) - Math.min(...starts)} ms before the last runtime was ready`);
});
