// Bad input gets one line naming what is wrong and exit status 2, and nothing is written.

import assert from 'node:assert/strict';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { spawnSync } from 'node:child_process';
import { ROOT, spotcheck, tempDir } from './helpers.ts';

function assertUsageError(args: string[], mentions: RegExp): void {
  const r = spotcheck(args, 60_000);
  assert.equal(r.code, 2, `exit status for ${args.join(' ')}: ${r.stderr}`);
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, `one line of error, got:\n${r.stderr}`);
  assert.match(lines[0], /^spotcheck: /);
  assert.match(lines[0], mentions);
  assert.doesNotMatch(r.stderr, /\bat .*\.ts:\d+/, 'no stack trace');
}

test('an unknown implementation is a usage error', () => {
  assertUsageError(['run', '--impl', 'nonesuch', '--out', tempDir('cli')], /unknown implementation "nonesuch"/);
});

test('an unknown mutant is a usage error', () => {
  assertUsageError(['run', '--impl', 'mutant:nonesuch', '--out', tempDir('cli')], /unknown mutant "nonesuch"/);
  assertUsageError(['mutants', '--only', 'nonesuch', '--out', tempDir('cli')], /unknown mutant "nonesuch"/);
});

test('an unknown backend is a usage error', () => {
  assertUsageError(['run', '--backend', 'carrier-pigeon', '--out', tempDir('cli')], /unknown backend "carrier-pigeon"/);
});

test('a malformed tag expression is a usage error', () => {
  assertUsageError(['run', '--tags', '@V01 and (', '--out', tempDir('cli')], /malformed tag expression/);
});

test('an output folder that cannot be written is a usage error, and nothing is written', () => {
  const dir = tempDir('cli');
  const file = join(dir, 'a-file');
  writeFileSync(file, 'not a folder');
  assertUsageError(['run', '--out', join(file, 'reports')], /cannot write the output folder/);
  assert.deepEqual(readdirSync(dir), ['a-file']);
});

test('an unknown option or a bad --repeat is a usage error', () => {
  assertUsageError(['run', '--frobnicate'], /unknown option/);
  assertUsageError(['run', '--repeat', 'zero', '--out', tempDir('cli')], /repeat/);
});

test('a failing run leaves complete reports, with no staging folders behind', () => {
  const out = tempDir('cli');
  const r = spotcheck(['run', '--impl', 'mutant:select-weight-zero', '--tags', '@R-CH-1', '--out', out], 120_000);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.deepEqual(readdirSync(out).sort(), ['compliance.json', 'cucumber.html', 'cucumber.json', 'cucumber.ndjson', 'cucumber.xml']);
  assert.ok(existsSync(join(out, 'compliance.json')));
});

test('backend redis with no Redis to be had is an implementation that could not start', () => {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/spotcheck.js'), 'run', '--backend', 'redis', '--out', tempDir('cli')], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true', SPOTCHECK_REDIS_URL: 'redis://127.0.0.1:1' },
  });
  assert.equal(r.status, 2, r.stdout + r.stderr);
  assert.match(r.stderr.trim(), /^spotcheck: backend redis could not start: .*url/);
  assert.equal(r.stderr.trim().split('\n').length, 1);
});

test('mutants over the wire bring their own runtime: --wire with another backend is a usage error', () => {
  assertUsageError(['mutants', '--wire', '--backend', 'redis', '--out', tempDir('cli')], /--wire serves each mutant as a runtime of its own/);
});
