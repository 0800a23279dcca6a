// One campaign's options and what they name: its schedule (the workload and the faults, pure
// functions of the options), the world it runs in, and the command that runs it again. With
// `swarm`, the seed also draws the mix of faults and operations (swarm.ts). A shrunk run
// (shrink.ts) keeps only some of the seed's faults (`onlyFaults`) and passes over some of its
// operations (`skipOps`): the rest of the schedule stays where the seed put it.

import type { Report } from '../checker/check.ts';
import type { Latency, TimingsName } from '../driver/target.ts';
import type { NemesisCounts } from './nemesis.ts';
import { planFaults, type FaultKind, type FaultStep } from './schedule.ts';
import { swarm } from './swarm.ts';
import { planWorkload, type OpStep } from './workload.ts';

export interface CampaignOptions {
  impl: string;
  backend: string;
  seed: number;
  ops: number;
  faults: FaultKind[];
  /** Probability of a fault after each operation. */
  rate: number;
  out: string;
  /** Concurrent logical clients (default 4). */
  workers?: number;
  /** The seed draws the mix of faults and operations, the rate, the workers and the latencies (swarm.ts). */
  swarm?: boolean;
  /** Keep only these of the seed's faults (their positions in its fault schedule). */
  onlyFaults?: number[];
  /** Pass over these operations of the seed's workload (their indexes). */
  skipOps?: number[];
  /** Milliseconds between progress lines (default 3000). */
  progressMs?: number;
  /** Where progress and messages go (default stderr). */
  log?: (line: string) => void;
  /** exec: implementations: the deadline of every call over the wire. */
  callTimeoutMs?: number;
}

export interface CampaignResult {
  report: Report;
  exitStatus: number;
  historyPath: string;
  command: string;
  /** done: the workload's operations; quiet: the quiet phase's; ok, fail and info count both. */
  ops: { done: number; quiet: number; ok: number; fail: number; info: number; skipped: number };
  faults: NemesisCounts;
  journalEntries: number;
  storeReads: number;
  /** Workload and quiet phase, from the first operation to the journal read. */
  runMs: number;
  checkMs: number;
  /** On the simulated backend: virtual time the run took, and the events the world ran. */
  world?: { virtualMs: number; events: number };
  /** Promise rejections the (in-process) runtime left unhandled: no history violation, but a runtime fault. */
  unhandledRejections: string[];
}

export const DEFAULT_WORKERS = 4;

/** An operation of the schedule; a shrunk run passes over some (they still count as started, so faults keep their places). */
export type PlannedOp = OpStep & { skip?: boolean };

type PlanInput = Pick<CampaignOptions, 'seed' | 'ops' | 'faults' | 'rate' | 'workers' | 'swarm' | 'onlyFaults' | 'skipOps' | 'backend'>;

/** The schedule a seed names: the workload and the faults, both pure functions of the options. */
export function planCampaign(o: Omit<PlanInput, 'backend'> & { backend?: string }): { ops: PlannedOp[]; faults: FaultStep[] } {
  const s = o.swarm ? swarm(o.seed, o.backend ?? 'sim') : undefined;
  const ops = planWorkload({ seed: o.seed, ops: o.ops, workers: s?.workers ?? o.workers ?? DEFAULT_WORKERS, ...(s ? { mix: s.mix, failShare: s.failShare, blockShare: s.blockShare, unknownRidShare: s.unknownRidShare } : {}) });
  const faults = planFaults({ seed: o.seed, ops: o.ops, kinds: s?.faults ?? o.faults, rate: s?.rate ?? o.rate });
  const skip = new Set(o.skipOps ?? []);
  return {
    ops: ops.map((step) => (skip.has(step.index) ? { ...step, skip: true } : step)),
    faults: o.onlyFaults ? faults.filter((_, i) => o.onlyFaults!.includes(i)) : faults,
  };
}

/** The simulated world a run asks for (swarm only; else the world's defaults): latencies and the nodes' timings. */
export function worldOf(o: Pick<CampaignOptions, 'seed' | 'swarm' | 'backend'>): { latency: { network: Latency; store: Latency }; timings: TimingsName } | undefined {
  if (!o.swarm || o.backend !== 'sim') return undefined;
  const s = swarm(o.seed, o.backend);
  return { latency: { network: s.network, store: s.store }, timings: s.timings };
}

/** `3,4,5,9` -> `3-5,9`. */
export function ranges(ns: readonly number[]): string {
  const sorted = [...new Set(ns)].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    out.push(j > i ? `${sorted[i]}-${sorted[j]}` : `${sorted[i]}`);
    i = j;
  }
  return out.join(',');
}

/** `3-5,9` -> [3, 4, 5, 9]; undefined for a malformed list. */
export function parseRanges(text: string): number[] | undefined {
  if (text.trim() === '') return [];
  const out: number[] = [];
  for (const part of text.split(',')) {
    const m = /^\s*(\d+)(?:-(\d+))?\s*$/.exec(part);
    if (!m) return undefined;
    const [a, b] = [Number(m[1]), Number(m[2] ?? m[1])];
    if (b < a) return undefined;
    for (let n = a; n <= b; n++) out.push(n);
  }
  return out;
}

export function replayCommand(o: CampaignOptions): string {
  const mix = o.swarm
    ? ' --swarm'
    : ` --faults ${o.faults.join(',') || 'none'} --rate ${o.rate}${(o.workers ?? DEFAULT_WORKERS) !== DEFAULT_WORKERS ? ` --workers ${o.workers}` : ''}`;
  const only = o.onlyFaults ? ` --only-faults ${ranges(o.onlyFaults) || 'none'}` : '';
  const skip = o.skipOps?.length ? ` --skip-ops ${ranges(o.skipOps)}` : '';
  return `spotcheck nemesis --impl ${o.impl} --backend ${o.backend} --seed ${o.seed} --ops ${o.ops}${mix}${only}${skip} --out ${o.out}`;
}
