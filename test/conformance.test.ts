// The reference runtime passes every scenario, and compliance.json says so for every required
// ID, lists all 52 IDs, and calls the ones without scenarios "untested".

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Compliance } from '../src/report/compliance.ts';
import { REQUIREMENTS, requiredIds } from '../src/requirements/registry.ts';
import { ciRun, spotcheck, tempDir } from './helpers.ts';

test('the reference passes the whole suite on the embedded backend', (t) => {
  // In CI, the run .ci/run made of this same command (`run --out reports/ci/reference-embedded`).
  const ci = ciRun('reference-embedded');
  if (ci) t.diagnostic(`the run .ci/run made: ${ci.out}`);
  const out = ci?.out ?? tempDir('conformance');
  if (!ci) {
    const r = spotcheck(['run', '--out', out]);
    assert.equal(r.code, 0, `spotcheck run failed:\n${r.stdout}\n${r.stderr}`);
    assert.match(r.stdout, / 0 failed, 0 not applicable/);
  } else {
    assert.match(ci.stdout, / 0 failed, 0 not applicable/);
  }
  const report = JSON.parse(readFileSync(join(out, 'compliance.json'), 'utf8')) as Compliance;
  assert.equal(report.implementation.backend, 'embedded');
  assert.deepEqual(report.requirements.map((r) => r.id), REQUIREMENTS.map((r) => r.id));
  for (const req of report.requirements) {
    if (requiredIds().includes(req.id)) {
      assert.equal(req.status, 'passed', `${req.id} is ${req.status}`);
      assert.ok(req.scenarios.length > 0 && req.scenarios.every((s) => s.status === 'passed'));
    } else {
      assert.equal(req.scenarios.length === 0 ? 'untested' : req.status, req.status);
    }
  }
  const s = report.summary;
  assert.equal(s.failed, 0);
  assert.equal(s.passed + s.failed + s.notApplicable + s.untested, 52);
});
