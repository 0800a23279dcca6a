// `spotcheck nemesis --impl <impl> --backend <b> --seed <n> --ops <n> --faults <list> --rate <r> --out <dir>`:
// a fault campaign (docs/history.md). nemesisCommand registers it on the kit's commander program;
// run directly, this file is the same command on its own:
// `node --import tsx src/nemesis/cli.ts --impl reference --backend embedded --seed 1 ...`.
// Exit status: the checker's verdict (0 valid, 1 invalid, 2 unknown); bad arguments are one line
// and exit 2, as everywhere in the kit.

import { Command } from 'commander';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BACKENDS, UsageError, checkTarget } from '../driver/load.ts';
import { formatReport } from '../checker/print.ts';
import { FAULT_KINDS, type FaultKind } from './nemesis.ts';
import { runCampaign, type CampaignOptions } from './runner.ts';

interface Opts {
  impl: string;
  backend: string;
  seed: string;
  ops: string;
  faults: string;
  rate: string;
  out: string;
  workers: string;
  progress: string;
  callTimeout?: string;
}

function wholeNumber(name: string, value: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!/^\d+$/.test(value.trim())) throw new UsageError(`--${name} ${value}: needs a whole number`);
  const n = Number(value);
  if (n < min || n > max) throw new UsageError(`--${name} ${value}: needs a whole number from ${min} to ${max}`);
  return n;
}

export function faultList(value: string): FaultKind[] {
  const v = value.trim();
  if (v === 'all') return [...FAULT_KINDS];
  if (v === 'none' || v === '') return [];
  const names = v.split(',').map((s) => s.trim());
  const unknown = names.find((n) => !(FAULT_KINDS as readonly string[]).includes(n));
  if (unknown !== undefined) throw new UsageError(`--faults: unknown fault "${unknown}" (known: ${FAULT_KINDS.join(', ')}, all, none)`);
  return [...new Set(names)] as FaultKind[];
}

/** The options of one campaign from the command's arguments; a UsageError names the first bad one. */
export function campaignOptions(opts: Opts): CampaignOptions {
  if (!(BACKENDS as readonly string[]).includes(opts.backend)) throw new UsageError(`unknown backend "${opts.backend}" (known: ${BACKENDS.join(', ')})`);
  checkTarget({ impl: opts.impl, backend: opts.backend });
  const rate = Number(opts.rate);
  if (opts.rate.trim() === '' || !Number.isFinite(rate) || rate < 0 || rate > 1) throw new UsageError(`--rate ${opts.rate}: needs a fault probability per operation from 0 to 1`);
  return {
    impl: opts.impl,
    backend: opts.backend,
    seed: wholeNumber('seed', opts.seed, 0, 0xffffffff),
    ops: wholeNumber('ops', opts.ops, 1, 10_000_000),
    faults: faultList(opts.faults),
    rate,
    out: opts.out,
    workers: wholeNumber('workers', opts.workers, 1, 64),
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
    .option('--backend <b>', `backend (${BACKENDS.join(', ')})`, 'embedded')
    .requiredOption('--seed <n>', 'the seed of the workload and the fault schedule (replays the run)')
    .option('--ops <n>', 'client operations of the workload', '1000')
    .option('--faults <list>', `comma-separated faults (${FAULT_KINDS.join(', ')}), all or none`, 'all')
    .option('--rate <r>', 'probability of a fault after each operation (0 to 1)', '0.02')
    .option('--out <dir>', 'folder for history.jsonl', 'nemesis-out')
    .option('--workers <n>', 'concurrent clients of the workload', '4')
    .option('--progress <ms>', 'milliseconds between progress lines', '3000')
    .option('--call-timeout <ms>', 'exec: implementations: deadline of every call over the wire')
    .action(async (opts: Opts) => {
      const options = campaignOptions(opts);
      const r = await runCampaign(options);
      const out: string[] = [];
      out.push(`nemesis: ${r.ops.done} ops + ${r.ops.quiet} quiet (${r.ops.ok} ok, ${r.ops.fail} fail, ${r.ops.info} info${r.ops.skipped ? `, ${r.ops.skipped} not supported` : ''}), ${r.faults.applied} faults (${r.faults.restarts} restarts, ${r.faults.errors} errors), ${r.journalEntries} journal entries, ${r.storeReads} Store reads in ${(r.runMs / 1000).toFixed(1)} s (${(r.ops.done / (r.runMs / 1000)).toFixed(0)} ops/s); checked in ${r.checkMs.toFixed(0)} ms`);
      if (r.unhandledRejections.length > 0) {
        out.push(`nemesis: the runtime left ${r.unhandledRejections.length} promise rejection(s) unhandled (no invariant of the history, but a fault of the runtime); first: ${r.unhandledRejections[0]}`);
      }
      out.push(formatReport(r.report, r.historyPath));
      if (r.report.verdict === 'invalid' && !r.report.header?.command) out.push(`replay: ${r.command}`);
      process.stdout.write(out.join('\n') + '\n');
      setExit(r.exitStatus);
    });
}

/** The command on its own program, for running this file directly. */
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

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await runAlone(process.argv.slice(2));
}
