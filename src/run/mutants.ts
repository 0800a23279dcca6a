// The kit's honesty check: run the scenarios of each mutant's broken rules against that mutant.
//
// A mutant names the clauses it breaks (src/requirements/clauses.ts), e.g. "V01.2". It is killed
// only when, for every one of them, a step that the clause names as its check failed on an
// assertion (a RuleViolation: the evidence showed that very rule broken). A scenario that failed
// because a step ran out of time, a Driver call threw, a step was undefined, or an assertion of
// some other rule fired, does not count: that shows the mutant disturbed the scenario, not that the
// suite saw the rule broken. A mutant that names a bare requirement ID instead ("V01") is held to
// the older rule: an assertion failed in a scenario tagged with that ID.
// One that survives means the suite cannot see that rule being broken, which is a bug in the kit.

import { referenceMutants } from '../../adapters/embedded.ts';
import { clauseById, type Clause } from '../requirements/clauses.ts';
import type { Failure, ScenarioResult } from './results.ts';
import { join } from 'node:path';
import { KIT_ROOT, type Suite } from './suite.ts';

export interface Kill {
  /** The clause (or bare requirement ID) the assertion checks. */
  broke: string;
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
  /** Which of `breaks` an assertion saw broken. */
  seen: string[];
  /** For each of those, the first assertion that failed. */
  kills: Kill[];
  /** Scenarios that failed without an assertion of a broken rule (they do not count). */
  notCounted: Array<{ scenario: string; uri: string; line: number; failure: Failure }>;
  killed: boolean;
}

export function mutantNames(): string[] {
  return referenceMutants().map((m) => m.name);
}

/** The requirement ID a clause or bare ID belongs to. */
export function requirementOf(broke: string): string {
  return broke.replace(/\.\d+$/, '');
}

/** Whether the failed step of `r` is one that `clause` names as its check. */
function checksClause(r: ScenarioResult, clause: Clause): boolean {
  const f = r.failure!;
  // An outline's step is shared by its rows: only a row tagged with the clause's requirement counts.
  if (!r.tags.includes(`@${requirementOf(clause.id)}`)) return false;
  return clause.checks.some((c) => r.uri === `features/${c.feature}` && r.written === c.scenario && f.written === c.step);
}

/** Judge one mutant's run under the strict kill rule. */
export function judgeMutant(m: { name: string; breaks: readonly string[] }, results: ScenarioResult[]): MutantResult {
  const kills: Kill[] = [];
  const notCounted: MutantResult['notCounted'] = [];
  for (const r of results) {
    if (r.status !== 'failed' || !r.failure) continue;
    const seenHere = r.failure.kind !== 'assertion' ? [] : m.breaks.filter((broke) => {
      const clause = clauseById(broke);
      return clause ? checksClause(r, clause) : r.tags.includes(`@${broke}`);
    });
    if (seenHere.length === 0) {
      notCounted.push({ scenario: r.name, uri: r.uri, line: r.line, failure: r.failure });
      continue;
    }
    for (const broke of seenHere) {
      if (kills.some((k) => k.broke === broke)) continue;
      kills.push({ broke, scenario: r.name, uri: r.uri, line: r.line, step: r.failure.step, stepLine: r.failure.line, message: r.failure.message });
    }
  }
  const seen = m.breaks.filter((b) => kills.some((k) => k.broke === b));
  return { name: m.name, breaks: [...m.breaks], seen, kills, notCounted, killed: seen.length === m.breaks.length };
}

/**
 * How a mutant is reached: in this process (`mutant:<name>`), or served over the wire protocol as a
 * runtime in another process would be (impl-reference/serve.ts, selected by its environment).
 */
export function mutantTarget(name: string, wire: boolean): string {
  if (!wire) return `mutant:${name}`;
  return `exec:SPOTCHECK_SERVE_MUTANT=${name} ${process.execPath} --import tsx ${join(KIT_ROOT, 'impl-reference/serve.ts')}`;
}

export async function runMutants(
  suite: Suite,
  opts: {
    backend: string;
    redisUrl?: string;
    only?: string[];
    parallel?: number;
    wire?: boolean;
    onMutant?: (r: MutantResult, done: number, total: number) => void;
  },
): Promise<MutantResult[]> {
  const mutants = referenceMutants().filter((m) => !opts.only || opts.only.includes(m.name));
  const out: MutantResult[] = [];
  for (const m of mutants) {
    const tags = [...new Set(m.breaks.map(requirementOf))].map((id) => `@${id}`).join(' or ');
    const target = { impl: mutantTarget(m.name, opts.wire ?? false), backend: opts.backend, redisUrl: opts.redisUrl };
    const run = await suite.run({ target, tags, parallel: opts.parallel ?? 0 });
    const result = judgeMutant(m, run.results);
    out.push(result);
    opts.onMutant?.(result, out.length, mutants.length);
  }
  return out;
}
