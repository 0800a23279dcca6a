// Building the site: read the runs, parse the features, write index.html (matrix and diff),
// rules/index.html, one rules/<ID>.html per requirement, and the two assets. Files are written to a
// fresh staging folder beside the output and swapped in at the end, so a folder never holds half a
// site (the same promise the run's reports make).

import type { MutantDescription } from '../requirements/mutant-info.ts';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFeatures } from './gherkin.ts';
import { readRun, SiteInputError } from './inputs.ts';
import { matrixData, rulePages, siteRuns } from './model.ts';
import { matrixPage } from './matrix-page.ts';
import { rulePage, rulesIndex } from './rule-page.ts';
import { parseAssumptions, type Assumption } from '../lint/lint.ts';
import { readMutation } from './mutation.ts';

const KIT_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const CLIENT = fileURLToPath(new URL('./client/', import.meta.url));

export interface BuildResult {
  out: string;
  runs: number;
  pages: number;
  bytes: number;
}

/** docs/assumptions.md of the kit: what each `@assumption:<slug>` tag of a scenario rests on. */
function readAssumptions(kitRoot: string): Assumption[] {
  const file = join(kitRoot, 'docs/assumptions.md');
  return existsSync(file) ? parseAssumptions(readFileSync(file, 'utf8')) : [];
}

/** `mutation`: a summary.json of `npm run mutation`, shown on each rule page. */
export function buildSite(opts: { out: string; files: string[]; mutants: readonly MutantDescription[]; kitRoot?: string; mutation?: string }): BuildResult {
  if (opts.files.length === 0) throw new SiteInputError('no compliance.json given');
  const out = resolve(opts.out);
  const inputs = opts.files.map(readRun);
  const runs = siteRuns(inputs, out);
  const features = parseFeatures(opts.kitRoot ?? KIT_ROOT);
  const mutation = opts.mutation ? readMutation(opts.mutation) : undefined;
  const rules = rulePages(runs, inputs, features, opts.mutants, readAssumptions(opts.kitRoot ?? KIT_ROOT), mutation);
  const files = new Map<string, string>([
    ['index.html', matrixPage(matrixData(runs))],
    ['rules/index.html', rulesIndex(rules)],
    ...rules.map((d) => [`rules/${d.rule.id}.html`, rulePage(d)] as [string, string]),
  ]);

  mkdirSync(dirname(out), { recursive: true });
  const staging = mkdtempSync(join(dirname(out), `.${basename(out)}-site-`));
  let bytes = 0;
  try {
    mkdirSync(join(staging, 'rules'));
    mkdirSync(join(staging, 'assets'));
    for (const [name, text] of files) {
      writeFileSync(join(staging, name), text);
      bytes += Buffer.byteLength(text);
    }
    for (const asset of ['site.css', 'matrix.js']) copyFileSync(join(CLIENT, asset), join(staging, 'assets', asset));
    if (mutation?.html) {
      mkdirSync(join(staging, 'mutation'));
      copyFileSync(mutation.html, join(staging, 'mutation', 'mutation.html'));
    }
    // Only a folder this command made before is replaced; anything else in the way is refused.
    if (existsSync(out)) {
      const builtBefore = existsSync(join(out, 'index.html')) && existsSync(join(out, 'rules'));
      if (!builtBefore && readdirSync(out).length > 0) throw new SiteInputError(`${opts.out}: exists, is not empty and is not a site built by spotcheck site (not replaced)`);
      rmSync(out, { recursive: true, force: true });
    }
    renameSync(staging, out);
  } catch (e) {
    rmSync(staging, { recursive: true, force: true });
    throw e;
  }
  return { out, runs: runs.length, pages: files.size, bytes };
}
