// Not applicable is not passed: how scenario results become requirement statuses, and how a
// scenario skipped for a missing capability is told from one skipped for any other reason.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type * as messages from '@cucumber/messages';
import { buildCompliance, requirementStatus } from '../src/report/compliance.ts';
import { NOT_APPLICABLE_MEDIA_TYPE, ResultCollector, type ScenarioResult } from '../src/run/results.ts';

const scenario = (status: ScenarioResult['status'], tags: string[] = ['@V01']): ScenarioResult => ({ name: 's', uri: 'f', line: 1, tags, status });

test('a requirement passes only when every one of its scenarios passed', () => {
  assert.equal(requirementStatus([]), 'untested');
  assert.equal(requirementStatus([scenario('passed'), scenario('passed')]), 'passed');
  assert.equal(requirementStatus([scenario('passed'), scenario('not-applicable')]), 'not-applicable');
  assert.equal(requirementStatus([scenario('not-applicable'), scenario('failed')]), 'failed');
});

test('compliance lists all 52 IDs and counts them', () => {
  const c = buildCompliance({
    kit: { name: 'k', version: '1' },
    implementation: { name: 'i', version: '1', backend: 'b' },
    startedAt: new Date(0),
    durationMs: 1,
    results: [scenario('passed', ['@V01']), scenario('not-applicable', ['@V02']), scenario('failed', ['@V03'])],
  });
  assert.equal(c.requirements.length, 52);
  assert.deepEqual(c.summary, { passed: 1, failed: 1, notApplicable: 1, untested: 49 });
});

/** The envelopes Cucumber emits for one scenario whose steps end with the given statuses. */
function envelopes(id: string, statuses: string[], attachNotApplicable: boolean): messages.Envelope[] {
  const env: messages.Envelope[] = [
    { pickle: { id: `p${id}`, uri: 'features/x.feature', name: `scenario ${id}`, language: 'en', steps: [], tags: [{ name: '@V01', astNodeId: 't' }], astNodeIds: [`a${id}`] } },
    { testCase: { id: `c${id}`, pickleId: `p${id}`, testSteps: [], testRunStartedId: 'r' } },
    { testCaseStarted: { id: `s${id}`, testCaseId: `c${id}`, attempt: 0, timestamp: { seconds: 0, nanos: 0 } } },
  ] as messages.Envelope[];
  if (attachNotApplicable) {
    env.push({ attachment: { testCaseStartedId: `s${id}`, mediaType: NOT_APPLICABLE_MEDIA_TYPE, body: 'spotcheck:not-applicable sessions', contentEncoding: 'IDENTITY' } } as messages.Envelope);
  }
  for (const status of statuses) {
    env.push({ testStepFinished: { testCaseStartedId: `s${id}`, testStepId: 'x', testStepResult: { status, duration: { seconds: 0, nanos: 0 } }, timestamp: { seconds: 0, nanos: 0 } } } as messages.Envelope);
  }
  env.push({ testCaseFinished: { testCaseStartedId: `s${id}`, willBeRetried: false, timestamp: { seconds: 0, nanos: 0 } } } as messages.Envelope);
  return env;
}

test('a scenario skipped for a missing capability is not-applicable; any other non-pass is a failure', () => {
  const c = new ResultCollector();
  for (const e of [
    ...envelopes('1', ['PASSED', 'PASSED'], false),
    ...envelopes('2', ['SKIPPED', 'SKIPPED'], true), // the capability hook skipped it
    ...envelopes('3', ['SKIPPED'], false), // skipped with no reason: never a pass
    ...envelopes('4', ['PASSED', 'UNDEFINED'], false),
    ...envelopes('5', ['PENDING'], false),
  ]) {
    c.handle(e);
  }
  assert.deepEqual(
    c.results.map((r) => [r.name, r.status]),
    [
      ['scenario 1', 'passed'],
      ['scenario 2', 'not-applicable'],
      ['scenario 3', 'failed'],
      ['scenario 4', 'failed'],
      ['scenario 5', 'failed'],
    ],
  );
});
