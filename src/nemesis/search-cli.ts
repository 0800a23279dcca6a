// What `spotcheck nemesis` prints for a seed search (--budget) and for a shrunk run (--shrink):
// the search's figures (seeds, operations, operations per second of wall time), every seed that
// failed with its replay command, and for the first the shrunk run: its operations and faults,
// the rules it breaks, the checker's report and the command that replays it.

import { join } from 'node:path';
import type { Report } from '../checker/check.ts';
import { formatReport } from '../checker/print.ts';
import type { CampaignOptions } from './campaign.ts';
import { runCampaign } from './runner.ts';
import { search } from './search.ts';
import { brokenInvariants, sequence, shrink } from './shrink.ts';
import { describeSwarm, swarm } from './swarm.ts';

/** `60s`, `2m`, `500ms`, `90` (seconds) in ms; undefined when malformed. */
export function parseDuration(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|min)?\s*$/.exec(text);
  if (!m) return undefined;
  const n = Number(m[1]);
  return Math.round(m[2] === 'ms' ? n : m[2] === 'm' || m[2] === 'min' ? n * 60_000 : n * 1000);
}

const say = (line: string) => process.stdout.write(`${line}\n`);

/** `--budget`: seeds from `first.seed` on, each its own swarm, in `jobs` workers, for `budgetMs`. */
export async function searchCommand(first: CampaignOptions, budgetMs: number, jobs: number | undefined): Promise<number> {
  const r = await search({ impl: first.impl, backend: first.backend, firstSeed: first.seed, ops: first.ops, budgetMs, jobs, out: first.out, log: (l) => process.stderr.write(`${l}\n`) });
  say(`search: ${r.seeds.length} seeds (${first.seed}..${first.seed + r.seeds.length - 1}) of ${first.ops} operations each, ${r.ops} operations in ${(r.wallMs / 1000).toFixed(1)} s: ${Math.round(r.ops / (r.wallMs / 1000))} ops/s; ${r.invalid.length} invalid, ${r.unknown.length} unknown`);
  for (const e of r.errors) say(`search: ${e}`);
  for (const s of [...r.invalid, ...r.unknown]) {
    say(`seed ${s.seed}: ${s.verdict}${s.violations.length ? `: ${s.violations[0].invariant} [${s.violations[0].rules.join(', ')}]: ${s.violations[0].message}` : ''}`);
    say(`  replay: ${s.command}`);
  }
  const firstInvalid = r.invalid[0];
  if (firstInvalid) {
    const report = (await runCampaign({ ...firstInvalid.options, log: () => {} })).report;
    await shrinkAndPrint(firstInvalid.options, report);
  }
  return r.invalid.length ? 1 : r.unknown.length || r.errors.length ? 2 : 0;
}

/** Shrink a failing run and print what is left of it, its rules, its report and its replay command. */
export async function shrinkAndPrint(failing: CampaignOptions, report: Report): Promise<void> {
  const invariants = brokenInvariants(report);
  const s = await shrink({ ...failing, out: join(failing.out, 'shrunk') }, invariants, (o) => runCampaign({ ...o, log: () => {} }), { log: (l) => process.stderr.write(`${l}\n`) });
  const rules = [...new Set(s.result.report.violations.flatMap((v) => v.rules))];
  say(`shrunk: seed ${failing.seed} in ${s.runs} runs to ${s.options.ops - (s.options.skipOps?.length ?? 0)} operation(s) and ${s.options.onlyFaults?.length ?? 0} fault(s); breaks ${rules.join(', ')}`);
  if (failing.swarm) say(`  swarm: ${describeSwarm(swarm(failing.seed, failing.backend))}`);
  for (const line of sequence(s.options)) say(line);
  say(formatReport(s.result.report, s.result.historyPath));
  // The report prints the replay command of its history's header; say it only when it has none.
  if (!s.result.report.header?.command) say(`replay: ${s.result.command}`);
}
