// What a mutation run (Stryker's mutation.json) says, in the kit's terms: the score over the runtime,
// per area and per requirement ID, with survivors shown equivalent counted apart and "no coverage"
// reported apart. Score = killed / (killed + survived), as the issue asks; a timeout is a kill (the
// suite noticed), a runtime or compile error is neither and is reported.

import { readFileSync } from 'node:fs';
import { AREA_NAMES, areaOf, type Area } from './areas.ts';
import { EQUIVALENTS, type Equivalent } from './equivalents.ts';
import { REQUIREMENT_TAG } from '../requirements/registry.ts';
import type { SuiteScenario } from '../requirements/suite-scenarios.ts';

interface StrykerMutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: string;
  coveredBy?: string[];
  killedBy?: string[];
  location: { start: { line: number; column: number } };
}

export interface StrykerReport {
  files: Record<string, { source: string; mutants: StrykerMutant[] }>;
  testFiles?: Record<string, { tests: Array<{ id: string; name: string; location?: { start: { line: number } } }> }>;
}

export interface Tally {
  killed: number;
  survived: number;
  /** Survivors shown equivalent: the same behaviour in every run (src/mutation/equivalents.ts). */
  equivalent: number;
  /** Survivors that differ only where the chapter leaves the runtime free: no conformance test may fail them. */
  conforming: number;
  noCoverage: number;
  /** Not run: in a kit mutant's switch (src/mutation/ignore-switches.mjs). */
  ignored: number;
  /** Runtime or compile errors: neither killed nor survived. */
  errors: number;
  /** killed / (killed + survived), or null when there is nothing to score. */
  score: number | null;
}

export interface Survivor {
  file: string;
  line: number;
  column: number;
  mutator: string;
  original: string;
  replacement: string;
  /** Requirement IDs of the scenarios that ran it. */
  ids: string[];
}

export interface MutationSummary {
  total: Tally;
  areas: Partial<Record<Area, Tally>>;
  ids: Record<string, Tally>;
  survivors: Survivor[];
  equivalents: Array<Equivalent & { matched: boolean }>;
}

const empty = (): Omit<Tally, 'score'> => ({ killed: 0, survived: 0, equivalent: 0, conforming: 0, noCoverage: 0, ignored: 0, errors: 0 });

function finish(t: Omit<Tally, 'score'>): Tally {
  return { ...t, score: t.killed + t.survived > 0 ? t.killed / (t.killed + t.survived) : null };
}

type Kind = keyof Omit<Tally, 'score'>;

function kindOf(status: string): Kind {
  if (status === 'Killed' || status === 'Timeout') return 'killed';
  if (status === 'Survived') return 'survived';
  if (status === 'NoCoverage') return 'noCoverage';
  if (status === 'Ignored') return 'ignored';
  return 'errors';
}

/** The mutant's original text: from its start to the end of that line, as far as the lint needs it. */
function lineAt(source: string, line: number): string {
  return source.split('\n')[line - 1] ?? '';
}

export function matchesEquivalent(e: Equivalent, file: string, m: StrykerMutant, source: string): boolean {
  return e.file === file && e.line === m.location.start.line && e.mutator === m.mutatorName && e.replacement === (m.replacement ?? '') && lineAt(source, e.line).includes(e.original);
}

export function summarize(report: StrykerReport, scenarios: SuiteScenario[]): MutationSummary {
  // Test id -> requirement IDs of that scenario (file and line, as the cucumber runner reports them).
  const idsOfTest = new Map<string, string[]>();
  for (const [uri, tf] of Object.entries(report.testFiles ?? {})) {
    for (const t of tf.tests) {
      const s = scenarios.find((x) => x.uri === uri && x.line === t.location?.start.line);
      idsOfTest.set(t.id, (s?.tags ?? []).filter((tag) => REQUIREMENT_TAG.test(tag)).map((tag) => tag.slice(1)));
    }
  }
  const total = empty();
  const areas = new Map<Area, ReturnType<typeof empty>>();
  const ids = new Map<string, ReturnType<typeof empty>>();
  const survivors: Survivor[] = [];
  const matched = new Set<Equivalent>();
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    const area = areaOf(file);
    for (const m of mutants) {
      let kind = kindOf(m.status);
      if (kind === 'survived') {
        const eq = EQUIVALENTS.find((e) => matchesEquivalent(e, file, m, source));
        if (eq) {
          kind = eq.kind;
          matched.add(eq);
        }
      }
      const mutantIds = [...new Set((m.coveredBy ?? []).flatMap((t) => idsOfTest.get(t) ?? []))];
      total[kind]++;
      if (area) {
        const a = areas.get(area) ?? empty();
        a[kind]++;
        areas.set(area, a);
      }
      for (const id of mutantIds) {
        const t = ids.get(id) ?? empty();
        t[kind]++;
        ids.set(id, t);
      }
      if (kind === 'survived') {
        const { line, column } = m.location.start;
        survivors.push({ file, line, column, mutator: m.mutatorName, original: lineAt(source, line).trim(), replacement: m.replacement ?? '', ids: mutantIds });
      }
    }
  }
  return {
    total: finish(total),
    areas: Object.fromEntries(AREA_NAMES.filter((a) => areas.has(a)).map((a) => [a, finish(areas.get(a)!)])),
    ids: Object.fromEntries([...ids].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, t]) => [id, finish(t)])),
    survivors: survivors.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1)),
    equivalents: EQUIVALENTS.map((e) => ({ ...e, matched: matched.has(e) })),
  };
}

export function readStrykerReport(file: string): StrykerReport {
  return JSON.parse(readFileSync(file, 'utf8')) as StrykerReport;
}

const pct = (t: Tally) => (t.score === null ? '  -  ' : `${(100 * t.score).toFixed(1)}%`);

/** The summary as lines for a terminal. */
export function summaryLines(s: MutationSummary): string[] {
  const row = (name: string, t: Tally) =>
    `${name.padEnd(12)} ${pct(t).padStart(7)}  killed ${t.killed}, survived ${t.survived}, equivalent ${t.equivalent}, conforming ${t.conforming}, no coverage ${t.noCoverage}, ignored ${t.ignored}, errors ${t.errors}`;
  return [row('runtime', s.total), ...Object.entries(s.areas).map(([a, t]) => row(a, t!))];
}
