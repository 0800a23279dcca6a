// Turns Cucumber's message stream into one result per scenario (pickle): name, where it is, its
// tags, its status, whether it was not applicable (and what it lacked), and for a failure, which
// step failed and how. How it failed matters: only a RuleViolation thrown by an assertion is
// evidence that a rule was broken; a step that ran out of time, a Driver call that threw, an
// undefined step, all say the scenario could not judge (see src/checks/violation.ts).

import type * as messages from '@cucumber/messages';
import { FAULTS_MEDIA_TYPE, type FaultRecord } from '../driver/fault-record.ts';
import { VIOLATION_TYPE } from '../checks/violation.ts';

export type ScenarioStatus = 'passed' | 'failed' | 'not-applicable';

/**
 * How a failed scenario failed:
 * - assertion: a step (or the kit's evidence audit after the scenario) saw the rule broken;
 * - error: a step threw anything else (a setup that could not be made, a Driver error, a timeout);
 * - undefined, ambiguous, pending: Cucumber could not run the step;
 * - skipped: skipped for no reason the kit gave (never a pass).
 */
export type FailureKind = 'assertion' | 'error' | 'undefined' | 'ambiguous' | 'pending' | 'skipped';

export interface Failure {
  kind: FailureKind;
  /** The step text as Cucumber ran it (Examples values filled in), or the hook's name. */
  step: string;
  /** The step as written in the feature file (an outline's step keeps its <placeholders>). */
  written?: string;
  /** Line of the step in the feature file (0 for a hook). */
  line: number;
  /** The exception's class name, when one was thrown. */
  type?: string;
  /** First line of the failure message. */
  message: string;
}

export interface ScenarioResult {
  name: string;
  /** The Scenario or Scenario Outline name as written in the file (an outline keeps its <placeholders>). */
  written?: string;
  uri: string;
  line: number;
  tags: string[];
  status: ScenarioStatus;
  /** The first failure message, for reports and progress lines. */
  message?: string;
  /** The first step that failed, and how. */
  failure?: Failure;
  /** For a not-applicable scenario: the capabilities and failpoints it needs that the implementation lacks. */
  lacks?: string[];
  /** Runtimes over the wire: each fault the scenario injected, and whether the kit did it from outside. */
  faults?: FaultRecord[];
  /** A failed scenario on the machine's clock: the share of its time some task waited for a CPU (src/harness/cpu-pressure.ts). */
  cpuWaitShare?: number;
}

export const NOT_APPLICABLE_MEDIA_TYPE = 'text/x.spotcheck.not-applicable';
/** The attachment of a failed scenario saying how loaded the machine was while it ran: {"cpuWaitShare": 0.83}. */
export const MACHINE_MEDIA_TYPE = 'application/x.spotcheck.machine+json';
export const NOT_APPLICABLE_PREFIX = 'spotcheck:not-applicable ';

// Worst status wins. Anything that is not a pass (undefined, pending, ambiguous, a skip that no
// capability explains) is a failure: a conformance kit never turns "did not run" into a pass.
const SEVERITY: Record<string, number> = { PASSED: 0, SKIPPED: 1, UNKNOWN: 2, PENDING: 3, UNDEFINED: 4, AMBIGUOUS: 5, FAILED: 6 };

interface CaseState {
  pickleId: string;
  testCaseId: string;
  worst: string;
  failure?: Failure;
  lacks?: string[];
  faults?: FaultRecord[];
  cpuWaitShare?: number;
}

interface StepRef {
  pickleStepId?: string;
  hookId?: string;
}

