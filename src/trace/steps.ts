// The step definitions, loaded the way a run loads them (Cucumber's loadSupport over
// step-definitions/), so a scenario step is matched to its definition by Cucumber's own
// matching (its Cucumber expression, with the kit's parameter types), not by a copy of it.

import { loadSupport } from '@cucumber/cucumber/api';
import { Writable } from 'node:stream';

export interface StepDefinitionInfo {
  /** Relative to the kit root, e.g. step-definitions/operations.steps.ts. */
  uri: string;
  line: number;
  pattern: string;
  matches(text: string): boolean;
}

const silent = new Writable({ write: (_c, _e, cb) => cb() });

export async function loadStepDefinitions(root: string): Promise<StepDefinitionInfo[]> {
  const support = await loadSupport(
    {
      sources: { paths: ['features/**/*.feature'], defaultDialect: 'en', names: [], tagExpression: '', order: 'defined' },
      support: { importPaths: ['step-definitions/**/*.ts'], requirePaths: [], requireModules: [], loaders: [] },
    },
    { cwd: root, stdout: silent, stderr: silent },
  );
  // ISupportCodeLibrary's public type leaves the definitions out; they are there at run time.
  const { stepDefinitions } = support as unknown as { stepDefinitions: Array<{ uri: string; line: number; pattern: string | RegExp; matchesStepName(t: string): boolean }> };
  return stepDefinitions.map((d) => ({
    uri: d.uri.split('\\').join('/'),
    line: d.line,
    pattern: typeof d.pattern === 'string' ? d.pattern : String(d.pattern),
    matches: (text: string) => d.matchesStepName(text),
  }));
}
