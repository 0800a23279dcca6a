// `spotcheck trace <ID>`: from the spec's lines to the code, generated each time from the sources:
//   spec lines        the clause files beside the features, features/**/*.clauses.ts, as loaded by
//                     src/requirements/clauses.ts (the spec's words and line numbers of each clause)
//   scenarios         the features parsed with @cucumber/gherkin, those tagged with the ID
//                     (an outline through the Examples tables that carry it)
//   step definitions  each step of those scenarios (Background included; an outline's steps with
//                     each row's values filled in) matched by Cucumber against step-definitions/
//   Driver methods    a static scan of those step definitions and the helpers they call
//                     (driver-calls.ts says exactly how)
//   reference modules impl-reference/ lines asking for a rule a mutant of the ID implements otherwise
//                     (`rules.<seam>(`), or asking broken('<mutant>') where no seam is yet
//   mutants           impl-reference/mutants/list/, those naming a clause of the ID

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { requirementById } from '../requirements/registry.ts';
import { clauseFile, clausesOf } from '../requirements/clauses.ts';
import type { MutantDescription } from '../requirements/mutant-info.ts';
import { checksId, examplesFor, parseFeatures, type Scenario } from '../site/gherkin.ts';
import { balanced, offsetOfLine } from './source-scan.ts';
import { DriverCallScanner, type DriverUse } from './driver-calls.ts';
import { decisionPoints, type DecisionPoint } from './decides.ts';
import { loadStepDefinitions, type StepDefinitionInfo } from './steps.ts';

export class UnknownIdError extends Error {}

export interface TraceStep {
  keyword: string;
  text: string;
  line: number;
  /** file:line of each definition it matched (one, unless the step is ambiguous or undefined). */
  definitions: string[];
}

export interface Trace {
  id: string;
  statement: string;
  section: string;
  spec: Array<{ lines: number[]; words: string; clauses: string[] }>;
  scenarios: Array<{ uri: string; line: number; name: string; steps: TraceStep[] }>;
  stepDefinitions: Array<{ at: string; pattern: string; driver: DriverUse[] }>;
  driverMethods: string[];
  decides: DecisionPoint[];
  mutants: Array<{ name: string; clauses: string[]; what: string }>;
}

/** The texts Cucumber runs for a step: an outline step once per Examples row of the ID. */
function runTexts(sc: Scenario, id: string, text: string): string[] {
  const tables = examplesFor(sc, id);
  if (tables.length === 0) return [text];
  return tables.flatMap((e) => e.rows.map((r) => e.header.reduce((t, h, i) => t.split(`<${h}>`).join(r.cells[i]), text)));
}

export async function traceOf(id: string, root: string, mutants: readonly MutantDescription[]): Promise<Trace> {
  const req = requirementById(id);
  if (!req) throw new UnknownIdError(`unknown requirement ID "${id}" (the IDs are in src/requirements/registry.ts)`);
  const clauses = clausesOf(id);
  const spec = new Map<string, { lines: number[]; words: string; clauses: string[] }>();
  for (const c of clauses) {
    const s = spec.get(c.words) ?? { lines: c.lines, words: c.words, clauses: [] };
    s.clauses.push(c.id);
    spec.set(c.words, s);
  }

  const defs = await loadStepDefinitions(root);
  const used = new Map<string, StepDefinitionInfo>();
  const scenarios = parseFeatures(root)
    .filter((sc) => checksId(sc, id))
    .map((sc) => ({
      uri: sc.uri,
      line: sc.line,
      name: sc.name,
      steps: [...sc.background, ...sc.steps].map((st) => {
        const found = new Set<StepDefinitionInfo>();
        for (const text of runTexts(sc, id, st.text)) for (const d of defs) if (d.matches(text)) found.add(d);
        for (const d of found) used.set(`${d.uri}:${d.line}`, d);
        return { keyword: st.keyword, text: st.text, line: st.line, definitions: [...found].map((d) => `${d.uri}:${d.line}`) };
      }),
    }));

  const scanner = new DriverCallScanner(root);
  const sources = new Map<string, string>();
  const stepDefinitions = [...used.entries()]
    .sort(([a], [b]) => a.localeCompare(b, undefined, { numeric: true }))
    .map(([at, d]) => {
      const text = sources.get(d.uri) ?? readFileSync(join(root, d.uri), 'utf8');
      sources.set(d.uri, text);
      // The definition's whole call, e.g. When('...', async function () { ... }), from its line.
      const source = balanced(text, offsetOfLine(text, d.line));
      return { at, pattern: d.pattern, driver: scanner.uses(source) };
    });

  const breaking = mutants.map((m) => ({ name: m.name, what: m.what, clauses: m.breaks.filter((c) => c.startsWith(`${id}.`)) })).filter((m) => m.clauses.length > 0);
  return {
    id,
    statement: req.statement,
    section: req.section,
    spec: [...spec.values()].sort((a, b) => a.lines[0] - b.lines[0]),
    scenarios,
    stepDefinitions,
    driverMethods: [...new Set(stepDefinitions.flatMap((s) => s.driver.map((u) => u.method)))].sort(),
    decides: decisionPoints(root, mutants.filter((m) => breaking.some((b) => b.name === m.name))),
    mutants: breaking,
  };
}

export function formatTrace(t: Trace): string {
  const out: string[] = [];
  out.push(`${t.id} (spec section ${t.section}): ${t.statement}`, '');
  const files = [...new Set(t.spec.flatMap((s) => s.clauses.map((id) => clauseFile(id) ?? 'src/requirements/clauses.ts')))].sort();
  out.push(`spec lines (${t.spec.length}), from ${files.length ? files.join(', ') : 'features/**/*.clauses.ts'}`);
  for (const s of t.spec) out.push(`  line ${s.lines.join(', ')}: ${s.words}  [${s.clauses.join(', ')}]`);
  out.push('', `scenarios (${t.scenarios.length}), tagged @${t.id} in features/`);
  for (const sc of t.scenarios) {
    out.push(`  ${sc.uri}:${sc.line}  ${sc.name}`);
    for (const st of sc.steps) out.push(`    ${st.line} ${st.keyword} ${st.text}  -> ${st.definitions.length ? st.definitions.join(', ') : 'NO STEP DEFINITION'}`);
  }
  out.push('', `step definitions (${t.stepDefinitions.length}), matched by Cucumber's own expression matching; Driver methods by a static scan of their source and the helpers they call`);
  for (const s of t.stepDefinitions) {
    const uses = s.driver.map((u) => (u.via.length ? `${u.method} (via ${u.via.join(' -> ')})` : u.method));
    out.push(`  ${s.at}  "${s.pattern}"`, `    Driver: ${uses.length ? uses.join(', ') : 'none (reads what the scenario already holds)'}`);
  }
  out.push('', `Driver methods (${t.driverMethods.length}): ${t.driverMethods.join(', ')}`);
  out.push('', `reference modules that decide it (${t.decides.length}): impl-reference/ lines asking for a rule a mutant below implements otherwise (rules.<seam>( or broken('<mutant>'))`);
  for (const d of t.decides) out.push(`  ${d.file}:${d.line}  [${d.mutant}]  ${d.code.length > 140 ? `${d.code.slice(0, 137)}...` : d.code}`);
  out.push('', `mutants (${t.mutants.length}), from impl-reference/mutants/list/`);
  for (const m of t.mutants) out.push(`  ${m.name}  breaks ${m.clauses.join(', ')}: ${m.what}`);
  return `${out.join('\n')}\n`;
}
