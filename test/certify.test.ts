// spotcheck certify and verify, as a user runs them: a certificate of the reference at level core
// (its 36 scenarios, twice: about 15 s a run on a loaded 2-core machine), checked by verify as
// written, and again after each kind of tampering (exit 1, one line naming the field); input that
// is no certificate (exit 2, one line naming the file); certify --from a report; usage errors; and
// the refusal of an implementation whose results change between runs (a fixture that does so on
// purpose, so the case runs every time rather than only when the machine is loaded).

import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import type { Certificate } from '../src/certify/certificate.ts';
import { verifyCertificate } from '../src/certify/verify.ts';
import { changedScenarios } from '../src/certify/runs.ts';
import { levelIds, levelNamed } from '../src/requirements/levels.ts';
import type { ScenarioResult } from '../src/run/results.ts';
import { ROOT, spotcheck, tempDir } from './helpers.ts';
import { spawnSync } from 'node:child_process';

let out: string;
let certFile: string;
let certified: ReturnType<typeof spotcheck>;

before(() => {
  out = tempDir('certify');
  certified = spotcheck(['certify', '--impl', 'reference', '--level', 'core', '--runs', '2', '--parallel', '2', '--out', out], 600_000);
  certFile = join(out, 'certificate.json');
});

test('certify writes no certificate when a result changed between runs: one line per changed scenario, exit 1', () => {
  // An implementation that is the reference in run 1 and the mutant double-terminal in run 2
  // (test/support/wire-flip.mjs): the scenarios that mutant fails change, every other one does not.
  const dir = tempDir('certify-flip');
  const flip = `exec:node test/support/wire-flip.mjs ${join(dir, 'ran')} double-terminal`;
  const r = spotcheck(['certify', '--impl', flip, '--level', 'core', '--runs', '2', '--parallel', '1', '--out', join(dir, 'out')], 600_000);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const changed = r.stdout.split('\n').filter((l) => l.startsWith('changed between runs: '));
  assert.ok(changed.length > 0, r.stdout);
  for (const l of changed) assert.match(l, /^changed between runs: features\/\S+\.feature:\d+ .+: passed, failed$/);
  // Out of the scenarios each run had (its progress lines count them), not a number written here.
  const selected = /^\[\d+\/(\d+)\] /m.exec(r.stdout)?.[1];
  assert.ok(selected, r.stdout);
  assert.match(r.stdout, new RegExp(`^no certificate: ${changed.length} of ${selected} scenarios changed between the 2 runs$`, 'm'));
  assert.ok(!existsSync(join(dir, 'out', 'certificate.json')), 'no certificate.json');
  assert.ok(!existsSync(join(dir, 'out', 'badge.json')), 'no badge.json');
});

function readCert(): Certificate {
  return JSON.parse(readFileSync(certFile, 'utf8')) as Certificate;
}

function oneLineUsageError(r: ReturnType<typeof spotcheck>, mentions: RegExp): void {
  assert.equal(r.code, 2, `exit status: ${r.stdout}\n${r.stderr}`);
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, `one line of error, got:\n${r.stderr}`);
  assert.match(lines[0], /^spotcheck: /);
  assert.match(lines[0], mentions);
  assert.doesNotMatch(r.stderr, /\bat .*\.ts:\d+/, 'no stack trace');
}

/** Write a tampered copy of the fresh certificate and verify it. */
function verifyTampered(name: string, tamper: (c: Certificate) => void): ReturnType<typeof spotcheck> {
  const c = readCert();
  tamper(c);
  const file = join(tempDir('tampered'), `${name}.json`);
  writeFileSync(file, JSON.stringify(c, null, 2));
  return spotcheck(['verify', file], 60_000);
}

