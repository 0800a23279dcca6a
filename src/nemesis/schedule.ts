// The fault schedule: from the seed, which fault, on which node, for how long, after which
// operation of the workload (a pure function of its options, so a seed names one schedule). The
// classic kinds act at their place; the aimed ones (aim.ts, simulated backend only) are armed at
// their place and act when their protocol window opens.

import type { Rid } from '../driver/types.ts';
import { AIMED_KINDS, pickAction, isAimed, type AimAction } from './aim.ts';
import { Prng } from './prng.ts';
import { NODES } from './workload.ts';

export const FAULT_KINDS = ['crash', 'hang', 'store-down', 'store-down-node', 'store-reply-lost', 'relocation', 'ack-lost', 'connection', 'store-late'] as const;
/** Every kind, aimed ones included (those need a simulated world: src/nemesis/aim.ts). */
export type FaultKind = (typeof FAULT_KINDS)[number] | (typeof AIMED_KINDS)[number];

/** What `--faults all` means on a backend: the aimed kinds only where the world is simulated. */
export function allFaults(backend: string): FaultKind[] {
  return backend === 'sim' ? [...FAULT_KINDS, ...AIMED_KINDS] : [...FAULT_KINDS];
}

export const RELOCATION_FAILPOINTS = [
  'relocation.fail-before-relay-ready',
  'relocation.cutover-submit-fails',
  'relocation.crash-source-after-relay-ready',
  'relocation.crash-target-before-commit',
  'relocation.crash-target-after-commit',
  'relocation.crash-source-after-commit',
  'relocation.lifecycle-callback-fails',
  'relocation.relay-ready-record-reply-lost',
  'relocation.dispatch-switchover-fails',
] as const;

/** Faults that last until healed; the others (failpoints, a closed connection) are one-off. */
export const LASTING = new Set<FaultKind>(['crash', 'hang', 'store-down', 'store-down-node', 'store-late']);

export interface FaultStep {
  /** The fault is applied after operation `afterOp` started, before operation afterOp + 1 does. */
  afterOp: number;
  kind: FaultKind;
  node: Rid;
  /** How long a crash, hang or Store outage lasts before it is healed. */
  durationMs: number;
  /** kind relocation: which failpoint. */
  failpoint?: string;
  /** kinds ack-lost and connection: the other end. */
  peer?: Rid;
  /** kind connection: how it ends. */
  mode?: 'orderly' | 'error';
  /** kind store-late: how late each of the Store's answers reaches the node. */
  lateMs?: number;
  /** Aimed kinds: what the fault does once its window opens (the node is the window's then). */
  action?: AimAction;
}

export interface FaultScheduleOptions {
  seed: number;
  ops: number;
  kinds: readonly FaultKind[];
  /** Probability of a fault after each operation. */
  rate: number;
}

const MIN_DURATION_MS = 100;
const MAX_DURATION_MS = 1200;
/**
 * A late answer opens the stretch in which the Store holds what a node wrote and the node has not
 * heard so: the campaign's lost replies found a double activation there (docs/history.md). Up to
 * 400 ms: long enough for another node's call to land inside it, short of the 950 ms owner lease.
 */
const MIN_LATE_MS = 50;
const MAX_LATE_MS = 400;

export function planFaults(options: FaultScheduleOptions): FaultStep[] {
  // Its own stream of the seed, so the workload does not shift when the fault list changes.
  const rng = new Prng((options.seed ^ 0x5bd1e995) >>> 0);
  const steps: FaultStep[] = [];
  if (options.kinds.length === 0 || options.rate <= 0) return steps;
  // An aimed fault waits for its window while the workload goes on, and its window is rare: where
  // there are any, each kind of them is drawn three times as often as a kind that acts at once.
  const aimedIn = options.kinds.some(isAimed);
  const weights = Object.fromEntries(options.kinds.map((k) => [k, isAimed(k) ? 3 : 1])) as Record<FaultKind, number>;
  for (let afterOp = 0; afterOp < options.ops - 1; afterOp++) {
    if (!rng.chance(options.rate)) continue;
    const kind = aimedIn ? rng.weighted(weights) : rng.pick(options.kinds);
    const node = rng.pick(NODES);
    const durationMs = rng.int(MIN_DURATION_MS, MAX_DURATION_MS);
    steps.push({
      afterOp, kind, node, durationMs,
      ...(kind === 'relocation' ? { failpoint: rng.pick(RELOCATION_FAILPOINTS) } : {}),
      ...(kind === 'ack-lost' || kind === 'connection' ? { peer: rng.pick(NODES.filter((n) => n !== node)) } : {}),
      ...(kind === 'connection' ? { mode: rng.chance(0.5) ? 'orderly' as const : 'error' as const } : {}),
      ...(kind === 'store-late' ? { lateMs: rng.int(MIN_LATE_MS, MAX_LATE_MS) } : {}),
      ...(isAimed(kind) ? { action: pickAction(kind, rng) } : {}),
    });
  }
  return steps;
}

