// The Promela models (models/*.pml) checked with spin: every model passes in every configuration
// and every switch that breaks a rule is caught with a trail (models/check.sh says how it judges
// pan's output). A machine without spin fails here, with one line saying how to get it: the
// models are part of the kit's honesty, not an optional extra.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './helpers.ts';

test('models/check.sh: every model passes, every switch is caught with a trail', () => {
  const hasSpin = spawnSync('sh', ['-c', 'command -v spin'], { encoding: 'utf8' }).status === 0;
  assert.ok(hasSpin, 'spin is not installed: apt-get install spin');
  const r = spawnSync('bash', [join(ROOT, 'models/check.sh')], { cwd: ROOT, encoding: 'utf8', timeout: 300_000 });
  assert.equal(r.status, 0, `models/check.sh exited ${r.status ?? r.signal}:\n${r.stdout}${r.stderr}`);
  assert.match(r.stdout, /^models: every model passes/m);
  assert.doesNotMatch(r.stdout, /SURPRISE/);
});
