// The process backend's own promises, checked on real processes: a node is an OS process, a crash
// is a SIGKILL the kit sends, a hang a SIGSTOP, what a node recorded before it was killed is still
// in the journal, a restarted node is a new process, and nothing is left running after close().
// The checks run in a process of their own (test/support/process-check.ts) with a deadline, so a
// hang anywhere fails this test instead of stalling the run.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { it } from 'node:test';
import { ROOT } from './helpers.ts';

it('runs each node as its own process and carries out crash, hang, restart and a Store outage for all from outside', () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'test/support/process-check.ts')], { cwd: ROOT, encoding: 'utf8', timeout: 90_000, killSignal: 'SIGKILL' });
  const last = r.stdout.trim().split('\n').pop() ?? '';
  assert.notEqual(r.signal, 'SIGKILL', `the checks did not end within 90 s; stderr: ${r.stderr.slice(-500)}`);
  assert.equal(last, JSON.stringify({ ok: true }), `the checks failed: ${last || r.stderr.slice(-500)}`);
  assert.equal(r.status, 0);
});
