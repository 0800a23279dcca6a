// `spotcheck nemesis --impl <impl> --backend <b> --seed <n> --ops <n> --faults <list> --rate <r> --out <dir>`:
// a fault campaign (docs/history.md). nemesisCommand registers it on the kit's commander program
// (`node bin/spotcheck.js nemesis ...`, which registers the adapters first); runAlone is the same
// command on a program of its own, for a process that has registered them (a test).
// Exit status: the checker's verdict (0 valid, 1 invalid, 2 unknown); bad arguments are one line
// and exit 2, as everywhere in the kit.

import { Command } from 'commander';
import { backendNames, UsageError, checkTarget } from '../driver/target.ts';
import { formatReport } from '../checker/print.ts';
import { FAULT_KINDS, allFaults, type FaultKind } from './schedule.ts';
import { AIMED_KINDS } from './aim.ts';
import { runCampaign, type CampaignOptions } from './runner.ts';
import { parseRanges } from './campaign.ts';
import { parseDuration, searchCommand, shrinkAndPrint } from './search-cli.ts';

export interface Opts {
  impl: string;
  backend: string;
  seed?: string;
  swarm?: boolean;
  onlyFaults?: string;
  skipOps?: string;
  shrink?: boolean;
  budget?: string;
  jobs?: string;
  ops: string;
  faults: string;
  rate: string;
  out: string;
  workers: string;
  progress: string;
  callTimeout?: string;
}

export function wholeNumber(name: string, value: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!/^\d+$/.test(value.trim())) throw new UsageError(`--${name} ${value}: needs a whole number`);
  const n = Number(value);
  if (n < min || n > max) throw new UsageError(`--${name} ${value}: needs a whole number from ${min} to ${max}`);
  return n;
}

export function faultList(value: string, backend = 'embedded'): FaultKind[] {
  const v = value.trim();
  if (v === 'all') return allFaults(backend);
  if (v === 'none' || v === '') return [];
  const names = v.split(',').map((s) => s.trim());
  const known: readonly string[] = allFaults(backend);
  const unknown = names.find((n) => !known.includes(n));
  if (unknown !== undefined) throw new UsageError(`--faults: unknown fault "${unknown}" (known${backend === 'sim' ? '' : ` on backend ${backend}`}: ${known.join(', ')}, all, none)`);
  return [...new Set(names)] as FaultKind[];
}

/** The options of one campaign from the command's arguments; a UsageError names the first bad one. */
export function campaignOptions(opts: Opts): CampaignOptions {
  if (!backendNames().includes(opts.backend)) throw new UsageError(`unknown backend "${opts.backend}" (known: ${backendNames().join(', ')})`);
  checkTarget({ impl: opts.impl, backend: opts.backend });
  const rate = Number(opts.rate);
  if (opts.seed === undefined) throw new UsageError('--seed is needed (with --budget it is the first seed, default 1)');
  if ((opts.swarm || opts.onlyFaults !== undefined || opts.skipOps !== undefined || opts.shrink) && opts.backend !== 'sim') throw new UsageError('--swarm, --only-faults, --skip-ops and --shrink need --backend sim (a run replays exactly only in a simulated world)');
  const onlyFaults = opts.onlyFaults === undefined ? undefined : (opts.onlyFaults.trim() === 'none' ? [] : parseRanges(opts.onlyFaults));
  const skipOps = opts.skipOps === undefined ? undefined : parseRanges(opts.skipOps);
  if (onlyFaults === undefined && opts.onlyFaults !== undefined) throw new UsageError(`--only-faults ${opts.onlyFaults}: needs positions in the seed's fault schedule, e.g. 0,3-5 (or none)`);
  if (skipOps === undefined && opts.skipOps !== undefined) throw new UsageError(`--skip-ops ${opts.skipOps}: needs operation indexes, e.g. 0-17,19`);
  if (opts.rate.trim() === '' || !Number.isFinite(rate) || rate < 0 || rate > 1) throw new UsageError(`--rate ${opts.rate}: needs a fault probability per operation from 0 to 1`);
  return {
    impl: opts.impl,
    backend: opts.backend,
    seed: wholeNumber('seed', opts.seed, 0, 0xffffffff),
    ops: wholeNumber('ops', opts.ops, 1, 10_000_000),
    faults: faultList(opts.faults, opts.backend),
    rate,
    out: opts.out,
    workers: wholeNumber('workers', opts.workers, 1, 64),
    ...(opts.swarm ? { swarm: true } : {}),
    ...(onlyFaults ? { onlyFaults } : {}),
    ...(skipOps ? { skipOps } : {}),
    progressMs: wholeNumber('progress', opts.progress, 100),
    ...(opts.callTimeout !== undefined ? { callTimeoutMs: wholeNumber('call-timeout', opts.callTimeout, 1) } : {}),
  };
}

/**
 * Registers `nemesis` on the program. The exit status is the verdict's; it goes to `setExit`
 * (default: process.exitCode). The kit's main returns its own `code` and bin/spotcheck.js assigns
 * it to process.exitCode, so main passes `(c) => (code = c)` for the verdict to survive.
 */
