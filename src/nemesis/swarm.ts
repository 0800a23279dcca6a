// Swarm testing (Groce et al., "Swarm Testing", ISSTA 2012): instead of one mix of operations and
// faults for every run, each seed draws its own, leaving whole kinds out. A run with only a few
// kinds of fault, at a high rate, reaches states that a run with every kind at a low rate rarely
// does (faults that heal each other's effects, operations that never get far enough to collide).
// The swarm is a pure function of the seed: `--swarm --seed n` names one run, exactly.

import type { Latency, TimingsName } from '../driver/target.ts';
import { Prng } from './prng.ts';
import { allFaults, type FaultKind } from './schedule.ts';
import { MIX, type Mix } from './workload.ts';

export interface Swarm {
  faults: FaultKind[];
  /** Probability of a fault after each operation. */
  rate: number;
  workers: number;
  mix: Mix;
  failShare: number;
  blockShare: number;
  /** The simulated network's and Store's latency ranges. */
  network: Latency;
  store: Latency;
  /** The nodes' timings: the embedded backend's, or the process backend's (the sim adapter holds them). */
  timings: TimingsName;
  /** Small nodes (a third of the swarms): every node's queue capacity and workers, so that servers refuse for capacity. */
  nodeOptions?: { queueCapacity: number; workers: number };
  /** MessageFollowDuration for the run (absent: the timings' own, 30 s): short ones let messages come after it ends. */
  messageFollowMs?: number;
  /** The channel's kind (absent: RouteMesh): in a ClientServer channel a Ready server of weight 0 is a candidate too (R-CH-1). */
  channelKind?: 'clientserver';
  /** The share of node direct messages sent to a RID no node has, which ends NotFound (R-CH-2); absent: none. */
  unknownRidShare?: number;
}

export function swarm(seed: number, backend: string): Swarm {
  const rng = new Prng((seed ^ 0x2b8e1f37) >>> 0);
  const kinds = allFaults(backend);
  // Each kind of fault is in with an even chance; at least one is.
  let faults = kinds.filter(() => rng.chance(0.5));
  if (faults.length === 0) faults = [rng.pick(kinds)];
  // Each kind of operation likewise (weights redrawn), so that some runs are all messages and others all relocations.
  const mix = Object.fromEntries(Object.entries(MIX).map(([f, w]) => [f, rng.chance(0.7) ? w * (0.25 + rng.next() * 2) : 0])) as Mix;
  if (Object.values(mix).every((w) => w === 0)) mix['object-message'] = MIX['object-message'];
  const netMax = rng.pick([0, 1, 2, 5, 20]);
  const storeMax = rng.pick([0, 1, 2, 5, 20]);
  const drawn: Swarm = {
    faults,
    // Faults run one at a time, each a second or two of virtual time: above about 0.05 they, not the
    // workload, set the pace.
    rate: rng.pick([0.005, 0.01, 0.02, 0.05]),
    workers: rng.pick([4, 8, 16]),
    mix,
    failShare: rng.pick([0, 0.05, 0.1, 0.2]),
    // Never none: a handler held by its gate is what opens the window between acceptance and reply.
    blockShare: rng.pick([0.05, 0.1, 0.2, 0.4]),
    network: { min: 0, max: netMax },
    store: { min: 0, max: storeMax },
    timings: rng.chance(0.5) ? 'embedded' : 'process',
  };
  // Drawn after everything else, so that the rest of a seed's swarm is drawn as before small nodes.
  if (rng.chance(1 / 3)) drawn.nodeOptions = { queueCapacity: rng.int(1, 2), workers: rng.int(1, 2) };
  const follow = rng.pick([undefined, undefined, 0, 500, 3000]);
  if (follow !== undefined) drawn.messageFollowMs = follow;
  // Drawn last too, for the same reason.
  if (rng.chance(0.3)) drawn.channelKind = 'clientserver';
  const unknown = rng.pick([0, 0, 0.05, 0.2]);
  if (unknown > 0) drawn.unknownRidShare = unknown;
  return drawn;
}

/** One line saying what a seed's swarm is (the run's header and progress print it). */
export function describeSwarm(s: Swarm): string {
  const ops = Object.entries(s.mix).filter(([, w]) => w > 0).map(([f]) => f);
  return `faults ${s.faults.join(',')} at rate ${s.rate}; ${s.workers} workers; ops ${ops.join(',')}; ${s.blockShare * 100}% blocking, ${s.failShare * 100}% failing; network 0-${s.network.max} ms, Store 0-${s.store.max} ms; ${s.timings} timings${s.nodeOptions ? `; small nodes (queue ${s.nodeOptions.queueCapacity}, ${s.nodeOptions.workers} workers)` : ''}${s.messageFollowMs !== undefined ? `; Message Follow ${s.messageFollowMs} ms` : ''}${s.channelKind ? `; a ${s.channelKind} channel` : ''}${s.unknownRidShare ? `; ${s.unknownRidShare * 100}% of node direct to an unknown RID` : ''}`;
}
