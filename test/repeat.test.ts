// --repeat and certify's runs show what failed in every run, with the assertion's message: only the last run's
// reports are kept, so an earlier run's failure would otherwise be a name without a reason.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { spotcheck, tempDir } from './helpers.ts';

/** Run 1's failures are printed with their messages; run 2's (the last) only in the closing summary, once. */
function assertEarlierFailuresPrinted(r: { code: number | null; stdout: string; stderr: string }): void {
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const lines = r.stdout.split('\n');
  const earlier = lines.filter((l) => l.startsWith('run 1: FAILED '));
  assert.ok(earlier.length > 0, r.stdout);
  for (const l of earlier) assert.match(l, /^run 1: FAILED features\/\S+\.feature:\d+ .+: \S.*$/);
  assert.equal(lines.filter((l) => l.startsWith('run 2: FAILED ')).length, 0);
  assert.equal(lines.filter((l) => l.startsWith('FAILED ')).length, earlier.length);
}

test("--repeat prints each earlier run's failures with their messages", () => {
  assertEarlierFailuresPrinted(spotcheck(['run', '--impl', 'mutant:no-message-follow', '--tags', '@R-OBJ-3 and not @long and not @failpoint', '--repeat', '2', '--parallel', '0', '--out', tempDir('repeat')], 300_000));
});

test("certify prints each earlier run's failures with their messages too", () => {
  assertEarlierFailuresPrinted(spotcheck(['certify', '--impl', 'mutant:reselect-after-acceptance', '--level', 'core', '--runs', '2', '--out', tempDir('certify-repeat')], 300_000));
});
