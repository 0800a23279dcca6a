// compliance.json: one entry per requirement ID of the registry, all of them, with the scenarios
// that checked it, and the conformance level the run showed. Not applicable is never passed:
// - passed: every scenario of the ID ran and passed;
// - failed: at least one failed;
// - partial: some passed, none failed, and some were not applicable (the ID is not passed);
// - not-applicable: every scenario of the ID needs something the implementation lacks;
// - untested: no selected scenario carries the ID.

import { REQUIREMENTS } from '../requirements/registry.ts';
import { lacksForLevel, levelMet, levelNamed, meets, needsOfTags, whyNotMet, type LevelName } from '../requirements/levels.ts';
import type { Description } from '../driver/types.ts';
import type { Failure, ScenarioResult } from '../run/results.ts';
import type { FaultRecord } from '../driver/fault-record.ts';

export type RequirementStatus = 'passed' | 'failed' | 'partial' | 'not-applicable' | 'untested';

export interface ScenarioEntry {
  name: string;
  uri: string;
  line: number;
  status: ScenarioResult['status'];
  /** Not applicable: what the implementation lacks. */
  lacks?: string[];
  /** Failed: the step that failed, and how. */
  failure?: Failure;
  /** The capabilities and `failpoint:<name>` the scenario needs (its tags), when it needs any. */
  needs?: string[];
  /**
   * Runtimes over the wire: each fault the scenario injected and how it was done: "outside" (the
   * kit did it to the runtime's processes or links: node: programs) or "self-reported" (the kit
   * asked and has the runtime's word: every fault of an exec: runtime, and failpoints).
   */
  faults?: FaultRecord[];
}

/** A server the run used, and the version it reported. */
export interface ServerVersion {
  name: 'redis' | 'nats';
  url: string;
  /** As the server reported it; null when it could not be asked (then `error` says why). */
  version: string | null;
  error?: string;
}

/** The machine a run ran on. */
export interface RunEnvironment {
  node: string;
  os: string;
  arch: string;
  cpus: number;
  cpuModel: string;
}

/**
 * How the report was made: what was selected, which scenarios ran, with what. Merging shards
 * (src/report/merge.ts) and certifying (src/certify/) need it; reports written before it existed
 * lack it.
 */
export interface RunInfo {
  selection: {
    /** The user's `--tags` expression, or null for everything. */
    tags: string | null;
    /** Set when only the scenarios inside this level ran (`spotcheck certify`). */
    levelOnly: LevelName | null;
    /** The shard this report is of, or null for a whole selection. */
    shard: { index: number; total: number } | null;
    /** For a merged report: how many shards it was made of. */
    mergedFrom?: number;
  };
  /** `uri:line` of every scenario that ran, sorted. */
  scenarios: string[];
  /** How many times the selection ran (`--repeat`, `--runs`), and how many scenarios changed between runs. */
  repeat: number;
  changed: number;
  /** The implementation's describe(). */
  description: Description;
  servers: ServerVersion[];
  /** One entry per machine the report's runs ran on. */
  environment: RunEnvironment[];
  /** For a merged report: each shard's own start and duration. */
  shards?: Array<{ index: number; startedAt: string; durationMs: number }>;
}

export interface LevelReport {
  /** The level the run was asked to show (`--level`). */
  requested: LevelName;
  /** The highest level whose every requirement passed on scenarios inside it, or null. */
  met: LevelName | null;
  /** Capabilities and `failpoint:<name>` the requested level needs and the implementation does not report. */
  lacks: string[];
  /** When the requested level was not met: why, most telling first (src/requirements/levels.ts). */
  why?: string[];
}

export interface Compliance {
  kit: { name: string; version: string };
  implementation: { name: string; version: string; backend: string };
  startedAt: string;
  durationMs: number;
  level: LevelReport;
  requirements: Array<{
    id: string;
    status: RequirementStatus;
    counts: { passed: number; failed: number; notApplicable: number };
    scenarios: ScenarioEntry[];
    /** For a partial ID: which scenarios could not run and why, and what a certificate of a level counts instead. */
    note?: string;
  }>;
  summary: { passed: number; failed: number; partial: number; notApplicable: number; untested: number };
  run?: RunInfo;
}

