// A simulated world for the reference's in-process nodes, built from one seed: the scheduler (one
// virtual clock, a seeded order of events), names drawn from the seed, a network whose every frame
// and Session line takes a seeded delay (in order per lane), and a Store each node reaches across
// that network. The nodes are the embedded backend's, unchanged (impl-reference/harness/
// in-process-host.ts); only the world under them is simulated.

import type { InProcessWorld } from './in-process-host.ts';
import type { WorldEvent } from '../../src/driver/world.ts';
import { memoryStreams } from '../sessions/stream.ts';
import { Prng } from '../../src/nemesis/prng.ts';
import { seededIds } from '../../src/sim/ids.ts';
import { SimWire, storeAcross, type Latency } from './sim-network.ts';
import { Scheduler } from '../../src/sim/scheduler.ts';

export interface SimOptions {
  seed: number;
  /** Delay of a frame or Session line between nodes (default 0-2 ms). */
  network?: Latency;
  /** Delay of a Store call on its way, and of its answer on its way back (default 0-1 ms each). */
  store?: Latency;
}

export const DEFAULT_NETWORK: Latency = { min: 0, max: 2 };
export const DEFAULT_STORE: Latency = { min: 0, max: 1 };

export function simWorld(options: SimOptions): { scheduler: Scheduler; world: InProcessWorld; listen(listener: (e: WorldEvent) => void): () => void } {
  const scheduler = new Scheduler(options.seed);
  const delays = new Prng(options.seed ^ 0xde1a);
  const network = new SimWire(scheduler, delays, options.network ?? DEFAULT_NETWORK);
  const toStore = new SimWire(scheduler, delays, options.store ?? DEFAULT_STORE);
  const listeners = new Set<(e: WorldEvent) => void>();
  const tell = (e: WorldEvent) => {
    for (const l of [...listeners]) l(e);
  };
  return {
    scheduler,
    listen(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    world: {
      clock: scheduler.clock,
      ids: seededIds(options.seed),
      wire: network,
      streams: memoryStreams(network),
      storeFor: (store, node) => storeAcross(toStore, store, node, (n, key, expectedVersion) => listeners.size && tell({ kind: 'store-applied', node: n, key, expectedVersion })),
      observe: (node, line) => {
        if (!listeners.size) return;
        tell('journal' in line ? { kind: 'journal', entry: line.journal } : { kind: 'store-call', entry: line.store });
      },
    },
  };
}
