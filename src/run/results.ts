// Turns Cucumber's message stream into one result per scenario (pickle): name, where it is, its
// tags, its status, and whether it was not applicable (a capability the implementation lacks).

import type * as messages from '@cucumber/messages';

export type ScenarioStatus = 'passed' | 'failed' | 'not-applicable';

export interface ScenarioResult {
  name: string;
  uri: string;
  line: number;
  tags: string[];
  status: ScenarioStatus;
  /** The first failure message, for reports and progress lines. */
  message?: string;
}

export const NOT_APPLICABLE_MEDIA_TYPE = 'text/x.spotcheck.not-applicable';

// Worst status wins. Anything that is not a pass (undefined, pending, ambiguous, a skip that no
// capability explains) is a failure: a conformance kit never turns "did not run" into a pass.
const SEVERITY: Record<string, number> = { PASSED: 0, SKIPPED: 1, UNKNOWN: 2, PENDING: 3, UNDEFINED: 4, AMBIGUOUS: 5, FAILED: 6 };

interface CaseState {
  pickleId: string;
  worst: string;
  message?: string;
  notApplicable: boolean;
}

export class ResultCollector {
  private readonly lines = new Map<string, number>(); // AST node id -> line
  private readonly pickles = new Map<string, messages.Pickle>();
  private readonly testCases = new Map<string, string>(); // testCase id -> pickle id
  private readonly started = new Map<string, CaseState>(); // testCaseStarted id -> state
  readonly results: ScenarioResult[] = [];
  total = 0;

  constructor(private readonly onScenario?: (r: ScenarioResult, done: number, total: number) => void) {}

  handle(envelope: messages.Envelope): void {
    if (envelope.gherkinDocument) this.indexLines(envelope.gherkinDocument);
    if (envelope.pickle) this.pickles.set(envelope.pickle.id, envelope.pickle);
    if (envelope.testCase) {
      this.testCases.set(envelope.testCase.id, envelope.testCase.pickleId);
      this.total++;
    }
    if (envelope.testCaseStarted) {
      const pickleId = this.testCases.get(envelope.testCaseStarted.testCaseId)!;
      this.started.set(envelope.testCaseStarted.id, { pickleId, worst: 'PASSED', notApplicable: false });
    }
    if (envelope.attachment?.mediaType === NOT_APPLICABLE_MEDIA_TYPE && envelope.attachment.testCaseStartedId) {
      const state = this.started.get(envelope.attachment.testCaseStartedId);
      if (state) state.notApplicable = true;
    }
    if (envelope.testStepFinished) {
      const state = this.started.get(envelope.testStepFinished.testCaseStartedId)!;
      const r = envelope.testStepFinished.testStepResult;
      if (SEVERITY[r.status] > SEVERITY[state.worst]) {
        state.worst = r.status;
        if (r.message) state.message = r.message.split('\n')[0];
      }
    }
    if (envelope.testCaseFinished) {
      const state = this.started.get(envelope.testCaseFinished.testCaseStartedId)!;
      if (envelope.testCaseFinished.willBeRetried) return;
      const result = this.toResult(state);
      this.results.push(result);
      this.onScenario?.(result, this.results.length, this.total);
    }
  }

  private toResult(state: CaseState): ScenarioResult {
    const pickle = this.pickles.get(state.pickleId)!;
    const astId = pickle.astNodeIds[pickle.astNodeIds.length - 1]; // the Examples row, if any
    let status: ScenarioStatus;
    if (state.notApplicable && state.worst === 'SKIPPED') status = 'not-applicable';
    else status = state.worst === 'PASSED' ? 'passed' : 'failed';
    const result: ScenarioResult = {
      name: pickle.name,
      uri: pickle.uri,
      line: this.lines.get(astId) ?? 0,
      tags: pickle.tags.map((t) => t.name),
      status,
    };
    if (status === 'failed') result.message = state.message ?? `step status ${state.worst.toLowerCase()}`;
    return result;
  }

  private indexLines(doc: messages.GherkinDocument): void {
    const visit = (children: readonly messages.FeatureChild[] | readonly messages.RuleChild[]) => {
      for (const child of children) {
        if ('rule' in child && child.rule) visit(child.rule.children);
        const sc = child.scenario;
        if (!sc) continue;
        this.lines.set(sc.id, sc.location.line);
        for (const ex of sc.examples) for (const row of ex.tableBody) this.lines.set(row.id, row.location.line);
      }
    };
    if (doc.feature) visit(doc.feature.children);
  }
}