test('certify --level core --runs 2: both runs agree, level core met, certificate and badges written', () => {
  const said = `${certified.stdout}\n${certified.stderr}`;
  assert.equal(certified.code, 0, said);
  assert.match(certified.stdout, /^certificate: spotcheck-reference \S+ \(embedded\), level core met, 2 run\(s\) agreed/m, said);
  for (const f of ['certificate.json', 'badge.json', 'badge.svg', 'compliance.json', 'cucumber.html']) assert.ok(existsSync(join(out, f)), `${f} written`);
  assert.deepEqual(readdirSync(out).filter((f) => f.startsWith('.')), [], 'no temporary files left');

  const c = readCert();
  assert.equal(c.format, 'spotcheck-certificate/1');
  assert.equal(c.kit.name, 'spotcheck');
  assert.ok(c.kit.commit === null || /^[0-9a-f]{40}$/.test(c.kit.commit), `commit ${c.kit.commit}`);
  assert.match(c.hashes.features.sha256!, /^[0-9a-f]{64}$/);
  assert.ok(c.hashes.schema.sha256 !== null || typeof c.hashes.schema.note === 'string', 'a schema hash, or a note saying why none');
  assert.equal(c.implementation.name, 'spotcheck-reference');
  assert.deepEqual(c.level, { requested: 'core', met: 'core', lacks: [] });
  assert.equal(c.runs, 2);
  assert.equal(c.backend.name, 'embedded');
  assert.deepEqual(c.selection, { tags: null, levelOnly: 'core', shard: null });
  assert.equal(c.environment[0].node, process.version);
  assert.equal(c.requirements.length, 52);
  // Every core ID passed; only core scenarios ran, so every other ID is untested (never passed).
  const core = levelIds(levelNamed('core')!);
  for (const r of c.requirements) {
    if (core.includes(r.id)) assert.equal(r.status, 'passed', r.id);
    else assert.equal(r.status, 'untested', r.id);
    assert.equal(r.scenarios, r.counts.passed + r.counts.failed + r.counts.notApplicable, r.id);
  }

  const badge = JSON.parse(readFileSync(join(out, 'badge.json'), 'utf8'));
  assert.deepEqual(badge, { schemaVersion: 1, label: 'spotcheck', message: 'core (embedded)', color: 'green' });
  const svg = readFileSync(join(out, 'badge.svg'), 'utf8');
  assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.match(svg, /core \(embedded\)/);
});

test('verify passes a fresh certificate', () => {
  const r = spotcheck(['verify', certFile], 60_000);
  assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
  assert.match(r.stdout, /matches this kit/);
  assert.equal(r.stdout.trim().split('\n').length, 1);
});

test('verify fails a certificate with a changed hash, naming the field', () => {
  const r = verifyTampered('hash', (c) => (c.hashes.features.sha256 = '0'.repeat(64)));
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /^hashes\.features\.sha256: the certificate says "0{64}", this kit has "[0-9a-f]{64}"$/m);
  assert.equal(r.stdout.trim().split('\n').length, 2, r.stdout); // the mismatch and the verdict
});

test('verify fails a certificate without a hash: a null spec hash says nothing was checked against a spec', () => {
  for (const h of ['spec', 'features', 'schema'] as const) {
    const r = verifyTampered(`null-${h}`, (c) => (c.hashes[h] = { sha256: null, note: 'no file' }));
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, new RegExp(`^hashes\\.${h}\\.sha256: the certificate has none \\(no file\\): it does not say which ${h} it was checked against$`, 'm'));
  }
});

test('certify without the spec beside the kit: one line, exit 2, before anything runs, nothing written', () => {
  const dir = tempDir('certify-nospec');
  const env = { SPOTCHECK_SPEC_FILE: join(dir, 'no-spec.txt') };
  const r = spotcheckEnv(['certify', '--impl', 'reference', '--level', 'core', '--out', join(dir, 'out')], env);
  oneLineExit2(r, /^spotcheck: no certificate without the spec hash: no spec file at .*no-spec\.txt \(set SPOTCHECK_SPEC_FILE\)$/);
  assert.doesNotMatch(r.stdout, /run 1 of/, 'nothing ran');
  const from = spotcheckEnv(['certify', '--from', join(out, 'compliance.json'), '--out', join(dir, 'from')], env);
  oneLineExit2(from, /^spotcheck: no certificate without the spec hash/);
  assert.deepEqual(readdirSync(join(dir, 'from')).filter((f) => f.endsWith('.json')), []);
});

function spotcheckEnv(args: string[], env: Record<string, string>): ReturnType<typeof spotcheck> {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/spotcheck.js'), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000, env: { ...process.env, CI: 'true', ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function oneLineExit2(r: ReturnType<typeof spotcheck>, line: RegExp): void {
  assert.equal(r.code, 2, r.stdout + r.stderr);
  assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  assert.match(r.stderr.trim(), line);
}

test('verify fails a certificate with a changed status, naming the ID', () => {
  const r = verifyTampered('status', (c) => (c.requirements.find((x) => x.id === 'V01')!.status = 'failed'));
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /^requirements V01\.status: the certificate says "failed", its scenarios give "passed"$/m);
  assert.match(r.stdout, /^summary: /m);
});

test('verify fails a certificate whose counts do not add up', () => {
  const r = verifyTampered('counts', (c) => (c.requirements.find((x) => x.id === 'V02')!.counts.passed += 1));
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /^requirements V02\.counts: /m);
  assert.match(r.stdout, /^requirements V02\.scenarios: the certificate says \d+, but its counts add up to \d+$/m);
});

