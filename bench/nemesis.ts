// The fault campaign's power, measured (issue 11 item 3), not asserted:
//   - every mutant of the reference (impl-reference/mutants/list/) against one campaign of a fixed
//     small budget (same seed, operations, faults and rate for all), no feature involved: which it
//     catches (exit 1, with the invariants that saw it), which it misses (exit 0), and which it
//     cannot judge (exit 2);
//   - the reference for at least 10,000 operations on the embedded backend, on Redis and on the
//     process backend (SPOTCHECK_REDIS_VIA=binary and SPOTCHECK_NATS_VIA=binary start servers of
//     its own): its verdicts, operations per second, and checker time per 10,000 operations.
// Each campaign runs as a child process (`bin/spotcheck.js nemesis`), so a mutant that wedges or leaves
// timers behind cannot touch the next one; a campaign over its time limit is killed and counted as
// not judged. `node --import tsx bench/nemesis.ts [--mutants-only | --reference-only] [--parallel n]` prints the
// figures on its own; the lead wires benchNemesis() into bench/bench.ts.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { referenceMutants } from '../adapters/embedded.ts';
import '../src/cli/adapters.ts'; // registers the adapters (src/driver/target.ts)

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const CLI = join(ROOT, 'bin/spotcheck.js');

export interface CampaignBudget {
  seed: number;
  ops: number;
  faults: string;
  rate: number;
}

/** The budget every mutant gets. */
export const MUTANT_BUDGET: CampaignBudget = { seed: 1, ops: 300, faults: 'all', rate: 0.08 };
/** The reference's long runs. */
export const REFERENCE_BUDGET: CampaignBudget = { seed: 1, ops: 10_000, faults: 'all', rate: 0.01 };

export interface CampaignRun {
  impl: string;
  backend: string;
  /** 0 valid, 1 invalid, 2 unknown, null when killed at its time limit. */
  exit: number | null;
  /** Invariants of the violations found (first line of each). */
  invariants: string[];
  /** The summary line: operations, faults, ops/s, checker time. */
  summary: string;
  opsPerSecond?: number;
  checkMs?: number;
  ops?: number;
  ms: number;
  tail: string;
  /** The history, kept when the run was not valid. */
  history?: string;
}

export interface NemesisFigures {
  budget: CampaignBudget;
  mutants: CampaignRun[];
  caught: string[];
  missed: string[];
  notJudged: string[];
  reference: CampaignRun[];
}

/** Campaigns running now, by process group: stopped with the bench when it is interrupted. */
const running = new Set<number>();
let stopOnSignal = false;
function stopRunningOnSignal(): void {
  if (stopOnSignal) return;
  stopOnSignal = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const pid of running) {
        try {
          process.kill(-pid, 'SIGTERM');
        } catch {
          /* already gone */
        }
      }
      process.kill(process.pid, signal);
    });
  }
}

function runCampaignProcess(impl: string, backend: string, b: CampaignBudget, limitMs: number, env: NodeJS.ProcessEnv = {}): Promise<CampaignRun> {
  const out = mkdtempSync(join(tmpdir(), 'spotcheck-nemesis-'));
  const args = [CLI, 'nemesis', '--impl', impl, '--backend', backend, '--seed', String(b.seed), '--ops', String(b.ops), '--faults', b.faults, '--rate', String(b.rate), '--out', out, '--progress', '10000'];
  const started = Date.now();
  return new Promise((done) => {
    stopRunningOnSignal();
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    running.add(child.pid!);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      // Its own process group: the campaign and any server it started.
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }, limitMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      running.delete(child.pid!);
      // A valid run's history is dropped; any other is kept for its reader.
      if (code === 0) rmSync(out, { recursive: true, force: true });
      const summary = stdout.split('\n').find((l) => /^nemesis: \d+ ops/.test(l)) ?? '';
      const m = /\((\d+) ops\/s\); checked in (\d+) ms/.exec(summary);
      const ops = /^nemesis: (\d+) ops/.exec(summary);
      done({
        impl, backend, exit: killed ? null : code,
        invariants: [...new Set([...stdout.matchAll(/^violation \d+: ([a-z-]+)/gm)].map((x) => x[1]))],
        summary, ms: Date.now() - started,
        ...(code !== 0 ? { history: join(out, 'history.jsonl') } : {}),
        ...(m ? { opsPerSecond: Number(m[1]), checkMs: Number(m[2]) } : {}),
        ...(ops ? { ops: Number(ops[1]) } : {}),
        tail: (stderr.trim().split('\n').filter((l) => !/^nemesis: \d+\//.test(l)).slice(-2).join(' | ') || stdout.trim().split('\n').slice(-1)[0] || '').slice(0, 300),
      });
    });
  });
}

