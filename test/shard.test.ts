// Sharding and merging: `spotcheck run --shard i/n` splits the selection by scenario, so that the
// n shards run every selected scenario exactly once; `spotcheck merge` puts the shards of one run
// back together and refuses what does not belong together; bad --shard values and bad shards are
// one line and exit 2.

import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { before, test } from 'node:test';
import { loadSources } from '@cucumber/cucumber/api';
import type { Compliance } from '../src/report/compliance.ts';
import { parseShard, scenarioKey, selectShard } from '../src/run/shard.ts';
import { ROOT, spotcheck, tempDir } from './helpers.ts';

const silent = new Writable({ write: (_c, _e, cb) => cb() });

/** The scenarios a tag expression selects, as `uri:line`, from Cucumber's own plan. */
async function planned(tags: string): Promise<Array<{ uri: string; line: number }>> {
  const { plan, errors } = await loadSources(
    { paths: ['features/**/*.feature'], defaultDialect: 'en', names: [], tagExpression: tags, order: 'defined' },
    { cwd: ROOT, stdout: silent, stderr: silent },
  );
  assert.deepEqual(errors, []);
  return plan.map((p) => ({ uri: p.uri, line: p.location.line }));
}

function oneLineUsageError(r: ReturnType<typeof spotcheck>, mentions: RegExp): void {
  assert.equal(r.code, 2, `exit status: ${r.stdout}\n${r.stderr}`);
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, `one line of error, got:\n${r.stderr}`);
  assert.match(lines[0], /^spotcheck: /);
  assert.match(lines[0], mentions);
  assert.doesNotMatch(r.stderr, /\bat .*\.ts:\d+/, 'no stack trace');
}

test('parseShard takes i/n with 1 <= i <= n and nothing else', () => {
  assert.deepEqual(parseShard('1/3'), { index: 1, total: 3 });
  assert.deepEqual(parseShard('3/3'), { index: 3, total: 3 });
  assert.deepEqual(parseShard('1/1'), { index: 1, total: 1 });
  for (const bad of ['0/3', '4/3', 'x', '', '1/0', '-1/3', '1.5/3', '1/3/5', '/3', '2/']) assert.throws(() => parseShard(bad), /bad --shard/, bad);
});

test('the shards of every selection partition it: each scenario in exactly one shard, sizes within one', async () => {
  for (const tags of ['', '@V01 or @V03', '@objects and not @long', '@V99']) {
    const all = await planned(tags);
    const keys = all.map(scenarioKey);
    assert.equal(new Set(keys).size, keys.length, `scenario keys are unique (${tags})`);
    for (let n = 1; n <= 7; n++) {
      const shards = Array.from({ length: n }, (_, k) => selectShard(all, (s) => s, { index: k + 1, total: n }).map(scenarioKey));
      const seen = shards.flat();
      assert.equal(seen.length, keys.length, `${tags} n=${n}: every scenario once`);
      assert.deepEqual(new Set(seen), new Set(keys), `${tags} n=${n}: all of them`);
      const sizes = shards.map((s) => s.length);
      assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 1, `${tags} n=${n}: sizes ${sizes}`);
      // The split depends on the scenarios, not on the order they were found in.
      const reversed = [...all].reverse();
      for (let k = 1; k <= n; k++) {
        assert.deepEqual(new Set(selectShard(reversed, (s) => s, { index: k, total: n }).map(scenarioKey)), new Set(shards[k - 1]), `${tags} shard ${k}/${n}, reversed input`);
      }
    }
  }
});

test('run: a bad --shard is one line, exit 2, before anything runs', () => {
  const out = tempDir('shard-bad');
  oneLineUsageError(spotcheck(['run', '--shard', '0/3', '--out', out], 60_000), /bad --shard "0\/3": i must be from 1 to 3/);
  oneLineUsageError(spotcheck(['run', '--shard', '4/3', '--out', out], 60_000), /bad --shard "4\/3": i must be from 1 to 3/);
  oneLineUsageError(spotcheck(['run', '--shard', 'x', '--out', out], 60_000), /bad --shard "x": expected i\/n/);
  oneLineUsageError(spotcheck(['run', '--shard', '1/0', '--out', out], 60_000), /bad --shard "1\/0": n must be at least 1/);
  assert.deepEqual(readdirSync(out), []);
});

// Two real shards of a small selection, reused by the merge tests below.
const TAGS = '@V01 or @V03';
let dir: string;
let shardFiles: string[];
let runs: Array<ReturnType<typeof spotcheck>>;

before(() => {
  dir = tempDir('shards');
  shardFiles = [1, 2].map((i) => join(dir, `s${i}`, 'compliance.json'));
  runs = [1, 2].map((i) => spotcheck(['run', '--tags', TAGS, '--shard', `${i}/2`, '--parallel', '2', '--out', join(dir, `s${i}`)], 300_000));
});

function shard(i: number): Compliance {
  return JSON.parse(readFileSync(shardFiles[i - 1], 'utf8')) as Compliance;
}

/** A changed copy of shard i, written beside the others. */
function variant(i: number, name: string, change: (c: Compliance) => void): string {
  const c = shard(i);
  change(c);
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(c, null, 2));
  return file;
}