test('verify fails a certificate whose level met is not justified by its scenarios', () => {
  let failed = '';
  const r = verifyTampered('level', (c) => {
    // A core scenario failed, but the certificate still claims core.
    const req = c.compliance.requirements.find((x) => x.id === 'V01')!;
    req.scenarios[0].status = 'failed';
    failed = `${req.scenarios[0].uri}:${req.scenarios[0].line}`;
  });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /^compliance\.requirements V01\.status: /m);
  // The line names why the level is not met: the scenario that now failed.
  assert.match(r.stdout, /^level\.met: the certificate says "core", its statuses justify null \((.+) failed\)$/m);
  assert.equal(/justify null \((.+) failed\)$/m.exec(r.stdout)![1], failed);
  assert.match(r.stdout, /^level\.met core: V01 is passed|^level\.met: /m);
});

test('verify fails a certificate of another kit version or of a shard', () => {
  const c = readCert();
  c.kit.version = '9.9.9';
  c.compliance.kit.version = '9.9.9';
  c.selection.shard = { index: 1, total: 2 };
  const problems = verifyCertificate(c);
  assert.ok(problems.some((p) => p.startsWith('kit.version: the certificate says "9.9.9"')), problems.join('\n'));
  assert.ok(problems.some((p) => p.startsWith('selection: ')), problems.join('\n'));
});

test('verify: input that is not a certificate is one line naming the file, exit 2', () => {
  const dir = tempDir('verify-bad');
  const notJson = join(dir, 'not-json.json');
  writeFileSync(notJson, '{"format": ');
  oneLineUsageError(spotcheck(['verify', notJson], 60_000), /not-json\.json: not JSON/);
  const compliance = join(out, 'compliance.json'); // a report, not a certificate
  oneLineUsageError(spotcheck(['verify', compliance], 60_000), /compliance\.json: not a spotcheck certificate \(format is undefined/);
  const truncated = join(dir, 'no-requirements.json');
  const c = readCert() as unknown as Record<string, unknown>;
  delete c.requirements;
  writeFileSync(truncated, JSON.stringify(c));
  oneLineUsageError(spotcheck(['verify', truncated], 60_000), /no-requirements\.json: not a spotcheck certificate \(no requirements list\)/);
  oneLineUsageError(spotcheck(['verify', join(dir, 'missing.json')], 60_000), /missing\.json: cannot be read \(ENOENT\)/);
});

test('certify --from a whole report makes the same certificate, and verify passes it', () => {
  const again = tempDir('certify-from');
  const r = spotcheck(['certify', '--from', join(out, 'compliance.json'), '--out', again], 60_000);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const a = readCert();
  const b = JSON.parse(readFileSync(join(again, 'certificate.json'), 'utf8')) as Certificate;
  assert.deepEqual(b.requirements, a.requirements);
  assert.deepEqual(b.level, a.level);
  assert.equal(b.runs, 2);
  const v = spotcheck(['verify', join(again, 'certificate.json')], 60_000);
  assert.equal(v.code, 0, v.stdout + v.stderr);
});

test('certify: bad usage is one line, exit 2, and nothing is written', () => {
  const dir = tempDir('certify-bad');
  oneLineUsageError(spotcheck(['certify', '--out', dir], 60_000), /certify needs --impl/);
  oneLineUsageError(spotcheck(['certify', '--impl', 'reference', '--level', 'gold', '--out', dir], 60_000), /unknown level "gold"/);
  oneLineUsageError(spotcheck(['certify', '--impl', 'reference', '--runs', '0', '--out', dir], 60_000), /--runs/);
  oneLineUsageError(spotcheck(['certify', '--impl', 'nonesuch', '--out', dir], 60_000), /unknown implementation "nonesuch"/);
  oneLineUsageError(spotcheck(['certify', '--from', join(out, 'compliance.json'), '--impl', 'reference', '--out', dir], 60_000), /leave out --impl/);
  oneLineUsageError(spotcheck(['certify', '--from', join(out, 'compliance.json'), '--level', 'full', '--out', dir], 60_000), /ran for level core, not full/);
  oneLineUsageError(spotcheck(['certify', '--from', certFile, '--out', dir], 60_000), /certificate\.json: not a compliance\.json of spotcheck/);
  assert.deepEqual(readdirSync(dir), []);
});

test('results that differ between runs are listed, one per scenario; equal runs list none', () => {
  const r = (line: number, status: ScenarioResult['status']): ScenarioResult => ({ name: `s${line}`, uri: 'features/a.feature', line, tags: [], status });
  assert.deepEqual(changedScenarios([[r(1, 'passed'), r(2, 'passed')], [r(2, 'passed'), r(1, 'passed')]]), []);
  assert.deepEqual(changedScenarios([[r(1, 'passed'), r(2, 'passed')], [r(1, 'failed'), r(2, 'passed')], [r(1, 'passed')]]), [
    { key: 'features/a.feature:1', name: 's1', statuses: ['passed', 'failed', 'passed'] },
    { key: 'features/a.feature:2', name: 's2', statuses: ['passed', 'passed', 'absent'] },
  ]);
});
