// The seed search: campaigns of one seed after another (each its own swarm: swarm.ts), in worker
// processes side by side, until a time budget runs out. The simulated world runs at the speed of
// the CPU, so a minute is thousands of seeds' worth of small campaigns, each replayable by its
// seed alone. A seed whose history is invalid keeps its history (the others are deleted) and is
// listed with its replay command; the search can stop at the first (a mutant's kill).

import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { adaptersModule } from '../driver/target.ts';
import { replayCommand, type CampaignOptions, type CampaignResult } from './campaign.ts';

export interface SearchOptions {
  impl: string;
  backend: string;
  /** The first seed; then the next ones, in order. */
  firstSeed: number;
  /** Operations of each seed's campaign. */
  ops: number;
  budgetMs: number;
  /** Worker processes (default: one per core). */
  jobs?: number;
  out: string;
  /** End the search at the first invalid seed (the seeds under way finish). */
  stopAtFirstInvalid?: boolean;
  log?: (line: string) => void;
}

/** What a seed's campaign found, as the search keeps it. */
export interface SeedSummary {
  seed: number;
  verdict: CampaignResult['report']['verdict'];
  ops: number;
  runMs: number;
  violations: Array<{ invariant: string; rules: string[]; message: string }>;
  command: string;
  historyPath: string;
  options: CampaignOptions;
}

export interface SeedJob {
  options: CampaignOptions;
}

export interface SearchResult {
  seeds: SeedSummary[];
  invalid: SeedSummary[];
  unknown: SeedSummary[];
  ops: number;
  wallMs: number;
  errors: string[];
}

export function summarize(options: CampaignOptions, r: CampaignResult): SeedSummary {
  return {
    seed: options.seed,
    verdict: r.report.verdict,
    ops: r.ops.done + r.ops.quiet,
    runMs: r.runMs,
    violations: r.report.violations.map((v) => ({ invariant: v.invariant, rules: v.rules, message: v.message })),
    command: r.command,
    historyPath: r.historyPath,
    options,
  };
}

/** The campaign of one seed of the search: its own swarm, its own folder. */
export function seedOptions(o: SearchOptions, seed: number): CampaignOptions {
  return { impl: o.impl, backend: o.backend, seed, ops: o.ops, faults: [], rate: 0, swarm: true, out: join(o.out, `seed-${seed}`) };
}

const WORKER = fileURLToPath(new URL('./search-worker.ts', import.meta.url));

/** A worker process that runs seeds' campaigns, one at a time (search-worker.ts). */
export class SeedWorker {
  private readonly child: ChildProcess;

  constructor() {
    // The worker opens its Drivers through the adapters this process registered (src/driver/target.ts).
    const adapters = adaptersModule();
    this.child = fork(WORKER, [], { execArgv: ['--import', import.meta.resolve('tsx'), ...(adapters ? ['--import', pathToFileURL(adapters).href] : [])], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  }

  get ended(): boolean {
    return this.child.exitCode !== null || this.child.signalCode !== null;
  }

  run(options: CampaignOptions): Promise<{ ok?: SeedSummary; error?: string }> {
    const w = this.child;
    return new Promise((resolve) => {
      const done = (m: { ok?: SeedSummary; error?: string }) => {
        w.off('exit', died);
        resolve(m);
      };
      const died = (code: number | null) => {
        w.off('message', done);
        resolve({ error: `a search worker ended (exit ${code}) during seed ${options.seed}` });
      };
      w.once('message', done);
      w.once('exit', died);
      w.send({ options } satisfies SeedJob);
    });
  }

  close(): void {
    if (this.child.connected) this.child.disconnect();
  }
}

export async function search(o: SearchOptions): Promise<SearchResult> {
  const started = Date.now();
  const log = o.log ?? (() => {});
  const jobs = Math.max(1, o.jobs ?? availableParallelism());
  const seeds: SeedSummary[] = [];
  const errors: string[] = [];
  let next = o.firstSeed;
  let stop = false;
  const workers: SeedWorker[] = [];
  const lane = async () => {
    const w = new SeedWorker();
    workers.push(w);
    while (!stop && Date.now() - started < o.budgetMs) {
      const seed = next++;
      const r = await w.run(seedOptions(o, seed));
      if (r.error) {
        errors.push(r.error);
        if (w.ended) return;
        continue;
      }
      const s = r.ok!;
      seeds.push(s);
      if (s.verdict !== 'valid') log(`search: seed ${s.seed} ${s.verdict}: ${s.violations[0] ? `${s.violations[0].invariant} [${s.violations[0].rules.join(', ')}]` : 'gaps'}`);
      if (s.verdict === 'invalid' && o.stopAtFirstInvalid) stop = true;
    }
  };
  try {
    await Promise.all(Array.from({ length: jobs }, lane));
  } finally {
    for (const w of workers) w.close();
  }
  seeds.sort((a, b) => a.seed - b.seed);
  return {
    seeds,
    invalid: seeds.filter((s) => s.verdict === 'invalid'),
    unknown: seeds.filter((s) => s.verdict === 'unknown'),
    ops: seeds.reduce((n, s) => n + s.ops, 0),
    wallMs: Date.now() - started,
    errors,
  };
}

export { replayCommand };
