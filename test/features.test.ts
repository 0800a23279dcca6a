// The project's own features pass the feature lint (every scenario carries a known requirement
// ID, every required ID has a scenario), and agree with the shared check-ids tool.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from './helpers.ts';
import { requiredIds } from '../src/requirements/registry.ts';

test('the feature lint passes on features/', () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/lint/cli.ts'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /; 0 problems/);
});

const checkIds = join(ROOT, '../shared/tools/check-ids');
test('the shared check-ids tool finds no unknown tag and covers the required IDs', { skip: !existsSync(checkIds) && 'no ../shared/tools/check-ids beside the project' }, () => {
  const r = spawnSync('python3', [checkIds, '.'], { cwd: ROOT, encoding: 'utf8' });
  assert.doesNotMatch(r.stdout, /unknown requirement tags/, r.stdout);
  for (const id of requiredIds()) {
    assert.match(r.stdout, new RegExp(`^${id}\\s+[1-9]\\d* scenario`, 'm'), `${id} has no scenario per check-ids`);
  }
});