export class ResultCollector {
  private readonly lines = new Map<string, number>(); // AST node id -> line
  private readonly stepTexts = new Map<string, string>(); // AST step id -> text as written
  private readonly scenarioNames = new Map<string, string>(); // AST scenario id -> name as written
  private readonly pickles = new Map<string, messages.Pickle>();
  private readonly pickleSteps = new Map<string, messages.PickleStep>();
  private readonly testCases = new Map<string, string>(); // testCase id -> pickle id
  private readonly testSteps = new Map<string, StepRef>(); // testStep id -> what it runs
  private readonly hooks = new Map<string, string>(); // hook id -> name
  private readonly started = new Map<string, CaseState>(); // testCaseStarted id -> state
  private readonly finished = new Set<string>(); // pickle ids with a result
  readonly results: ScenarioResult[] = [];
  total = 0;

  constructor(private readonly onScenario?: (r: ScenarioResult, done: number, total: number) => void) {}

  handle(envelope: messages.Envelope): void {
    if (envelope.gherkinDocument) this.indexDocument(envelope.gherkinDocument);
    if (envelope.hook) this.hooks.set(envelope.hook.id, envelope.hook.name ?? 'a hook');
    if (envelope.pickle) {
      this.pickles.set(envelope.pickle.id, envelope.pickle);
      for (const s of envelope.pickle.steps) this.pickleSteps.set(s.id, s);
    }
    if (envelope.testCase) {
      this.testCases.set(envelope.testCase.id, envelope.testCase.pickleId);
      for (const s of envelope.testCase.testSteps) this.testSteps.set(s.id, { pickleStepId: s.pickleStepId, hookId: s.hookId });
      this.total++;
    }
    if (envelope.testCaseStarted) {
      const testCaseId = envelope.testCaseStarted.testCaseId;
      this.started.set(envelope.testCaseStarted.id, { pickleId: this.testCases.get(testCaseId)!, testCaseId, worst: 'PASSED' });
    }
    if (envelope.attachment?.mediaType === NOT_APPLICABLE_MEDIA_TYPE && envelope.attachment.testCaseStartedId) {
      const state = this.started.get(envelope.attachment.testCaseStartedId);
      if (state) state.lacks = envelope.attachment.body.replace(NOT_APPLICABLE_PREFIX, '').split(',').filter(Boolean);
    }
    if (envelope.attachment?.mediaType === FAULTS_MEDIA_TYPE && envelope.attachment.testCaseStartedId) {
      const state = this.started.get(envelope.attachment.testCaseStartedId);
      if (state) state.faults = JSON.parse(envelope.attachment.body) as FaultRecord[];
    }
    if (envelope.attachment?.mediaType === MACHINE_MEDIA_TYPE && envelope.attachment.testCaseStartedId) {
      const state = this.started.get(envelope.attachment.testCaseStartedId);
      const share = (JSON.parse(envelope.attachment.body) as { cpuWaitShare?: unknown }).cpuWaitShare;
      if (state && typeof share === 'number') state.cpuWaitShare = share;
    }
    if (envelope.testStepFinished) {
      const { testCaseStartedId, testStepId, testStepResult: r } = envelope.testStepFinished;
      const state = this.started.get(testCaseStartedId)!;
      if (SEVERITY[r.status] > SEVERITY[state.worst]) {
        state.worst = r.status;
        if (r.status !== 'SKIPPED') state.failure = this.describeFailure(testStepId, r);
      }
    }
    if (envelope.testCaseFinished) {
      const state = this.started.get(envelope.testCaseFinished.testCaseStartedId)!;
      if (envelope.testCaseFinished.willBeRetried) return;
      const result = this.toResult(state);
      this.finished.add(state.pickleId);
      this.results.push(result);
      this.onScenario?.(result, this.results.length, this.total);
    }
  }

