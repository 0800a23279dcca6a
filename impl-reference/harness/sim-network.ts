// How things cross in the simulated world: transport frames and Session lines between nodes, and
// each node's calls to the Store and their answers. Every crossing takes a delay the seed draws
// (within the world's latency range), and stays in order within its lane (one direction of one
// connection, or one node's calls to the Store and the answers back): what a connection
// guarantees, and nothing more. Across lanes the seed decides the order.

import type { Rid } from '../../src/driver/types.ts';
import type { Wire } from '../transport/wire.ts';
import type { Store } from '../store/types.ts';
import type { Prng } from '../../src/nemesis/prng.ts';
import type { Latency } from '../../src/driver/target.ts';
import type { Scheduler } from '../../src/sim/scheduler.ts';

/** A latency range in whole milliseconds, both ends included. */
// The range type is the Target's (src/driver/target.ts), which carries it to this world.
export type { Latency };

interface Lane {
  /** Deliveries waiting, in the order they were carried. */
  readonly queue: Array<() => void>;
  /** When the last one carried is due: a later one is never due before it. */
  lastAt: number;
}

export class SimWire implements Wire {
  private readonly lanes = new WeakMap<object, Lane>();

  constructor(
    private readonly scheduler: Scheduler,
    private readonly prng: Prng,
    private readonly latency: Latency,
  ) {}

  carry(lane: object, deliver: () => void): void {
    let l = this.lanes.get(lane);
    if (!l) this.lanes.set(lane, (l = { queue: [], lastAt: 0 }));
    const at = Math.max(this.scheduler.now() + this.prng.int(this.latency.min, this.latency.max), l.lastAt);
    l.lastAt = at;
    l.queue.push(deliver);
    const lane_ = l;
    // Each event delivers the lane's oldest waiting item: in order, whatever the order of events
    // due at the same instant.
    this.scheduler.at(at, () => lane_.queue.shift()?.());
  }
}

/** The Store methods a node calls (close is the harness's, not a call across the wire). */
const CALLS = ['read', 'compareAndSet', 'list', 'renewLease', 'leaseExpiry', 'leaseGranted', 'now'] as const;

/**
 * The Store as one node reaches it across the simulated network: each call crosses to the Store
 * (and is carried out there, in the order the node made its calls), and its answer crosses back.
 * A Store fault of the kit (store-slow, a lost reply) acts on top of this, in the node's NodeStore.
 */
export function storeAcross(wire: Wire, store: Store, node: Rid, applied: (node: Rid, key: string, expectedVersion: number) => void = () => {}): Store {
  const toStore = { node, way: 'to' };
  const fromStore = { node, way: 'from' };
  const across: Record<string, unknown> = { close: () => store.close() };
  for (const name of CALLS) {
    const call = (store[name] as (...args: unknown[]) => Promise<unknown>).bind(store);
    across[name] = (...args: unknown[]) =>
      new Promise((resolve, reject) => {
        wire.carry(toStore, () => {
          call(...args).then(
            (value) => {
              // A change the Store carried out, which its node has not heard of yet.
              if (name === 'compareAndSet' && (value as { applied?: boolean }).applied) applied(node, args[0] as string, args[1] as number);
              wire.carry(fromStore, () => resolve(value));
            },
            (error) => wire.carry(fromStore, () => reject(error)),
          );
        });
      });
  }
  return across as unknown as Store;
}
