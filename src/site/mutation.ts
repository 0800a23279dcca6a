// A mutation run's summary (`npm run mutation` writes summary.json beside Stryker's mutation.html),
// read for the site's rule pages: each rule shows the score of the mutants its scenarios reach and
// the survivors among them, with a link to Stryker's own report copied into the site. A file that
// is not such a summary is refused with one line, as every input of the site is.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { MutationSummary, Survivor, Tally } from '../mutation/summary.ts';
import { SiteInputError } from './inputs.ts';

export interface SiteMutation {
  /** The areas mutated and the backend the scenarios ran on. */
  areas: string[];
  backend: string;
  ids: Record<string, Tally>;
  survivors: Survivor[];
  /** Stryker's HTML report beside the summary, when there is one (copied into the site). */
  html?: string;
}

export function readMutation(file: string): SiteMutation {
  let json: Partial<MutationSummary & { run: { areas?: string[]; backend?: string } }>;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code ?? 'not JSON';
    throw new SiteInputError(`${file}: cannot be read as a mutation summary (${why})`);
  }
  if (typeof json?.ids !== 'object' || json.ids === null || !Array.isArray(json.survivors) || !Array.isArray(json.run?.areas))
    throw new SiteInputError(`${file}: not a summary.json of npm run mutation (no run.areas, ids and survivors)`);
  const html = join(dirname(file), 'mutation.html');
  return { areas: json.run.areas, backend: json.run.backend ?? 'unknown', ids: json.ids, survivors: json.survivors, ...(existsSync(html) ? { html } : {}) };
}

/** What one rule page shows: the rule's tally and its survivors (a survivor counts for every ID that reached it). */
export function mutationFor(m: SiteMutation, id: string): { tally?: Tally; survivors: Survivor[] } {
  return { ...(m.ids[id] ? { tally: m.ids[id] } : {}), survivors: m.survivors.filter((s) => s.ids.includes(id)) };
}
