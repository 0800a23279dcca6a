// The site with a mutation summary (`spotcheck site --mutation <summary.json>`): each rule page shows
// the score of the StrykerJS mutants its scenarios reach and the survivors among them, and links
// Stryker's report, copied into the site. A file that is not a summary is one line and exit 2.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildSite } from '../src/site/build.ts';
import { ROOT, tempDir } from './helpers.ts';
import { MUTANTS } from '../impl-reference/mutants/index.ts';

const DIR = tempDir('site-mutation');

function fixtures(): { compliance: string; summary: string } {
  mkdirSync(join(DIR, 'run'), { recursive: true });
  mkdirSync(join(DIR, 'mutation'), { recursive: true });
  const compliance = join(DIR, 'run', 'compliance.json');
  writeFileSync(compliance, JSON.stringify({ implementation: { name: 'spotcheck-reference', version: '0.1.0', backend: 'sim' }, requirements: [] }));
  const tally = (killed: number, survived: number) => ({ killed, survived, equivalent: 1, conforming: 2, noCoverage: 0, ignored: 0, errors: 0, score: killed / (killed + survived) });
  const summary = join(DIR, 'mutation', 'summary.json');
  writeFileSync(summary, JSON.stringify({
    run: { areas: ['channel'], backend: 'sim' },
    total: tally(19, 1),
    ids: { 'R-CH-1': tally(19, 1), V01: tally(7, 0) },
    survivors: [{ file: 'impl-reference/channel/caller.ts', line: 135, column: 10, mutator: 'OptionalChaining', original: 'if (!link?.ready) return undefined;', replacement: 'link.ready', ids: ['R-CH-1'] }],
    equivalents: [],
  }));
  writeFileSync(join(DIR, 'mutation', 'mutation.html'), '<html>stryker</html>');
  return { compliance, summary };
}

test('each rule page shows the score of the mutants its scenarios reach, its survivors, and links the copied report', () => {
  const { compliance, summary } = fixtures();
  const out = join(DIR, 'site');
  buildSite({ out, files: [compliance], mutants: MUTANTS, mutation: summary });
  const rch1 = readFileSync(join(out, 'rules', 'R-CH-1.html'), 'utf8');
  assert.match(rch1, /the suite caught <strong>95\.0%<\/strong>: 19 killed, 1 survived/);
  assert.match(rch1, /impl-reference\/channel\/caller\.ts:135:10/);
  assert.match(rch1, /href="\.\.\/mutation\/mutation\.html"/);
  assert.match(readFileSync(join(out, 'rules', 'V01.html'), 'utf8'), /100\.0%<\/strong>[^]*No survivor\./);
  assert.match(readFileSync(join(out, 'rules', 'R-SES-1.html'), 'utf8'), /No mutant of the run \(areas channel, scenarios on the sim backend\) is reached/);
  assert.ok(existsSync(join(out, 'mutation', 'mutation.html')));
});

test('spotcheck site --mutation with a file that is not a summary: one line naming it, exit 2, no site', () => {
  const { compliance } = fixtures();
  const bad = join(DIR, 'not-a-summary.json');
  writeFileSync(bad, JSON.stringify({ hello: 1 }));
  const out = join(DIR, 'bad-site');
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/spotcheck.js'), 'site', '--out', out, '--mutation', bad, compliance], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.status, 2, r.stderr);
  assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  assert.match(r.stderr, /not-a-summary\.json: not a summary\.json of npm run mutation/);
  assert.ok(!existsSync(out));
});
