// The simulated backend's figures for `npm run bench` (docs/simulation.md), measured, not asserted:
//   - the whole suite on sim (wall), and whether any scenario changes result under --repeat with
//     two busy loops on the machine (virtual time makes load irrelevant there);
//   - every mutant on sim (wall, killed);
//   - the reference campaign: a seed search under a budget, operations per second of wall time;
//   - the campaign alone against every mutant: the kill rate within a budget per mutant
//     (SPOTCHECK_BENCH_CAMPAIGN, default 10s: 60s, the figure, takes the better part of an hour).
// `node --import tsx bench/sim.ts [--campaign-only]` prints them alone.

import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Suite, defaultParallel } from '../src/run/suite.ts';
import { runMutants } from '../src/run/mutants.ts';
import { referenceMutants } from '../adapters/embedded.ts';
import { search } from '../src/nemesis/search.ts';
import { parseDuration } from '../src/nemesis/search-cli.ts';
import { campaignMutants } from '../src/cli/mutants-campaign-runner.ts';
import '../src/cli/adapters.ts'; // registers the adapters (src/driver/target.ts)

type Line = (what: string, figure: string) => void;

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Two processes spinning on the CPU, for as long as fn runs. */
async function withBusyLoops<T>(fn: () => Promise<T>): Promise<T> {
  const loops: ChildProcess[] = [0, 1].map(() => fork('-e', ['for(;;);'], { execArgv: [], stdio: 'ignore' }));
  try {
    return await fn();
  } finally {
    for (const l of loops) l.kill('SIGKILL');
  }
}

export async function simFigures(line: Line, opts: { campaignOnly?: boolean } = {}): Promise<void> {
  const suite = await Suite.load();
  const target = { impl: 'reference', backend: 'sim', seed: 1 };
  if (!opts.campaignOnly) {
    const parallel = defaultParallel('sim');
    let t = Date.now();
    const run = await suite.run({ target, parallel });
    line(`suite, sim, --parallel ${parallel} (wall)`, `${s(Date.now() - t)} for ${run.results.length} scenarios (${run.results.filter((r) => r.status !== 'passed').length} not passed)`);
    t = Date.now();
    const alone = await suite.run({ target, parallel: 0 });
    line('suite, sim, in this process (wall)', `${s(Date.now() - t)} (${alone.results.filter((r) => r.status !== 'passed').length} not passed)`);
    t = Date.now();
    const statuses = new Map<string, Set<string>>();
    await withBusyLoops(async () => {
      for (let i = 0; i < 20; i++) {
        for (const r of (await suite.run({ target, parallel })).results) {
          const k = `${r.uri}:${r.line}`;
          statuses.set(k, (statuses.get(k) ?? new Set()).add(r.status));
        }
      }
    });
    const changed = [...statuses.values()].filter((v) => v.size > 1).length;
    line('suite, sim, 20 runs beside two busy loops', `${changed} of ${statuses.size} scenarios changed result (${s(Date.now() - t)})`);
    t = Date.now();
    const mutants = await runMutants(suite, { backend: 'sim', mutants: referenceMutants(), parallel: 0, concurrency: 1 });
    line('mutants, sim, in this process (wall)', `${s(Date.now() - t)}: ${mutants.filter((m) => m.killed).length} of ${mutants.length} killed`);
  }
  const out = mkdtempSync(join(tmpdir(), 'spotcheck-bench-sim-'));
  try {
    const r = await search({ impl: 'reference', backend: 'sim', firstSeed: 1, ops: 3000, budgetMs: 60_000, out });
    line('reference campaign, sim, 60 s search of 3,000-op seeds', `${r.ops.toLocaleString('en')} ops in ${r.seeds.length} seeds, ${Math.round(r.ops / (r.wallMs / 1000)).toLocaleString('en')} ops/s; ${r.invalid.length} invalid, ${r.unknown.length} unknown`);
    const budget = process.env.SPOTCHECK_BENCH_CAMPAIGN ?? '10s';
    const budgetMs = parseDuration(budget) ?? 10_000;
    const t = Date.now();
    const { mutants: results, controlFailures } = await campaignMutants({ budgetMs, ops: 1000, out });
    if (controlFailures.length) line('  seeds the reference itself failed (kills on them not counted)', controlFailures.map((f) => `${f.seed}: ${f.problem.split(':')[0]}`).join('; '));
    const killed = results.filter((m) => m.campaign.killed);
    line(`campaign alone vs every mutant, ${budget} each (kill rate)`, `${killed.length} of ${results.length} (${Math.round((100 * killed.length) / results.length)}%), ${killed.filter((m) => m.campaign.onItsRules).length} on a rule they break (${s(Date.now() - t)})`);
    const v01 = results.find((m) => m.name === 'reselect-after-acceptance')?.campaign;
    if (v01) line('  reselect-after-acceptance (the basic V01 bug)', v01.killed ? `killed in ${v01.seconds} s, seed ${v01.seed}` : `missed in ${v01.seconds} s`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('bench/sim.ts')) {
  const line: Line = (what, figure) => console.log(`${what.padEnd(58)} ${figure}`);
  simFigures(line, { campaignOnly: process.argv.includes('--campaign-only') }).catch((e) => {
    console.error(`bench: ${(e as Error).message.split('\n')[0]}`);
    process.exitCode = 1;
  });
}
