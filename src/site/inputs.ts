// Reading the runs a site is built from: compliance.json files (what `spotcheck run` writes) and
// certificate.json files. A certificate is accepted when it holds a compliance report, either as
// itself or under a `compliance` key; anything else is refused with one line naming the file and
// what was expected, because a site silently built from half a file would misreport a runtime.

import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { Compliance, RequirementStatus } from '../report/compliance.ts';
import { REQUIREMENTS } from '../requirements/registry.ts';

export class SiteInputError extends Error {}

const STATUSES: RequirementStatus[] = ['passed', 'failed', 'partial', 'not-applicable', 'untested'];

export interface RunInput {
  /** The file as given. */
  file: string;
  /** The folder that holds it: cucumber.html of the same run is looked for there. */
  dir: string;
  /** cucumber.html beside it, when present. */
  reportHtml?: string;
  compliance: Compliance;
}

function shapeProblem(c: unknown): string | undefined {
  if (typeof c !== 'object' || c === null) return 'not a JSON object';
  const o = c as Partial<Compliance>;
  if (typeof o.implementation?.name !== 'string' || typeof o.implementation?.backend !== 'string') return 'no implementation {name, backend}';
  if (!Array.isArray(o.requirements)) return 'no requirements list';
  for (const r of o.requirements) {
    if (typeof r?.id !== 'string' || !STATUSES.includes(r.status) || !Array.isArray(r.scenarios) || typeof r.counts !== 'object')
      return `a requirement entry without id, status, counts and scenarios (${JSON.stringify(r).slice(0, 60)})`;
  }
  return undefined;
}

export function readRun(file: string): RunInput {
  const path = resolve(file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new SiteInputError(`${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new SiteInputError(`${file}: not JSON`);
  }
  const inner = (json as { compliance?: unknown })?.compliance;
  const candidate = inner !== undefined && shapeProblem(json) ? inner : json;
  const problem = shapeProblem(candidate);
  if (problem) throw new SiteInputError(`${file}: not a compliance.json or certificate.json of spotcheck (${problem})`);
  const compliance = candidate as Compliance;
  // Older or foreign reports may miss IDs: those are untested here, never passed.
  const known = new Set(compliance.requirements.map((r) => r.id));
  for (const { id } of REQUIREMENTS) {
    if (!known.has(id)) compliance.requirements.push({ id, status: 'untested', counts: { passed: 0, failed: 0, notApplicable: 0 }, scenarios: [] });
  }
  const dir = dirname(path);
  const html = resolve(dir, 'cucumber.html');
  return { file, dir, compliance, ...(existsSync(html) ? { reportHtml: html } : {}) };
}

/** A short name for error messages and labels. */
export function fileLabel(run: RunInput): string {
  return `${basename(run.dir)}/${basename(run.file)}`;
}