export function requirementStatus(scenarios: Pick<ScenarioResult, 'status'>[]): RequirementStatus {
  if (scenarios.length === 0) return 'untested';
  if (scenarios.some((s) => s.status === 'failed')) return 'failed';
  const na = scenarios.filter((s) => s.status === 'not-applicable').length;
  if (na === scenarios.length) return 'not-applicable';
  return na > 0 ? 'partial' : 'passed';
}

// What "met" means is written once, in src/requirements/levels.ts.
export { levelMet } from '../requirements/levels.ts';

export function buildCompliance(input: {
  kit: Compliance['kit'];
  implementation: Compliance['implementation'];
  description: Pick<Description, 'capabilities' | 'failpoints'>;
  level: LevelName;
  startedAt: Date;
  durationMs: number;
  results: ScenarioResult[];
  run?: RunInfo;
}): Compliance {
  const requirements = REQUIREMENTS.map(({ id }) => {
    const scenarios = input.results.filter((r) => r.tags.includes(`@${id}`));
    const n = (s: ScenarioResult['status']) => scenarios.filter((r) => r.status === s).length;
    const status = requirementStatus(scenarios);
    return {
      id,
      status,
      counts: { passed: n('passed'), failed: n('failed'), notApplicable: n('not-applicable') },
      scenarios: scenarios.map(({ name, uri, line, status, lacks, failure, tags, faults }) => {
        const needs = needsOfTags(tags);
        return {
          name,
          uri,
          line,
          status,
          ...(lacks ? { lacks } : {}),
          ...(failure ? { failure } : {}),
          ...(needs.length > 0 ? { needs } : {}),
          ...(faults && faults.length > 0 ? { faults } : {}),
        };
      }),
      ...(status === 'partial' ? { note: partialNote(scenarios) } : {}),
    };
  });
  const count = (s: RequirementStatus) => requirements.filter((r) => r.status === s).length;
  return {
    kit: input.kit,
    implementation: input.implementation,
    startedAt: input.startedAt.toISOString(),
    durationMs: input.durationMs,
    level: levelReport(input.level, input.results, input.description),
    requirements,
    summary: {
      passed: count('passed'),
      failed: count('failed'),
      partial: count('partial'),
      notApplicable: count('not-applicable'),
      untested: count('untested'),
    },
    ...(input.run ? { run: input.run } : {}),
  };
}

/** Why an ID is partial, in words: what the not-applicable scenarios need, and what a certificate counts. */
function partialNote(scenarios: ScenarioResult[]): string {
  const na = scenarios.filter((r) => r.status === 'not-applicable');
  const lacks = [...new Set(na.flatMap((r) => r.lacks ?? []))];
  const ran = scenarios.length - na.length;
  return (
    `partial: ${na.length} of its ${scenarios.length} scenarios need ${lacks.join(', ') || 'what the implementation lacks'}, not reported, so they did not run; ` +
    `the ${ran} that ran passed. Not passed here; a certificate of a level runs only the scenarios inside it and counts the ID on those`
  );
}

/** The level part of a report: requested, met, what the implementation lacks and why not met. */
export function levelReport(requested: LevelName, results: ScenarioResult[], description: Pick<Description, 'capabilities' | 'failpoints'>): LevelReport {
  const met = levelMet(results, description);
  const report: LevelReport = { requested, met, lacks: lacksForLevel(levelNamed(requested)!, description) };
  if (!meets(met, requested)) report.why = whyNotMet(requested, results, description);
  return report;
}

/**
 * The scenario results a report was made from, as far as buildCompliance needs them: each scenario
 * once, tagged with every ID it is listed under and with what it needs. (A scenario that carries no
 * requirement ID is in no report, and so in no list made from one.)
 */
export function resultsOf(c: Pick<Compliance, 'requirements'>): ScenarioResult[] {
  const byKey = new Map<string, ScenarioResult>();
  for (const req of c.requirements) {
    for (const s of req.scenarios) {
      const key = `${s.uri}:${s.line}`;
      let r = byKey.get(key);
      if (!r) {
        r = { name: s.name, uri: s.uri, line: s.line, tags: (s.needs ?? []).map((n) => `@${n}`), status: s.status };
        if (s.lacks) r.lacks = s.lacks;
        if (s.faults) r.faults = s.faults;
        if (s.failure) {
          r.failure = s.failure;
          r.message = s.failure.message;
        }
        byKey.set(key, r);
      }
      r.tags.push(`@${req.id}`);
    }
  }
  return [...byKey.values()];
}
