// Levels and not-applicable, end to end: a runtime is judged by what it reports. The reference is
// served over the wire protocol reporting less than it has (SPOTCHECK_SERVE_CAPABILITIES /
// _FAILPOINTS), as a runtime that implements less would.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Compliance } from '../src/report/compliance.ts';
import { ROOT, spotcheck, tempDir } from './helpers.ts';

const SERVE = 'exec:node --import tsx impl-reference/harness/serve.ts';

function runServed(args: string[], env: Record<string, string>): { code: number | null; stdout: string; stderr: string; report: Compliance } {
  const out = tempDir('levels');
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/spotcheck.js'), 'run', '--impl', SERVE, '--out', out, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 300_000,
    env: { ...process.env, CI: 'true', ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, report: JSON.parse(readFileSync(join(out, 'compliance.json'), 'utf8')) as Compliance };
}

const status = (c: Compliance, id: string) => c.requirements.find((r) => r.id === id)!.status;

test('an unknown level is a usage error', () => {
  const r = spotcheck(['run', '--level', 'gold', '--out', tempDir('levels')], 60_000);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /^spotcheck: unknown level "gold" \(known: core, objects, full\)$/m);
});

test('a runtime that reports no capabilities never exits 0, and nothing it skips is passed', () => {
  const r = runServed(['--tags', '@V01 or @V03'], { SPOTCHECK_SERVE_CAPABILITIES: '', SPOTCHECK_SERVE_FAILPOINTS: '' });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /level full needs channels, node-direct, liveness, reconnect, .*which spotcheck-reference does not report: the run fails/);
  assert.equal(r.report.level.met, null);
  assert.equal(status(r.report, 'V01'), 'not-applicable');
  assert.equal(r.report.summary.passed, 0);
});

test('a scenario that arms a failpoint the runtime does not list is not-applicable, naming that failpoint', () => {
  const r = runServed(['--level', 'core', '--tags', '@V03'], { SPOTCHECK_SERVE_FAILPOINTS: '' });
  assert.equal(r.code, 1, 'core needs the transport failpoint');
  const v03 = r.report.requirements.find((x) => x.id === 'V03')!;
  // V03 also has a scenario that needs no failpoint: it passes, and the ID is partial, not passed.
  assert.equal(v03.status, 'partial');
  const na = v03.scenarios.filter((s) => s.status === 'not-applicable');
  assert.ok(na.length >= 2 && na.every((s) => s.lacks?.join() === 'failpoint:transport.ack-lost-after-write'), JSON.stringify(v03.scenarios));
  assert.ok(v03.scenarios.some((s) => s.status === 'passed'));
});

test('a core runtime meets core: IDs it cannot show in full are partial or not-applicable, never passed', () => {
  const core = { SPOTCHECK_SERVE_CAPABILITIES: 'channels,node-direct,liveness,reconnect', SPOTCHECK_SERVE_FAILPOINTS: 'transport.ack-lost-after-write' };
  const r = runServed(['--level', 'core'], core);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.equal(r.report.level.met, 'core');
  assert.equal(status(r.report, 'V01'), 'passed');
  assert.equal(status(r.report, 'V02'), 'partial', 'V02 has Actor and Session scenarios too');
  assert.equal(status(r.report, 'R-OBJ-1'), 'not-applicable');
  assert.match(r.stdout, /level core: met core/);
  // The same runtime asked for the objects level fails for what it lacks.
  const more = runServed(['--level', 'objects', '--tags', '@V01'], core);
  assert.equal(more.code, 1);
  assert.deepEqual(more.report.level.lacks.slice(0, 3), ['objects', 'instance-spots', 'store-faults']);
});