export function nemesisCommand(program: Command, setExit: (code: number) => void = (code) => (process.exitCode = code)): Command {
  return program
    .command('nemesis')
    .description('a randomized fault campaign from one seed: a concurrent workload with faults, its history, and the checker\'s verdict (exit 0 valid, 1 invalid, 2 unknown)')
    .requiredOption('--impl <impl>', 'reference, mutant:<name> or exec:<command>')
    .option('--backend <b>', `backend (${backendNames().join(', ')})`, 'embedded')
    .option('--seed <n>', 'the seed of the workload and the fault schedule (replays the run); with --budget the first seed (default 1)')
    .option('--ops <n>', 'client operations of the workload', '1000')
    .option('--faults <list>', `comma-separated faults (${FAULT_KINDS.join(', ')}; on backend sim also ${AIMED_KINDS.join(', ')}), all or none`, 'all')
    .option('--rate <r>', 'probability of a fault after each operation (0 to 1)', '0.02')
    .option('--out <dir>', 'folder for history.jsonl', 'nemesis-out')
    .option('--workers <n>', 'concurrent clients of the workload', '4')
    .option('--progress <ms>', 'milliseconds between progress lines', '3000')
    .option('--call-timeout <ms>', 'exec: implementations: deadline of every call over the wire')
    .option('--swarm', 'backend sim: the seed also draws the mix of faults and operations, the rate, the workers and the latencies')
    .option('--only-faults <list>', "backend sim: keep only these of the seed's faults (positions in its schedule, e.g. 0,3-5; none)")
    .option('--skip-ops <list>', "backend sim: pass over these operations of the seed's workload (e.g. 0-17,19)")
    .option('--shrink', 'backend sim: when the run is invalid, shrink it to the fewest operations and faults that still break the same invariant')
    .option('--budget <duration>', 'backend sim: search seeds from --seed on (each its own swarm) for this long, e.g. 60s, in parallel workers')
    .option('--jobs <n>', 'with --budget: worker processes (default: one per core)')
    .action(async (opts: Opts) => {
      if (opts.budget !== undefined) {
        if (opts.backend !== 'sim') throw new UsageError('--budget searches seeds in a simulated world: it needs --backend sim');
        const budgetMs = parseDuration(opts.budget);
        if (budgetMs === undefined || budgetMs <= 0) throw new UsageError(`--budget ${opts.budget}: needs a duration, e.g. 60s, 2m or 500ms`);
        const jobs = opts.jobs === undefined ? undefined : wholeNumber('jobs', opts.jobs, 1, 64);
        return setExit(await searchCommand(campaignOptions({ ...opts, seed: opts.seed ?? '1' }), budgetMs, jobs));
      }
      const options = campaignOptions(opts);
      const r = await runCampaign(options);
      const out: string[] = [];
      out.push(`nemesis: ${r.ops.done} ops + ${r.ops.quiet} quiet (${r.ops.ok} ok, ${r.ops.fail} fail, ${r.ops.info} info${r.ops.skipped ? `, ${r.ops.skipped} not supported` : ''}), ${r.faults.applied} faults (${r.faults.restarts} restarts, ${r.faults.errors} errors), ${r.journalEntries} journal entries, ${r.storeReads} Store reads in ${(r.runMs / 1000).toFixed(1)} s (${(r.ops.done / (r.runMs / 1000)).toFixed(0)} ops/s); checked in ${r.checkMs.toFixed(0)} ms`);
      if (r.world) out.push(`nemesis: simulated world: ${(r.world.virtualMs / 1000).toFixed(1)} s of virtual time, ${r.world.events} events (${(r.world.events / Math.max(1, r.ops.done + r.ops.quiet)).toFixed(0)} per operation)`);
      if (r.unhandledRejections.length > 0) {
        out.push(`nemesis: the runtime left ${r.unhandledRejections.length} promise rejection(s) unhandled (no invariant of the history, but a fault of the runtime); first: ${r.unhandledRejections[0]}`);
      }
      out.push(formatReport(r.report, r.historyPath));
      if (r.report.verdict === 'invalid' && !r.report.header?.command) out.push(`replay: ${r.command}`);
      process.stdout.write(out.join('\n') + '\n');
      if (r.report.verdict === 'invalid' && opts.shrink) await shrinkAndPrint(options, r.report);
      setExit(r.exitStatus);
    });
}

/** The command on a program of its own, in a process that has registered the adapters. */
export async function runAlone(argv: string[]): Promise<number> {
  const program = new Command('spotcheck').exitOverride().configureOutput({ writeErr: () => {} });
  nemesisCommand(program);
  try {
    await program.parseAsync(['nemesis', ...argv], { from: 'user' });
    return Number(process.exitCode ?? 0);
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'commander.helpDisplayed' || code === 'commander.help' || code === 'commander.version') return 0;
    const message = (e as Error).message.replace(/^error: /, '').split('\n')[0];
    process.stderr.write(`spotcheck: ${e instanceof UsageError || code?.startsWith('commander.') ? '' : 'internal error: '}${message}\n`);
    return 2;
  }
}
