// The strict kill rule: a mutant is killed only by a failed assertion that its broken clause names
// as a check, in a scenario carrying that clause's requirement.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { judgeMutant } from '../src/run/mutants.ts';
import type { Failure, ScenarioResult } from '../src/run/results.ts';
import { clauseById } from '../src/requirements/clauses.ts';

// V01.2's first check, as the runner reports a failure of it.
const v012 = clauseById('V01.2')!;
const check = v012.checks[0];

function failed(failure: Partial<Failure>, extra: Partial<ScenarioResult> = {}): ScenarioResult {
  return {
    name: check.scenario,
    written: check.scenario,
    uri: `features/${check.feature}`,
    line: 1,
    tags: ['@V01'],
    status: 'failed',
    failure: { kind: 'assertion', step: check.step, written: check.step, line: 2, message: 'saw it', ...failure },
    ...extra,
  };
}

test('an assertion of the broken clause kills the mutant, and says which', () => {
  const r = judgeMutant({ name: 'm', breaks: ['V01.2'] }, [failed({})]);
  assert.equal(r.killed, true);
  assert.deepEqual(r.seen, ['V01.2']);
  assert.equal(r.kills[0].step, check.step);
});

test('a timeout, a Driver error or an undefined step does not kill', () => {
  for (const kind of ['error', 'undefined', 'pending'] as const) {
    const r = judgeMutant({ name: 'm', breaks: ['V01.2'] }, [failed({ kind, message: 'function timed out' })]);
    assert.equal(r.killed, false, kind);
    assert.equal(r.notCounted.length, 1);
  }
});

test("an assertion of another step, or in a scenario without the clause's requirement, does not kill", () => {
  assert.equal(judgeMutant({ name: 'm', breaks: ['V01.2'] }, [failed({ written: 'some other assertion' })]).killed, false);
  assert.equal(judgeMutant({ name: 'm', breaks: ['V01.2'] }, [failed({}, { tags: ['@R-GEN-2'] })]).killed, false);
});

test('every clause a mutant breaks must be seen; a bare requirement ID keeps the older, looser rule', () => {
  assert.equal(judgeMutant({ name: 'm', breaks: ['V01.2', 'V01.1'] }, [failed({})]).killed, false);
  assert.equal(judgeMutant({ name: 'm', breaks: ['V01'] }, [failed({ written: 'any assertion' })]).killed, true);
});

test('every mutant of the reference names at least one clause, and only clauses that exist', async () => {
  const { referenceMutants } = await import('../adapters/embedded.ts');
  for (const m of referenceMutants()) {
    assert.ok(m.breaks.length > 0, `${m.name} breaks nothing`);
    for (const b of m.breaks) assert.ok(clauseById(b), `${m.name} names ${b}, which is not a clause`);
  }
});

test("a mutant's run leaves out the @long scenarios unless a clause it breaks is checked only there", async () => {
  const { mutantTags } = await import('../src/run/mutants.ts');
  const r0343 = clauseById('R-OBJ-3.4')!;
  const long = new Set(r0343.checks.map((c) => `${c.feature}\u0000${c.scenario}`));
  assert.equal(mutantTags(['V01.2'], long), '(@V01) and not @long');
  assert.equal(mutantTags(['R-OBJ-3.4'], long), '@R-OBJ-3');
  assert.equal(mutantTags(['R-OBJ-3.2', 'V01.2'], long), '(@R-OBJ-3 or @V01) and not @long');
});
