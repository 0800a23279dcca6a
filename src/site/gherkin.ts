// The features as the site shows them, parsed with Cucumber's own parser (@cucumber/gherkin), so a
// rule page renders exactly what Cucumber runs: keywords, steps, data tables, doc strings, and every
// Examples table of an outline with its own tags and row lines (a run reports an outline's row by
// the row's line, which is how results are matched to rows).

import { AstBuilder, GherkinClassicTokenMatcher, Parser } from '@cucumber/gherkin';
import { IdGenerator, type Step as GherkinStep } from '@cucumber/messages';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { featureFiles } from '../requirements/suite-scenarios.ts';

export interface Step {
  keyword: string;
  text: string;
  line: number;
  table?: string[][];
  docString?: string;
}

export interface ExamplesTable {
  name: string;
  keyword: string;
  line: number;
  tags: string[];
  header: string[];
  rows: Array<{ line: number; cells: string[] }>;
}

export interface Scenario {
  /** Path relative to the kit root, as compliance.json has it: features/<group>/<topic>.feature. */
  uri: string;
  featureName: string;
  keyword: string;
  name: string;
  line: number;
  tags: string[];
  background: Step[];
  steps: Step[];
  examples: ExamplesTable[];
}

function steps(list: readonly GherkinStep[]): Step[] {
  return list.map((s) => ({
    keyword: s.keyword.trim(),
    text: s.text,
    line: s.location.line,
    ...(s.dataTable ? { table: s.dataTable.rows.map((r) => r.cells.map((c) => c.value)) } : {}),
    ...(s.docString ? { docString: s.docString.content } : {}),
  }));
}


/** Every scenario and outline under <root>/features, in file order. */
export function parseFeatures(root: string): Scenario[] {
  const out: Scenario[] = [];
  for (const file of featureFiles(join(root, 'features'))) {
    const parser = new Parser(new AstBuilder(IdGenerator.incrementing()), new GherkinClassicTokenMatcher());
    const feature = parser.parse(readFileSync(file, 'utf8')).feature;
    if (!feature) continue;
    const uri = relative(root, file).split('\\').join('/');
    let background: Step[] = [];
    // Rules nest children one level deeper; the features use none today, but reading them costs nothing.
    const children = feature.children.flatMap((c) => (c.rule ? c.rule.children : [c]));
    for (const child of children) {
      if (child.background) background = steps(child.background.steps);
      const sc = child.scenario;
      if (!sc) continue;
      out.push({
        uri,
        featureName: feature.name,
        keyword: sc.keyword,
        name: sc.name,
        line: sc.location.line,
        tags: sc.tags.map((t) => t.name),
        background,
        steps: steps(sc.steps),
        examples: sc.examples.map((e) => ({
          name: e.name,
          keyword: e.keyword,
          line: e.location.line,
          tags: e.tags.map((t) => t.name),
          header: e.tableHeader?.cells.map((c) => c.value) ?? [],
          rows: e.tableBody.map((r) => ({ line: r.location.line, cells: r.cells.map((c) => c.value) })),
        })),
      });
    }
  }
  return out;
}

/** Whether the scenario checks the ID: on its own tags, or (for an outline) on one of its Examples tables. */
export function checksId(sc: Scenario, id: string): boolean {
  const tag = `@${id}`;
  return sc.tags.includes(tag) || sc.examples.some((e) => e.tags.includes(tag));
}

/** The Examples tables of an outline that check the ID (all of them when the outline itself is tagged). */
export function examplesFor(sc: Scenario, id: string): ExamplesTable[] {
  const tag = `@${id}`;
  return sc.tags.includes(tag) ? sc.examples : sc.examples.filter((e) => e.tags.includes(tag));
}
