// Not applicable is not passed: how scenario results become requirement statuses, and how a
// scenario skipped for a missing capability is told from one skipped for any other reason.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type * as messages from '@cucumber/messages';
import { buildCompliance, levelMet, requirementStatus } from '../src/report/compliance.ts';
import { CAPABILITIES } from '../src/driver/types.ts';
import { FAILPOINT_NAMES } from '../src/driver/failpoints.ts';
import { lacksForLevel, levelIds, levelNamed } from '../src/requirements/levels.ts';
import { requirementById } from '../src/requirements/registry.ts';
import { NOT_APPLICABLE_MEDIA_TYPE, ResultCollector, type ScenarioResult } from '../src/run/results.ts';
import { VIOLATION_TYPE } from '../src/checks/violation.ts';

const scenario = (status: ScenarioResult['status'], tags: string[] = ['@V01']): ScenarioResult => ({ name: 's', uri: 'f', line: 1, tags, status });

test('a requirement passes only when every one of its scenarios passed', () => {
  assert.equal(requirementStatus([]), 'untested');
  assert.equal(requirementStatus([scenario('passed'), scenario('passed')]), 'passed');
  assert.equal(requirementStatus([scenario('passed'), scenario('not-applicable')]), 'partial');
  assert.equal(requirementStatus([scenario('not-applicable'), scenario('not-applicable')]), 'not-applicable');
  assert.equal(requirementStatus([scenario('not-applicable'), scenario('failed')]), 'failed');
});

const EVERYTHING = { capabilities: [...CAPABILITIES], failpoints: [...FAILPOINT_NAMES] };

test('compliance lists all 52 IDs and counts them', () => {
  const c = buildCompliance({
    kit: { name: 'k', version: '1' },
    implementation: { name: 'i', version: '1', backend: 'b' },
    description: EVERYTHING,
    level: 'full',
    startedAt: new Date(0),
    durationMs: 1,
    results: [scenario('passed', ['@V01']), scenario('not-applicable', ['@V02']), scenario('failed', ['@V03']), scenario('passed', ['@V04']), scenario('not-applicable', ['@V04'])],
  });
  assert.equal(c.requirements.length, 52);
  assert.deepEqual(c.summary, { passed: 1, failed: 1, partial: 1, notApplicable: 1, untested: 48 });
  assert.deepEqual(c.requirements.find((r) => r.id === 'V04')!.counts, { passed: 1, failed: 0, notApplicable: 1 });
  assert.deepEqual({ ...c.level, why: c.level.why?.[0] }, { requested: 'full', met: null, lacks: [], why: 'f:1 failed' });
});

/** One passing scenario for every ID of the level, tagged with the ID's own capability. */
function passingLevel(name: 'core' | 'objects' | 'full'): ScenarioResult[] {
  return levelIds(levelNamed(name)!).map((id) => scenario('passed', [`@${id}`, `@${requirementById(id)!.capability}`]));
}

test('a level is met only with every capability and failpoint it needs, and every one of its IDs passed inside it', () => {
  const core = passingLevel('core');
  assert.equal(levelMet(core, EVERYTHING), 'core');
  assert.equal(levelMet(passingLevel('full'), EVERYTHING), 'full');
  // A core runtime: the core failpoint, the core capabilities.
  const coreOnly = { capabilities: levelNamed('core')!.capabilities, failpoints: ['transport.ack-lost-after-write'] };
  assert.equal(levelMet(core, coreOnly), 'core');
  assert.deepEqual(lacksForLevel(levelNamed('core')!, { capabilities: coreOnly.capabilities, failpoints: [] }), ['failpoint:transport.ack-lost-after-write']);
  assert.equal(levelMet(core, { capabilities: coreOnly.capabilities, failpoints: [] }), null);
  // A runtime that reports nothing meets no level, whatever passed.
  assert.equal(levelMet(passingLevel('full'), { capabilities: [], failpoints: [] }), null);
  assert.deepEqual(lacksForLevel(levelNamed('core')!, { capabilities: [], failpoints: [] }).slice(0, 4), ['channels', 'node-direct', 'liveness', 'reconnect']);
  // A scenario that needs something outside the level does not count for it.
  const v02 = core.filter((r) => !r.tags.includes('@V02'));
  assert.equal(levelMet([...v02, scenario('passed', ['@V02', '@objects'])], EVERYTHING), null);
  assert.equal(levelMet([...v02, scenario('passed', ['@V02', '@node-direct']), scenario('failed', ['@V02', '@objects'])], EVERYTHING), 'core');
  // One failure inside the level: not met.
  assert.equal(levelMet([...core.slice(1), scenario('failed', core[0].tags)], EVERYTHING), null);
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

test('a failure is an assertion only when a step threw a RuleViolation; not-applicable names what is lacking', () => {
  const c = new ResultCollector();
  const failing = (id: string, exception: { type: string; message: string }) => {
    const env = envelopes(id, [], false);
    const finished = env.pop()!;
    env.push({ testStepFinished: { testCaseStartedId: `s${id}`, testStepId: 'x', testStepResult: { status: 'FAILED', message: exception.message, exception, duration: { seconds: 0, nanos: 0 } }, timestamp: { seconds: 0, nanos: 0 } } } as messages.Envelope);
    env.push(finished);
    return env;
  };
  for (const e of [
    ...failing('1', { type: VIOLATION_TYPE, message: 'expected a reply from C' }),
    ...failing('2', { type: 'Error', message: 'function timed out, ensure the promise resolves within 10000 milliseconds' }),
    ...envelopes('3', ['SKIPPED'], true),
  ]) {
    c.handle(e);
  }
  assert.deepEqual(c.results.map((r) => r.failure?.kind ?? r.status), ['assertion', 'error', 'not-applicable']);
  assert.equal(c.results[0].message, 'expected a reply from C');
  assert.deepEqual(c.results[2].lacks, ['sessions']);
});

test('a scenario whose worker died before it finished is reported failed, never dropped', () => {
  const seen: string[] = [];
  const c = new ResultCollector((r) => seen.push(`${r.name} ${r.status}`));
  const lostMidway = envelopes('2', ['PASSED'], false);
  lostMidway.pop(); // no testCaseFinished: the worker ended during the scenario
  const neverStarted = envelopes('3', [], false).slice(0, 2); // pickle and testCase only
  for (const e of [...envelopes('1', ['PASSED'], false), ...lostMidway, ...neverStarted]) c.handle(e);
  assert.equal(c.results.length, 1);
  const lost = c.finishLost();
  assert.deepEqual(
    lost.map((r) => [r.name, r.status, r.failure?.kind, r.failure?.message]),
    [
      ['scenario 2', 'failed', 'error', 'the scenario never finished: the Cucumber worker running it ended first'],
      ['scenario 3', 'failed', 'error', 'the scenario never started: the run ended before it'],
    ],
  );
  assert.deepEqual(seen, ['scenario 1 passed', 'scenario 2 failed', 'scenario 3 failed']);
  assert.deepEqual(c.finishLost(), [], 'a second call adds nothing');
});
