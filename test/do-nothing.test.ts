// The suite must fail a runtime that does nothing useful on every requirement ID. The do-nothing
// implementations (adapters/do-nothing.ts) answer every Driver call validly but refuse everything,
// reply without running anything, or fabricate the evidence; none of the 52 IDs may pass, be
// not-applicable or go untested against any of them.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { DO_NOTHING } from '../adapters/do-nothing.ts';
import type { Compliance } from '../src/report/compliance.ts';
import { REQUIREMENTS } from '../src/requirements/registry.ts';
import { spotcheckAsync, tempDir } from './helpers.ts';

// Side by side: a do-nothing run mostly waits out the scenarios' windows, and load can only make a
// runtime fail more, never pass.
describe('do-nothing runtimes', { concurrency: true }, () => {
  for (const name of DO_NOTHING) {
    test(`do-nothing:${name} fails every requirement ID`, async () => {
      const out = tempDir(`do-nothing-${name}`);
      const r = await spotcheckAsync(['run', '--impl', `do-nothing:${name}`, '--out', out]);
      assert.equal(r.code, 1, `spotcheck run --impl do-nothing:${name} exited ${r.code}, expected 1:\n${r.stdout}\n${r.stderr}`);
      const report = JSON.parse(readFileSync(join(out, 'compliance.json'), 'utf8')) as Compliance;
      assert.deepEqual(
        report.requirements.map((q) => q.id),
        REQUIREMENTS.map((q) => q.id),
        'compliance.json must list every requirement ID',
      );
      const offenders = report.requirements
        .filter((q) => q.status !== 'failed')
        .map((q) => {
          const through = q.scenarios.filter((s) => s.status !== 'failed').map((s) => `${s.uri}:${s.line} ${s.status}`);
          return `${q.id} ${q.status}${through.length ? ` (${through.join('; ')})` : ''}`;
        });
      assert.deepEqual(offenders, [], `do-nothing:${name} did not fail ${offenders.length} ID(s):\n  ${offenders.join('\n  ')}`);
    });
  }
});
