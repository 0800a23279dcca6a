// `spotcheck mutants`: the suite against every mutant of the reference, each caught under the strict rule.

import { availableParallelism } from 'node:os';
import { Command } from 'commander';
import { join } from 'node:path';
import { backendNames, UsageError } from '../driver/target.ts';
import { runMutants } from '../run/mutants.ts';
import { referenceMutants, servedMutant } from '../../adapters/embedded.ts';
import { mutantsCampaignCommand } from './mutants-campaign.ts';
import { Progress } from './progress.ts';
import { Suite, publishReports } from '../run/suite.ts';
import { DEFAULT_CALL_TIMEOUT_MS } from '../../adapters/records.ts';
import { ensureOutDir } from './out-dir.ts';
import { nonNegativeInt, positiveInt, withBackend } from './common.ts';

/**
 * Mutants run at once. On the process backend every worker starts node processes of its own, and
 * more workers than cores starve them: with 2 mutants of 2 workers each on 2 cores, three nodes
 * took up to 8 s to be ready and scenarios failed on their first step, not on a rule.
 */
function defaultMutantConcurrency(backend: string, parallel: number): number {
  // In this process (parallel 0) one run at a time: the kit's clock is one per process (a simulated world's).
  if (parallel === 0) return 1;
  if (backend !== 'process') return 2;
  return Math.max(1, Math.floor(availableParallelism() / Math.max(1, parallel)));
}

/**
 * Workers per mutant when --parallel is not given: 2, or on the simulated backend none (all in this
 * process): its scenarios take milliseconds, a worker process a second to start.
 */
function defaultMutantParallel(backend: string): number {
  return backend === 'sim' ? 0 : 2;
}

async function mutantsCommand(opts: { backend: string; only?: string; out: string; list?: boolean; parallel?: number; wire?: boolean; concurrency?: number; callTimeout: number; campaign?: string; ops?: number; jobs?: number }): Promise<number> {
  if (opts.wire && opts.backend !== 'embedded') throw new UsageError(`--wire serves each mutant as a runtime of its own; --backend ${opts.backend} cannot be used with it`);
  const mutants = referenceMutants();
  const names: string[] = mutants.map((m) => m.name);
  if (opts.list) {
    for (const name of names) process.stdout.write(`${name}\n`);
    return 0;
  }
  const only = opts.only?.split(',').map((s) => s.trim());
  const unknown = only?.filter((n) => !names.includes(n)) ?? [];
  if (unknown.length > 0) throw new UsageError(`unknown mutant "${unknown[0]}" (see: spotcheck mutants --list)`);
  if (!backendNames().includes(opts.backend)) throw new UsageError(`unknown backend "${opts.backend}" (known: ${backendNames().join(', ')})`);
  if (opts.campaign !== undefined) return mutantsCampaignCommand({ ...opts, campaign: opts.campaign, only }, new Progress(process.stdout));
  const parallel = opts.parallel ?? defaultMutantParallel(opts.backend);
  if (parallel === 0 && (opts.concurrency ?? 1) > 1) throw new UsageError('--concurrency above 1 needs workers (--parallel 1 or more): runs in this process go one at a time');
  ensureOutDir(opts.out);
  const progress = new Progress(process.stdout);
  const suite = await Suite.load();
  const started = Date.now();
  const results = await withBackend({ impl: 'reference', backend: opts.backend }, progress, (servers) => runMutants(suite, {
    backend: opts.backend,
    ...servers,
    only,
    parallel,
    concurrency: opts.concurrency ?? defaultMutantConcurrency(opts.backend, parallel),
    mutants,
    ...(opts.wire ? { serve: servedMutant } : {}),
    callTimeoutMs: opts.callTimeout,
    onMutant: (r, done, total) =>
      progress.line(r.notExpressible ? `[${done}/${total}] NOT RUN  ${r.name} (breaks ${r.breaks.join(', ')}): no form on backend ${opts.backend}: ${r.notExpressible}` :
        `[${done}/${total}] ${r.killed ? 'killed  ' : 'SURVIVED'} ${r.name} (breaks ${r.breaks.join(', ')}; ` +
          (r.kills.length ? `seen: ${r.kills.map((k) => `${k.broke} by ${k.uri}:${k.stepLine} "${k.step}"`).join('; ')}` : 'no assertion of its rules saw it') +
          (r.killed || r.notCounted.length === 0 ? ')' : `; ${r.notCounted.length} scenario(s) failed without an assertion, e.g. ${r.notCounted[0].failure.kind}: ${r.notCounted[0].failure.message})`),
      ),
  }));
  publishReports(undefined, opts.out, { 'mutants.json': results });
  const notRun = results.filter((r) => r.notExpressible);
  const survivors = results.filter((r) => !r.killed && !r.notExpressible);
  const notRunText = notRun.length ? `, ${notRun.length} with no form on backend ${opts.backend} (${notRun.map((r) => r.name).join(', ')})` : '';
  progress.line(`${results.length - survivors.length - notRun.length} killed, ${survivors.length} survived${notRunText} (${((Date.now() - started) / 1000).toFixed(1)} s); ${join(opts.out, 'mutants.json')}`);
  return survivors.length > 0 ? 1 : 0;
}

/** `mutants`. */
export function mutantsCommandOf(program: Command, setCode: (code: number) => void): void {
  program
    .command('mutants')
    .description('run the suite against every mutant of the reference and check each one is caught')
    .option('--backend <name>', 'backend', 'embedded')
    .option('--only <names>', 'comma-separated mutant names')
    .option('--parallel <n>', "each mutant's scenarios run this many at once, each in a worker process (0: all in this process; default 2, on the sim backend 0)", nonNegativeInt)
    .option('--out <dir>', 'folder for mutants.json', 'reports')
    .option('--concurrency <n>', 'mutants run at once (default 2; on the process backend, as many as leave one worker per core)', positiveInt)
    .option('--wire', 'serve each mutant over the wire protocol (JSON-RPC over stdio), as a runtime in another process')
    .option('--call-timeout <ms>', 'with --wire: a call without an answer this long ends the run (exit 2)', positiveInt, DEFAULT_CALL_TIMEOUT_MS)
    .option('--list', 'list the mutants and exit')
    .option('--campaign <duration>', 'backend sim: no scenarios; the fault campaign alone against each mutant (seeds 1, 2, ... each its own swarm) for at most this long, e.g. 60s')
    .option('--ops <n>', 'with --campaign: operations of each seed (default 1000)', positiveInt)
    .option('--jobs <n>', 'with --campaign: worker processes, all on one mutant at a time (default: one per core)', positiveInt)
    .action(async (opts) => {
      setCode(await mutantsCommand(opts));
    });
}
