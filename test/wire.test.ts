// The wire adapter: a runtime in another process (any language) speaking the Driver contract as
// JSON-RPC over stdio. The reference served that way passes; a mutant served that way is caught;
// an implementation that cannot start or does not speak the protocol is a one-line exit 2.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { spotcheck, tempDir } from './helpers.ts';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './helpers.ts';

const SERVE = 'exec:node --import tsx impl-reference/harness/serve.ts';

test('the reference served over the wire protocol passes (channels, reconnect, objects, relocation)', () => {
  const r = spotcheck(['run', '--impl', SERVE, '--tags', '@V01 or @V05 or @R-CRE-1 or @V13', '--out', tempDir('wire')]);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /\d+ passed, 0 failed/);
});

test('a mutant served over the wire protocol is caught', () => {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/spotcheck.js'), 'run', '--impl', SERVE, '--tags', '@V01', '--out', tempDir('wire')], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true', SPOTCHECK_SERVE_MUTANT: 'reselect-after-acceptance' },
  });
  assert.equal(r.status, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /FAILED .*select-one\.feature/);
});

test('an implementation that cannot start, or does not speak JSON-RPC, is exit 2 with one line', () => {
  for (const [impl, says] of [
    ['exec:/nonexistent/runtime', /could not start: .* exited/],
    ['exec:echo hello', /could not start: the implementation wrote a line that is not JSON: hello/],
  ] as const) {
    const r = spotcheck(['run', '--impl', impl, '--out', tempDir('wire')], 60_000);
    assert.equal(r.code, 2, r.stdout + r.stderr);
    const ours = r.stderr.trim().split('\n').filter((l) => l.startsWith('spotcheck:'));
    assert.equal(ours.length, 1, r.stderr);
    assert.match(ours[0], says);
  }
});
