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

import type { MutantDescription } from '../requirements/mutant-info.ts';
import { clauseById, type Clause } from '../requirements/clauses.ts';
import type { Failure, ScenarioResult } from './results.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
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
  /**
   * Set when the backend cannot hold this bug (its nodes are separate processes and the bug needs
   * one address space): the mutant was not run. Reported as such, never counted as killed.
   */
  notExpressible?: string;
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
 * runtime in another process would be (`serve` gives the exec: command; the CLI knows the reference's).
 */
export function mutantTarget(name: string, serve?: (name: string) => string): string {
  return serve ? serve(name) : `mutant:${name}`;
}

/**
 * Scenarios tagged @long (they wait out a spec duration, such as the 30 s default
 * MessageFollowDuration), by feature path and name as written.
 */
function longScenarios(): Set<string> {
  const found = new Set<string>();
  const dir = join(KIT_ROOT, 'features');
  for (const rel of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.feature'))) {
    const lines = readFileSync(join(dir, rel), 'utf8').split('\n');
    lines.forEach((line, i) => {
      const m = /^\s*Scenario(?: Outline)?: (.*)$/.exec(line);
      if (m && /(^|\s)@long(\s|$)/.test(lines[i - 1] ?? '')) found.add(`${rel.split(sep).join('/')}\u0000${m[1].trim()}`);
    });
  }
  return found;
}

/**
 * The tag expression of a mutant's run: the requirements of the clauses it breaks. A @long scenario
 * is left out unless one of those clauses is checked by nothing else: a mutant run is no faster
 * than its slowest scenario, and the long ones would make the self-test minutes longer.
 */
export function mutantTags(breaks: readonly string[], long = longScenarios()): string {
  const ids = [...new Set(breaks.map(requirementOf))].map((id) => `@${id}`).join(' or ');
  const needsLong = breaks.some((b) => {
    const clause = clauseById(b);
    return clause !== undefined && clause.checks.length > 0 && clause.checks.every((c) => long.has(`${c.feature}\u0000${c.scenario}`));
  });
  return needsLong ? ids : `(${ids}) and not @long`;
}

export async function runMutants(
  suite: Suite,
  opts: {
    backend: string;
    redisUrl?: string;
    natsUrls?: string[];
    /** The runtime's mutants (the command that runs them names them: nothing here needs the reference). */
    mutants: readonly MutantDescription[];
    only?: string[];
    parallel?: number;
    /** Served over the wire: the exec: command that serves the named mutant. */
    serve?: (name: string) => string;
    /** With wire: the deadline of every call to a served mutant, in ms. */
    callTimeoutMs?: number;
    /** Mutants run at once (each with its own workers). */
    concurrency?: number;
    onMutant?: (r: MutantResult, done: number, total: number) => void;
  },
): Promise<MutantResult[]> {
  const mutants = opts.mutants.filter((m) => !opts.only || opts.only.includes(m.name));
  const long = longScenarios();
  const results = new Array<MutantResult>(mutants.length);
  let next = 0;
  let done = 0;
  // A few mutants at a time: each run is a handful of scenarios that mostly wait.
  const lane = async () => {
    for (let i = next++; i < mutants.length; i = next++) {
      const m = mutants[i];
      if (opts.backend === 'process' && m.oneAddressSpace) {
        results[i] = { name: m.name, breaks: [...m.breaks], seen: [], kills: [], notCounted: [], killed: false, notExpressible: m.oneAddressSpace };
        opts.onMutant?.(results[i], ++done, mutants.length);
        continue;
      }
      const target = { impl: mutantTarget(m.name, opts.serve), backend: opts.backend, redisUrl: opts.redisUrl, natsUrls: opts.natsUrls, callTimeoutMs: opts.callTimeoutMs };
      // On the simulated backend a @long scenario's 30 s are virtual: nothing is left out there.
      const tags = opts.backend === 'sim' ? [...new Set(m.breaks.map(requirementOf))].map((id) => `@${id}`).join(' or ') : mutantTags(m.breaks, long);
      const run = await suite.run({ target, tags, parallel: opts.parallel ?? 0 });
      results[i] = judgeMutant(m, run.results);
      opts.onMutant?.(results[i], ++done, mutants.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 1) }, lane));
  return results;
}
