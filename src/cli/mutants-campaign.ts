// `spotcheck mutants --campaign 60s [--ops n] [--jobs n] [--only names]`: the fault campaign alone
// against every mutant, on the simulated backend (src/cli/mutants-campaign-runner.ts). Each mutant's line
// says whether the campaign killed it, in how long, with which seed and rule; mutants.json gets a
// `campaign` column (merged into the one already in --out, if any, so the suite's columns stay).

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../driver/target.ts';
import { parseDuration } from '../nemesis/search-cli.ts';
import { campaignMutants, type CampaignMutantResult } from './mutants-campaign-runner.ts';
import { publishReports } from '../run/suite.ts';
import { ensureOutDir } from './out-dir.ts';
import type { Progress } from './progress.ts';

export async function mutantsCampaignCommand(opts: { campaign: string; backend: string; only?: string[]; out: string; ops?: number; jobs?: number }, progress: Progress): Promise<number> {
  if (opts.backend !== 'sim') throw new UsageError('--campaign runs the fault campaign in a simulated world: it needs --backend sim');
  const budgetMs = parseDuration(opts.campaign);
  if (budgetMs === undefined || budgetMs <= 0) throw new UsageError(`--campaign ${opts.campaign}: needs a duration per mutant, e.g. 60s`);
  ensureOutDir(opts.out);
  const started = Date.now();
  const { mutants: results, controlFailures } = await campaignMutants({
    budgetMs, ops: opts.ops ?? 1000, jobs: opts.jobs, only: opts.only, out: opts.out,
    onMutant: (r, done, total) => progress.line(line(r, done, total)),
    onControlFailure: (f) => progress.line(`control: the reference is invalid at seed ${f.seed} (${f.problem}); no kill on that seed counts${f.replay ? `; replay: ${f.replay}` : ''}`),
  });
  publishReports(undefined, opts.out, { 'mutants.json': merged(join(opts.out, 'mutants.json'), results) });
  const killed = results.filter((r) => r.campaign.killed);
  const onRules = killed.filter((r) => r.campaign.onItsRules);
  progress.line(`campaign: ${killed.length} of ${results.length} mutants killed (${pct(killed.length, results.length)}), ${onRules.length} on a rule they break, ${budgetMs / 1000} s each at most (${((Date.now() - started) / 1000).toFixed(1)} s); ${join(opts.out, 'mutants.json')}`);
  // The reference failing its own campaign is the kit's defect (a reference bug or a checker false
  // alarm): the figures above stand, but the command fails so that it is not read as power.
  if (controlFailures.length) {
    progress.line(`campaign: the reference itself was invalid on ${controlFailures.length} seed${controlFailures.length > 1 ? 's' : ''} (${controlFailures.map((f) => f.seed).join(', ')}): a bug of the reference or of the checker`);
    return 1;
  }
  return 0;
}

function pct(n: number, of: number): string {
  return `${of ? Math.round((100 * n) / of) : 0}%`;
}

function line(r: CampaignMutantResult, done: number, total: number): string {
  const c = r.campaign;
  return c.killed
    ? `[${done}/${total}] killed   ${r.name} in ${c.seconds} s, seed ${c.seed} (${c.seeds} seeds): ${c.invariant} [${c.rules!.join(', ')}]${c.onItsRules ? '' : `, not a rule of ${r.breaks.join(', ')}`}`
    : `[${done}/${total}] missed   ${r.name} (${c.seeds} seeds, ${c.ops} operations in ${c.seconds} s)`;
}

/** The campaign column added to the mutants.json already in the folder (by name), or a file of its own. */
function merged(path: string, results: CampaignMutantResult[]): unknown[] {
  if (!existsSync(path)) return results;
  try {
    const earlier = JSON.parse(readFileSync(path, 'utf8')) as Array<{ name: string }>;
    const byName = new Map(results.map((r) => [r.name, r.campaign]));
    const names = new Set(earlier.map((e) => e.name));
    return [...earlier.map((e) => (byName.has(e.name) ? { ...e, campaign: byName.get(e.name) } : e)), ...results.filter((r) => !names.has(r.name))];
  } catch {
    return results;
  }
}
