// compliance.json: one entry per requirement ID of the registry, all of them, with the scenarios
// that checked it, and the conformance level the run showed. Not applicable is never passed:
// - passed: every scenario of the ID ran and passed;
// - failed: at least one failed;
// - partial: some passed, none failed, and some were not applicable (the ID is not passed);
// - not-applicable: every scenario of the ID needs something the implementation lacks;
// - untested: no selected scenario carries the ID.

import { REQUIREMENTS } from '../requirements/registry.ts';
import { LEVELS, lacksForLevel, levelIds, levelNamed, needsOfTags, withinLevel, type LevelName } from '../requirements/levels.ts';
import type { Description } from '../driver/types.ts';
import type { Failure, ScenarioResult } from '../run/results.ts';

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

/**
 * The highest level the implementation showed: it reports every capability and failpoint of the
 * level, and each requirement of the level has at least one scenario inside the level, all passed.
 */
export function levelMet(results: ScenarioResult[], description: Pick<Description, 'capabilities' | 'failpoints'>): LevelName | null {
  for (const level of [...LEVELS].reverse()) {
    if (lacksForLevel(level, description).length > 0) continue;
    const ok = levelIds(level).every((id) => {
      const inside = results.filter((r) => r.tags.includes(`@${id}`) && withinLevel(level, needsOfTags(r.tags)));
      return inside.length > 0 && inside.every((r) => r.status === 'passed');
    });
    if (ok) return level.name;
  }
  return null;
}

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
    return {
      id,
      status: requirementStatus(scenarios),
      counts: { passed: n('passed'), failed: n('failed'), notApplicable: n('not-applicable') },
      scenarios: scenarios.map(({ name, uri, line, status, lacks, failure, tags }) => {
        const needs = needsOfTags(tags);
        return {
          name,
          uri,
          line,
          status,
          ...(lacks ? { lacks } : {}),
          ...(failure ? { failure } : {}),
          ...(needs.length > 0 ? { needs } : {}),
        };
      }),
    };
  });
  const count = (s: RequirementStatus) => requirements.filter((r) => r.status === s).length;
  return {
    kit: input.kit,
    implementation: input.implementation,
    startedAt: input.startedAt.toISOString(),
    durationMs: input.durationMs,
    level: {
      requested: input.level,
      met: levelMet(input.results, input.description),
      lacks: lacksForLevel(levelNamed(input.level)!, input.description),
    },
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
