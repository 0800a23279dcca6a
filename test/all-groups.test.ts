// test/all.mjs (npm test) takes the waiting group's result from CI's real-time lane only when it is
// the result for this tree's very files; bad arguments are one line and exit 2. The group itself is
// exercised by .ci/run (kept in the lane, read by npm test), not here: it takes minutes.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT, tempDir } from './helpers.ts';

const all = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ['test/all.mjs', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 30_000, env: { ...process.env, ...env } });

test('bad arguments: one line naming what is wrong, exit 2, nothing run', () => {
  for (const [args, why] of [
    [['--group', 'busy', '--keep', '/tmp/x'], /--group busy: only the waiting group can run alone/],
    [['--group', 'waiting'], /--group and --keep go together/],
    [['--keep'], /--keep needs a value/],
    [['--shard', '1'], /unknown option --shard/],
  ] as const) {
    const r = all([...args]);
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, why);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.equal(r.stdout, '');
  }
});

test("a kept waiting group for other files than this tree's is refused, not taken for a pass", () => {
  const reports = tempDir('ci-reports');
  mkdirSync(join(reports, 'npm-test-waiting'));
  writeFileSync(join(reports, 'npm-test-waiting', 'result.json'), JSON.stringify({ files: ['test/gone.test.ts'], ok: true, line: 'npm test: 1 waiting files: passed in 1 s' }));
  writeFileSync(join(reports, 'npm-test-waiting', 'output.tap'), 'ok 1 - gone\n');
  const r = all([], { SPOTCHECK_CI_REPORTS: reports });
  assert.equal(r.status, 2, r.stderr);
  assert.match(r.stderr, /kept the waiting group for other files than this tree has \(kept 1, here \d+\)/);
  assert.doesNotMatch(r.stdout, /ok 1 - gone/);
});

test('a kept waiting group that cannot be read is one line and exit 2', () => {
  const reports = tempDir('ci-reports');
  mkdirSync(join(reports, 'npm-test-waiting'));
  writeFileSync(join(reports, 'npm-test-waiting', 'result.json'), '{"files": [');
  const r = all([], { SPOTCHECK_CI_REPORTS: reports });
  assert.equal(r.status, 2, r.stderr);
  assert.match(r.stderr, /holds no readable kept waiting group/);
  assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
});
