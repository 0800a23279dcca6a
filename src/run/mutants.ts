// The kit's honesty check: run the scenarios of each mutant's broken IDs against that mutant.
// A mutant is killed only when, for every ID it breaks, a scenario tagged with that ID failed on an
// assertion (a step that threw a RuleViolation: the evidence showed the rule broken). A scenario
// that failed because a step ran out of time, a Driver call threw, or a step was undefined does not
// count: that shows the mutant disturbed the scenario, not that the suite saw the rule broken.
// One that survives means the suite cannot see that rule being broken, which is a bug in the kit.

import { referenceMutants } from '../../adapters/embedded.ts';
import { REQUIREMENT_TAG } from '../requirements/registry.ts';
import type { Failure, ScenarioResult } from './results.ts';
import type { Suite } from './suite.ts';

export interface Kill {
  id: string;
  scenario: string;
  uri: string;
  line: number;
  /** The assertion that saw the rule broken. */
  step: string;
  stepLine: number;
  message: string;
}

export interface MutantResult {
  name: string;
  breaks: string[];
  /** IDs that had a scenario failing on an assertion. */
  failedIds: string[];
  /** For each such ID, the first assertion that failed. */
  kills: Kill[];
  /** Scenarios of a broken ID that failed without an assertion (they do not count). */
  notCounted: Array<{ scenario: string; uri: string; line: number; failure: Failure }>;
  killed: boolean;
}

export function mutantNames(): string[] {
  return referenceMutants().map((m) => m.name);
}

/** Judge one mutant's run under the strict kill rule. */
export function judgeMutant(m: { name: string; breaks: string[] }, results: ScenarioResult[]): MutantResult {
  const kills: Kill[] = [];
  const notCounted: MutantResult['notCounted'] = [];
  for (const r of results) {
    if (r.status !== 'failed' || !r.failure) continue;
    const ids = r.tags.filter((t) => REQUIREMENT_TAG.test(t)).map((t) => t.slice(1)).filter((id) => m.breaks.includes(id));
    if (r.failure.kind !== 'assertion') {
      notCounted.push({ scenario: r.name, uri: r.uri, line: r.line, failure: r.failure });
      continue;
    }
    for (const id of ids) {
      if (kills.some((k) => k.id === id)) continue;
      kills.push({ id, scenario: r.name, uri: r.uri, line: r.line, step: r.failure.step, stepLine: r.failure.line, message: r.failure.message });
    }
  }
  const failedIds = [...new Set(kills.map((k) => k.id))].sort();
  return { name: m.name, breaks: [...m.breaks], failedIds, kills, notCounted, killed: m.breaks.every((id) => failedIds.includes(id)) };
}

export async function runMutants(
  suite: Suite,
  opts: { backend: string; redisUrl?: string; only?: string[]; onMutant?: (r: MutantResult, done: number, total: number) => void },
): Promise<MutantResult[]> {
  const mutants = referenceMutants().filter((m) => !opts.only || opts.only.includes(m.name));
  const out: MutantResult[] = [];
  for (const m of mutants) {
    const tags = m.breaks.map((id) => `@${id}`).join(' or ');
    const run = await suite.run({ target: { impl: `mutant:${m.name}`, backend: opts.backend, redisUrl: opts.redisUrl }, tags });
    const result = judgeMutant(m, run.results);
    out.push(result);
    opts.onMutant?.(result, out.length, mutants.length);
  }
  return out;
}