async function pool<T, R>(items: T[], width: number, fn: (t: T) => Promise<R>, each?: (r: R, i: number) => void): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let finished = 0;
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
      each?.(results[i], finished++);
    }
  }));
  return results;
}

export interface BenchNemesisOptions {
  mutants?: boolean;
  reference?: boolean;
  /** Mutant campaigns at once (default 4: they mostly wait on deadlines and fault durations). */
  parallel?: number;
  mutantBudget?: CampaignBudget;
  referenceBudget?: CampaignBudget;
  /** Only these mutants (default all). */
  only?: string[];
  line?: (s: string) => void;
}

export async function benchNemesis(o: BenchNemesisOptions = {}): Promise<NemesisFigures> {
  const line = o.line ?? ((s: string) => console.log(s));
  const budget = o.mutantBudget ?? MUTANT_BUDGET;
  const width = o.parallel ?? 4;
  const figures: NemesisFigures = { budget, mutants: [], caught: [], missed: [], notJudged: [], reference: [] };

  if (o.reference !== false) {
    const rb = o.referenceBudget ?? REFERENCE_BUDGET;
    // A 10,000-operation campaign takes minutes; allow an hour before calling it wedged.
    const runs = await Promise.all([
      runCampaignProcess('reference', 'embedded', rb, 3_600_000),
      runCampaignProcess('reference', 'redis', rb, 3_600_000, { SPOTCHECK_REDIS_VIA: process.env.SPOTCHECK_REDIS_VIA || 'binary' }),
    ]);
    // Then with every node an OS process (faults from outside, the Store frozen for everyone), on
    // its own: its timings are the ones a loaded machine would stretch.
    const via = { SPOTCHECK_REDIS_VIA: process.env.SPOTCHECK_REDIS_VIA || 'binary', SPOTCHECK_NATS_VIA: process.env.SPOTCHECK_NATS_VIA || 'binary' };
    runs.push(await runCampaignProcess('reference', 'process', rb, 3_600_000, via));
    figures.reference = runs;
    for (const r of runs) {
      const verdict = r.exit === 0 ? 'valid' : r.exit === 1 ? `INVALID (${r.invariants.join(', ')})` : r.exit === 2 ? 'unknown' : 'killed at its time limit';
      const per10k = r.checkMs !== undefined && r.ops ? (r.checkMs * 10_000) / r.ops : undefined;
      line(`nemesis reference on ${r.backend}: ${r.ops ?? '?'} ops, ${verdict}; ${r.opsPerSecond ?? '?'} ops/s; checker ${per10k !== undefined ? per10k.toFixed(0) : '?'} ms per 10,000 ops (seed ${rb.seed}, --faults ${rb.faults} --rate ${rb.rate}, ${(r.ms / 1000).toFixed(0)} s)`);
      if (r.exit !== 0) line(`  ${r.tail}${r.history ? ` (history: ${r.history})` : ''}`);
    }
  }

  if (o.mutants !== false) {
    const names = referenceMutants().map((m) => m.name).filter((n) => !o.only || o.only.includes(n));
    line(`nemesis against ${names.length} mutants: seed ${budget.seed}, ${budget.ops} ops, --faults ${budget.faults} --rate ${budget.rate}, ${width} at once`);
    figures.mutants = await pool(names, width, (n) => runCampaignProcess(`mutant:${n}`, 'embedded', budget, 300_000), (r, i) => {
      const what = r.exit === 1 ? `caught (${r.invariants.join(', ')})` : r.exit === 0 ? 'missed' : r.exit === 2 ? `not judged: ${r.tail}` : 'killed at its time limit';
      line(`  [${i + 1}/${names.length}] ${r.impl.slice('mutant:'.length)}: ${what}, ${(r.ms / 1000).toFixed(1)} s${r.history ? ` (${r.history})` : ''}`);
    });
    figures.caught = figures.mutants.filter((r) => r.exit === 1).map((r) => r.impl.slice(7));
    figures.missed = figures.mutants.filter((r) => r.exit === 0).map((r) => r.impl.slice(7));
    figures.notJudged = figures.mutants.filter((r) => r.exit !== 0 && r.exit !== 1).map((r) => r.impl.slice(7));
    line(`nemesis caught ${figures.caught.length} of ${names.length} mutants with no feature involved (${figures.missed.length} missed, ${figures.notJudged.length} not judged)`);
    line(`  caught: ${figures.caught.join(', ') || 'none'}`);
    if (figures.notJudged.length) line(`  not judged: ${figures.notJudged.join(', ')}`);
  }
  return figures;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const parallel = args.includes('--parallel') ? Number(args[args.indexOf('--parallel') + 1]) : undefined;
  await benchNemesis({ mutants: !args.includes('--reference-only'), reference: !args.includes('--mutants-only'), ...(parallel ? { parallel } : {}) });
}
