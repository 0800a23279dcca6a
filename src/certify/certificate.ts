// certificate.json: what `spotcheck certify` shows about an implementation, with what it was shown:
// the kit (name, version, git commit) and the hashes of what it checks against (spec, features,
// schema), the implementation's describe(), the level requested and met, every requirement ID's
// status with its scenario counts, the backend and the versions of its servers, the machines, when
// and how long, and how many runs agreed. The whole compliance report is kept under `compliance`,
// so `spotcheck verify` can recompute every status from the scenarios and `spotcheck site` can
// show the certificate as a run.

import type { Description } from '../driver/types.ts';
import type { Compliance, LevelReport, RequirementStatus, RunEnvironment, RunInfo, ServerVersion } from '../report/compliance.ts';
import { certificateHashes, kitIdentity, type KitHashes, type KitIdentity } from './kit.ts';
import { levelNamed, needsOfTags, withinLevel } from '../requirements/levels.ts';
import { suiteScenarios, type SuiteScenario } from '../requirements/suite-scenarios.ts';
import { KIT_ROOT } from '../run/kit-root.ts';
import { faultSummary, type FaultSummary } from './fault-summary.ts';

export const CERTIFICATE_FORMAT = 'spotcheck-certificate/1';

export interface Certificate {
  format: typeof CERTIFICATE_FORMAT;
  kit: KitIdentity;
  hashes: KitHashes;
  implementation: Description;
  backend: { name: string; servers: ServerVersion[] };
  level: LevelReport;
  requirements: Array<{
    id: string;
    status: RequirementStatus;
    counts: { passed: number; failed: number; notApplicable: number };
    /** Scenarios listed for the ID (the sum of the counts). */
    scenarios: number;
    /**
     * For a certificate of one level: what its status is counted on, when the suite has scenarios of
     * the ID outside the level (certify runs only those inside; a whole run would list the others,
     * not applicable for a runtime without what they need, and call the ID partial).
     */
    note?: string;
  }>;
  summary: Compliance['summary'];
  /** How the scenarios' faults were done: from outside, or the runtime's own word (fault-summary.ts). */
  faults?: FaultSummary;
  selection: RunInfo['selection'];
  environment: RunEnvironment[];
  startedAt: string;
  durationMs: number;
  /** How many times the selection ran, with identical results each time. */
  runs: number;
  compliance: Compliance;
}

/** Why a report cannot become a certificate, or undefined. */
export function certifiableProblem(c: Compliance): string | undefined {
  const run = c.run;
  if (!run) return 'it has no run section (written by an older spotcheck?)';
  if (run.selection.shard) return `it is shard ${run.selection.shard.index}/${run.selection.shard.total} only: merge every shard first (spotcheck merge), or pass them all to --from`;
  if (run.selection.tags !== null) return `it ran only the --tags selection "${run.selection.tags}": a certificate needs every scenario of the level`;
  if (run.changed > 0) return `${run.changed} scenario(s) changed result between its runs`;
  return undefined;
}

export function buildCertificate(c: Compliance, timing: { startedAt: string; durationMs: number }): Certificate {
  const run = c.run!;
  return {
    format: CERTIFICATE_FORMAT,
    kit: kitIdentity(),
    hashes: certificateHashes(),
    implementation: run.description,
    backend: { name: c.implementation.backend, servers: run.servers },
    level: c.level,
    requirements: c.requirements.map((r) => {
      const note = run.selection.levelOnly ? outsideLevelNote(r.id, run.selection.levelOnly, r.scenarios.length) : undefined;
      return { id: r.id, status: r.status, counts: r.counts, scenarios: r.scenarios.length, ...(note ? { note } : {}) };
    }),
    summary: c.summary,
    faults: faultSummary(c),
    selection: run.selection,
    environment: run.environment,
    startedAt: timing.startedAt,
    durationMs: timing.durationMs,
    runs: run.repeat,
    compliance: c,
  };
}

let suite: SuiteScenario[] | undefined;

/** Says what a level-only status is counted on, when the suite has scenarios of the ID outside the level. */
export function outsideLevelNote(id: string, levelName: string, ran: number, scenarios: SuiteScenario[] = (suite ??= suiteScenarios(KIT_ROOT))): string | undefined {
  const level = levelNamed(levelName)!;
  const outside = scenarios.filter((s) => s.tags.includes(`@${id}`) && !withinLevel(level, needsOfTags(s.tags)));
  if (outside.length === 0) return undefined;
  const needs = [...new Set(outside.flatMap((s) => needsOfTags(s.tags).filter((n) => !withinLevel(level, [n]))))];
  return (
    `counted on its ${ran} scenario${ran === 1 ? '' : 's'} inside level ${level.name} (certify runs only those); ` +
    `${outside.length} more need ${needs.join(', ')}, outside ${level.name}: a whole run lists them, and for a runtime without them calls ${id} partial`
  );
}