  /**
   * Every scenario Cucumber assembled that never finished, as a failure. A worker process that dies
   * mid-scenario (killed, out of memory, a crash in native code) takes its scenario with it: Cucumber
   * reports the run as failed but emits no result for that scenario, and a report that merely
   * lacks it would read as a shorter suite. Called once the run has ended; returns what it added.
   */
  finishLost(): ScenarioResult[] {
    const lost: ScenarioResult[] = [];
    for (const [testCaseId, pickleId] of this.testCases) {
      if (this.finished.has(pickleId)) continue;
      const started = [...this.started.values()].some((s) => s.testCaseId === testCaseId);
      const message = started
        ? 'the scenario never finished: the Cucumber worker running it ended first'
        : 'the scenario never started: the run ended before it';
      const state: CaseState = { pickleId, testCaseId, worst: 'FAILED', failure: { kind: 'error', step: '', line: 0, message } };
      const result = this.toResult(state);
      this.finished.add(pickleId);
      this.results.push(result);
      lost.push(result);
      this.onScenario?.(result, this.results.length, this.total);
    }
    return lost;
  }

  private describeFailure(testStepId: string, r: messages.TestStepResult): Failure {
    const ref = this.testSteps.get(testStepId) ?? {};
    const pickleStep = ref.pickleStepId ? this.pickleSteps.get(ref.pickleStepId) : undefined;
    const astId = pickleStep?.astNodeIds[0];
    const type = r.exception?.type;
    const message = (r.exception?.message ?? r.message ?? `step status ${r.status.toLowerCase()}`).split('\n')[0];
    const kind: FailureKind =
      r.status === 'FAILED' ? (type === VIOLATION_TYPE ? 'assertion' : 'error') : (r.status.toLowerCase() as FailureKind);
    const failure: Failure = {
      kind,
      step: pickleStep ? pickleStep.text : (ref.hookId && this.hooks.get(ref.hookId)) || 'a hook',
      line: astId ? (this.lines.get(astId) ?? 0) : 0,
      message,
    };
    if (astId && this.stepTexts.has(astId)) failure.written = this.stepTexts.get(astId);
    if (type) failure.type = type;
    return failure;
  }

  private toResult(state: CaseState): ScenarioResult {
    const pickle = this.pickles.get(state.pickleId)!;
    const astId = pickle.astNodeIds[pickle.astNodeIds.length - 1]; // the Examples row, if any
    let status: ScenarioStatus;
    if (state.lacks && state.worst === 'SKIPPED') status = 'not-applicable';
    else status = state.worst === 'PASSED' ? 'passed' : 'failed';
    const written = this.scenarioNames.get(pickle.astNodeIds[0]);
    const result: ScenarioResult = {
      name: pickle.name,
      ...(written !== undefined ? { written } : {}),
      uri: pickle.uri,
      line: this.lines.get(astId) ?? 0,
      tags: pickle.tags.map((t) => t.name),
      status,
    };
    if (status === 'not-applicable') result.lacks = state.lacks;
    if (state.faults) result.faults = state.faults;
    if (status === 'failed') {
      result.failure = state.failure ?? { kind: 'skipped', step: '', line: 0, message: 'skipped, with no missing capability to explain it' };
      result.message = result.failure.message;
      if (state.cpuWaitShare !== undefined) result.cpuWaitShare = state.cpuWaitShare;
    }
    return result;
  }

  private indexDocument(doc: messages.GherkinDocument): void {
    const steps = (list: readonly messages.Step[]) => {
      for (const s of list) {
        this.lines.set(s.id, s.location.line);
        this.stepTexts.set(s.id, s.text);
      }
    };
    const visit = (children: readonly messages.FeatureChild[] | readonly messages.RuleChild[]) => {
      for (const child of children) {
        if ('rule' in child && child.rule) visit(child.rule.children);
        if (child.background) steps(child.background.steps);
        const sc = child.scenario;
        if (!sc) continue;
        this.lines.set(sc.id, sc.location.line);
        this.scenarioNames.set(sc.id, sc.name);
        steps(sc.steps);
        for (const ex of sc.examples) for (const row of ex.tableBody) this.lines.set(row.id, row.location.line);
      }
    };
    if (doc.feature) visit(doc.feature.children);
  }
}