test('run --shard 1/2 and 2/2 run every selected scenario exactly once, and merge puts them together', async () => {
  for (const r of runs) assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
  assert.match(runs[0].stdout, /, shard 1\/2$/m);
  const [a, b] = [shard(1), shard(2)];
  assert.deepEqual(a.run!.selection, { tags: TAGS, levelOnly: null, shard: { index: 1, total: 2 } });
  const expected = (await planned(TAGS)).map(scenarioKey).sort();
  assert.deepEqual([...a.run!.scenarios, ...b.run!.scenarios].sort(), expected);
  assert.equal(a.run!.scenarios.filter((k) => b.run!.scenarios.includes(k)).length, 0, 'no scenario in both shards');

  const out = join(dir, 'merged');
  const m = spotcheck(['merge', '--out', out, shardFiles[1], shardFiles[0]], 60_000);
  assert.equal(m.code, 0, m.stdout + m.stderr);
  assert.match(m.stdout, new RegExp(`^merged 2 shard\\(s\\) of spotcheck-reference \\S+ \\(embedded\\): ${expected.length} scenarios`, 'm'));
  const merged = JSON.parse(readFileSync(join(out, 'compliance.json'), 'utf8')) as Compliance;
  assert.deepEqual(merged.run!.scenarios, expected);
  assert.deepEqual(merged.run!.selection, { tags: TAGS, levelOnly: null, shard: null, mergedFrom: 2 });
  assert.deepEqual(merged.run!.shards!.map((s) => s.index), [1, 2]);
  const v01 = merged.requirements.find((r) => r.id === 'V01')!;
  const fromShards = [a, b].map((c) => c.requirements.find((r) => r.id === 'V01')!.counts.passed).reduce((x, y) => x + y);
  assert.equal(v01.counts.passed, fromShards);
  assert.equal(v01.status, 'passed');
  assert.equal(merged.requirements.find((r) => r.id === 'V05')!.status, 'untested');

  // A --tags selection cannot be certified, merged or not.
  oneLineUsageError(spotcheck(['certify', '--from', ...shardFiles, '--out', join(dir, 'cert')], 60_000), /cannot be certified: it ran only the --tags selection "@V01 or @V03"/);
});

test('merge refuses shards that do not belong together, one line each, exit 2', () => {
  const out = join(dir, 'refused');
  const refuse = (files: string[], mentions: RegExp) => oneLineUsageError(spotcheck(['merge', '--out', out, ...files], 60_000), mentions);
  refuse([shardFiles[0], variant(2, 'other-version', (c) => (c.implementation.version = '9.9.9'))], /of different implementations/);
  refuse([shardFiles[0], variant(2, 'other-backend', (c) => {
    c.implementation.backend = 'redis';
    c.run!.description.backend = 'redis';
  })], /of different backends \("redis" vs "embedded"\)/);
  refuse([shardFiles[0], variant(2, 'other-level', (c) => (c.level.requested = 'core'))], /of different levels/);
  refuse([shardFiles[0], variant(2, 'other-kit', (c) => (c.kit.version = '9.9.9'))], /made by spotcheck 9\.9\.9, but this is spotcheck/);
  refuse([shardFiles[0], variant(2, 'other-tags', (c) => (c.run!.selection.tags = '@V01'))], /of different --tags selections/);
  refuse([shardFiles[0], variant(2, 'other-n', (c) => (c.run!.selection.shard = { index: 2, total: 3 }))], /of different shard counts/);
  refuse([shardFiles[0], shardFiles[0], shardFiles[1]], /are both shard 1\/2: overlapping shards/);
  refuse([shardFiles[0], variant(2, 'overlap', (c) => c.run!.scenarios.push(shard(1).run!.scenarios[0]))], /both ran features\/\S+:\d+: overlapping shards/);
  refuse([shardFiles[0]], /shard 2\/2 missing/);
  refuse([shardFiles[0], variant(2, 'whole', (c) => (c.run!.selection.shard = null))], /is not a shard/);
  refuse([shardFiles[0], variant(2, 'old', (c) => delete c.run)], /has no run section/);
  const notJson = join(dir, 'not-json.json');
  writeFileSync(notJson, 'shard');
  refuse([shardFiles[0], notJson], /not-json\.json: not JSON/);
  refuse([shardFiles[0], join(dir, 'nonesuch.json')], /nonesuch\.json: cannot be read \(ENOENT\)/);
  refuse([shardFiles[0], variant(2, 'no-requirements', (c) => delete (c as Partial<Compliance>).requirements)], /not a compliance\.json of spotcheck \(no requirements list\)/);
});

test('certify --from every shard of a run merges them first; verify passes what it writes', () => {
  // The shards above ran a --tags selection, which certify refuses; as if they had run the whole
  // level (the statuses are still computed from their scenarios), the certificate honestly says
  // no level met: its IDs are mostly untested. It is written, and it is consistent.
  const files = [1, 2].map((i) => variant(i, `untagged-${i}`, (c) => (c.run!.selection.tags = null)));
  const out = join(dir, 'cert-from-shards');
  const r = spotcheck(['certify', '--from', ...files, '--out', out], 60_000);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /^certificate: spotcheck-reference \S+ \(embedded\), level full not met, 1 run\(s\) agreed/m);
  const cert = JSON.parse(readFileSync(join(out, 'certificate.json'), 'utf8'));
  assert.equal(cert.level.met, null);
  assert.equal(cert.selection.mergedFrom, 2);
  assert.deepEqual(JSON.parse(readFileSync(join(out, 'badge.json'), 'utf8')).color, 'red');
  const v = spotcheck(['verify', join(out, 'certificate.json')], 60_000);
  assert.equal(v.code, 0, v.stdout + v.stderr);
});
