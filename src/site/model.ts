// What the pages show, computed once from the runs, the registry, the clauses, the features and the
// mutant list. The matrix page gets `MatrixData` inlined as JSON (a page opened from file:// cannot
// fetch it); rule pages are rendered from `RulePageData` to plain HTML.

import { relative } from 'node:path';
import type { Compliance, RequirementStatus, ScenarioEntry } from '../report/compliance.ts';
import { REQUIREMENTS, type Requirement } from '../requirements/registry.ts';
import { LEVELS, type LevelName } from '../requirements/levels.ts';
import { clausesOf, type Clause } from '../requirements/clauses.ts';
import type { MutantDescription } from '../requirements/mutant-info.ts';
import { GROUPS, groupOf } from './groups.ts';
import { checksId, type Scenario } from './gherkin.ts';
import type { RunInput } from './inputs.ts';
import type { Assumption } from '../lint/lint.ts';
import type { Survivor, Tally } from '../mutation/summary.ts';
import { mutationFor, type SiteMutation } from './mutation.ts';
import { faultSummary, type FaultSummary } from '../certify/fault-summary.ts';

/** Whether the run recorded how its faults were done (runtimes over the wire do; in process, the kit does them). */
function hasFaultRecords(c: Compliance): boolean {
  return c.requirements.some((r) => r.scenarios.some((s) => s.faults !== undefined));
}

export interface SiteRun {
  /** r1, r2, … in the order the files were given: stable in links for one build. */
  key: string;
  label: string;
  impl: string;
  version: string;
  backend: string;
  startedAt: string;
  durationMs: number;
  levelRequested: string;
  levelMet: string | null;
  source: string;
  /** cucumber.html of the run relative to the site's root folder, when the run has one. */
  report?: string;
  results: Record<string, { status: RequirementStatus; counts: Compliance['requirements'][number]['counts'] }>;
  /** How the run's faults were done, for a runtime over the wire (in process, the kit does them itself). */
  faults?: FaultSummary;
}

export interface SiteRule {
  id: string;
  section: string;
  statement: string;
  capability: string;
  /** The lowest conformance level that speaks for the ID. */
  level: LevelName;
  group: string;
}

export interface MatrixData {
  runs: SiteRun[];
  rules: SiteRule[];
  groups: Array<{ key: string; title: string; ids: string[] }>;
  levels: Array<{ name: string; what: string }>;
  statuses: RequirementStatus[];
}

export const STATUSES: RequirementStatus[] = ['passed', 'failed', 'partial', 'not-applicable', 'untested'];

function levelOf(r: Requirement): LevelName {
  return LEVELS.find((l) => (l.capabilities as string[]).includes(r.capability))!.name;
}

function posix(p: string): string {
  return p.split('\\').join('/');
}

export function siteRuns(inputs: RunInput[], siteDir: string): SiteRun[] {
  const labels = inputs.map(({ compliance: c }) => `${c.implementation.name} ${c.implementation.version} · ${c.implementation.backend}`);
  return inputs.map((input, i) => {
    const c = input.compliance;
    // Two runs of the same runtime on the same backend are told apart by when they started.
    const label = labels.filter((l) => l === labels[i]).length > 1 ? `${labels[i]} · ${c.startedAt}` : labels[i];
    return {
      key: `r${i + 1}`,
      label,
      impl: c.implementation.name,
      version: c.implementation.version,
      backend: c.implementation.backend,
      startedAt: c.startedAt,
      durationMs: c.durationMs,
      levelRequested: c.level?.requested ?? 'full',
      levelMet: c.level?.met ?? null,
      source: input.file,
      ...(input.reportHtml ? { report: posix(relative(siteDir, input.reportHtml)) } : {}),
      results: Object.fromEntries(c.requirements.map((r) => [r.id, { status: r.status, counts: r.counts }])),
      ...(hasFaultRecords(c) ? { faults: faultSummary(c) } : {}),
    };
  });
}

export function matrixData(runs: SiteRun[]): MatrixData {
  return {
    runs,
    rules: REQUIREMENTS.map((r) => ({ id: r.id, section: r.section, statement: r.statement, capability: r.capability, level: levelOf(r), group: groupOf(r.id)!.key })),
    groups: GROUPS.map(({ key, title, ids }) => ({ key, title, ids })),
    levels: LEVELS.map(({ name, what }) => ({ name, what })),
    statuses: STATUSES,
  };
}

export interface RulePageData {
  rule: SiteRule;
  requirement: Requirement;
  clauses: Clause[];
  scenarios: Scenario[];
  mutants: Array<MutantDescription & { clauses: string[] }>;
  runs: Array<{ run: SiteRun; input: RunInput; entries: Map<string, ScenarioEntry> }>;
  /** The `###` headings of docs/assumptions.md by slug: what a scenario's `@assumption:<slug>` rests on. */
  assumptions: ReadonlyMap<string, Assumption>;
  /** StrykerJS over the runtime, when the site was given a summary: this rule's share of it. */
  mutation?: { areas: string[]; backend: string; report: boolean; tally?: Tally; survivors: Survivor[] };
}

export function rulePages(runs: SiteRun[], inputs: RunInput[], features: Scenario[], mutants: readonly MutantDescription[], assumptions: readonly Assumption[] = [], mutation?: SiteMutation): RulePageData[] {
  const rules = matrixData(runs).rules;
  const bySlug = new Map(assumptions.map((a) => [a.slug, a]));
  const entries = inputs.map((input) => {
    const m = new Map<string, ScenarioEntry>();
    for (const r of input.compliance.requirements) for (const s of r.scenarios) m.set(`${s.uri}:${s.line}`, s);
    return m;
  });
  return REQUIREMENTS.map((requirement, i) => ({
    rule: rules[i],
    requirement,
    clauses: clausesOf(requirement.id),
    scenarios: features.filter((s) => checksId(s, requirement.id)),
    mutants: mutants.map((m) => ({ ...m, clauses: m.breaks.filter((c) => c.startsWith(`${requirement.id}.`)) })).filter((m) => m.clauses.length > 0),
    runs: runs.map((run, j) => ({ run, input: inputs[j], entries: entries[j] })),
    assumptions: bySlug,
    ...(mutation ? { mutation: { areas: mutation.areas, backend: mutation.backend, report: mutation.html !== undefined, ...mutationFor(mutation, requirement.id) } } : {}),
  }));
}
