// Every scenario of the feature suite as Cucumber runs it (one per plain Scenario, one per Examples
// row of an outline), with the tags it carries there. Read from the feature files without running
// anything, so a level-only run (certify) can say what of an ID lies outside its level.

import { AstBuilder, GherkinClassicTokenMatcher, Parser } from '@cucumber/gherkin';
import { IdGenerator } from '@cucumber/messages';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface SuiteScenario {
  uri: string;
  /** The Scenario's line, or the Examples row's line for an outline (as a run reports it). */
  line: number;
  /** With @: the scenario's tags, and for a row its table's too. */
  tags: string[];
}

/** Every .feature file under dir, in name order (folders walked in name order too). */
export function featureFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) return featureFiles(p);
      return name.endsWith('.feature') ? [p] : [];
    });
}

export function suiteScenarios(root: string): SuiteScenario[] {
  const out: SuiteScenario[] = [];
  for (const file of featureFiles(join(root, 'features'))) {
    const parser = new Parser(new AstBuilder(IdGenerator.incrementing()), new GherkinClassicTokenMatcher());
    const feature = parser.parse(readFileSync(file, 'utf8')).feature;
    if (!feature) continue;
    const uri = relative(root, file).split('\\').join('/');
    const children = feature.children.flatMap((c) => (c.rule ? c.rule.children : [c]));
    for (const { scenario: sc } of children) {
      if (!sc) continue;
      const own = sc.tags.map((t) => t.name);
      if (sc.examples.length === 0) out.push({ uri, line: sc.location.line, tags: own });
      for (const table of sc.examples) {
        const tags = [...new Set([...own, ...table.tags.map((t) => t.name)])];
        for (const row of table.tableBody) out.push({ uri, line: row.location.line, tags });
      }
    }
  }
  return out;
}
