// The embedded backend's host: every node in the kit's process on one in-memory transport, the
// Store in memory (or the Redis client it was given). The same host runs a simulated world's nodes
// (src/sim/): only the world they run on differs (its clock, names, wire and Store latency). What sits outside the nodes is the host's:
// the reach between each node and the Store (cut off, late, down for everyone), the evidence the
// nodes write, and the Session list that only mutants read (mutants/shared-sessions.ts).

import { realClock, type Clock } from '../../src/driver/clock.ts';
import { cryptoIds, type Ids } from '../../src/driver/ids.ts';
import type { EffectiveTimings, JournalEntry, Rid, StoreLogEntry } from '../../src/driver/types.ts';
import type { NodeHandle } from '../../src/harness/node-handle.ts';
import type { NodeConfig } from '../node/config.ts';
import type { EvidenceRecord, NodeParts, Unnumbered } from '../node/parts.ts';
import { SharedSessions } from '../mutants/shared-sessions.ts';
import { StoreReach, type StoreLogLine } from '../store/node-store.ts';
import type { Store } from '../store/types.ts';
import { tcpStreams, type StreamNet } from '../sessions/stream.ts';
import { MemoryTransport } from '../transport/memory.ts';
import { nextTurn, type Wire } from '../transport/wire.ts';
import type { Connection, Listener } from '../transport/types.ts';
import { InProcessNode } from './in-process-node.ts';
import type { EvidenceView, NodeEvent, NodeHost } from './node-host.ts';

/** What the nodes of one address space run on: the machine's time and network, or a simulated world's. */
export interface InProcessWorld {
  clock: Clock;
  ids: Ids;
  /** How transport frames cross between nodes. */
  wire: Wire;
  /** Where Session clients connect to Session owners. */
  streams: StreamNet;
  /** The Store as one node reaches it (its calls and answers as late as the world makes them). */
  storeFor?(store: Store, node: Rid): Store;
  /** Hears every evidence line a node writes, as it is written (a simulated world aims faults with it). */
  observe?(node: Rid, line: EvidenceRecord): void;
}

/** The embedded backend's world: the machine's clock, the OS's randomness, the next event-loop turn, TCP. */
export const MACHINE: InProcessWorld = { clock: realClock, ids: cryptoIds, wire: nextTurn, streams: tcpStreams };

/** Every node's evidence in one list, in the order it was written (one thread: that is the order). */
class MemoryEvidence implements EvidenceView {
  private readonly journalLines: Unnumbered<JournalEntry>[] = [];
  private readonly storeLines: StoreLogLine[] = [];
  write(line: EvidenceRecord): void {
    if ('journal' in line) this.journalLines.push({ ...line.journal });
    else this.storeLines.push({ ...line.store });
  }
  journal(): JournalEntry[] {
    return this.journalLines.map((e, i) => ({ ...e, seq: i + 1 }) as JournalEntry);
  }
  storeLog(): StoreLogEntry[] {
    return this.storeLines.map((e, i) => ({ ...e, seq: i + 1 }));
  }
}

/** The Store as one node reaches it: once the node is dead, its calls never come back. */
function severable(store: Store): { store: Store; sever(): void } {
  let severed = false;
  const proxy = new Proxy(store, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function' || prop === 'close') return value;
      return (...args: unknown[]) => (severed ? new Promise(() => {}) : (value as (...a: unknown[]) => unknown).apply(target, args));
    },
  });
  return { store: proxy, sever: () => (severed = true) };
}

export class InProcessHost implements NodeHost {
  readonly evidence = new MemoryEvidence();
  readonly clock: Clock;
  readonly ids: Ids;
  readonly streams: StreamNet;
  private readonly transport: MemoryTransport;
  private readonly reach: StoreReach;
  private readonly shared = new SharedSessions();

  constructor(
    readonly backend: string,
    readonly timings: EffectiveTimings,
    readonly store: Store,
    private readonly closeStore: boolean,
    private readonly world: InProcessWorld = MACHINE,
  ) {
    this.clock = world.clock;
    this.ids = world.ids;
    this.streams = world.streams;
    this.transport = new MemoryTransport(world.wire, world.ids);
    this.reach = new StoreReach(world.clock);
  }

  async launch(config: NodeConfig, onEvent: (e: NodeEvent) => void): Promise<NodeHandle> {
    // A new process has no failpoints armed: a Store failpoint the old one never reached is gone
    // with it (else the restart itself would trip it).
    if (config.restart) this.reach.disarm(config.rid);
    const store = severable(this.world.storeFor?.(this.store, config.rid) ?? this.store);
    let alive = true;
    const parts: NodeParts = {
      clock: this.clock,
      ids: this.ids,
      store: store.store,
      transport: this.transport,
      streams: this.streams,
      ready: async () => {},
      evidence: {
        write: (line) => {
          if (!alive) return;
          this.evidence.write(line);
          this.world.observe?.(config.rid, line);
        },
        close: () => {},
      },
      reach: this.reach,
      shared: this.shared,
      release: async () => {},
    };
    const sever = () => {
      alive = false;
      store.sever();
    };
    return new InProcessNode(config.rid, structuredClone(config), parts, sever, onEvent, this.clock);
  }

  async storeDown(rid?: Rid): Promise<void> {
    if (rid === undefined) this.reach.down = true;
    else this.reach.cutOff.add(rid);
  }

  async storeUp(rid?: Rid): Promise<void> {
    if (rid === undefined) {
      this.reach.down = false;
    } else {
      this.reach.cutOff.delete(rid);
    }
    this.reach.onTime(rid);
  }

  storeSlow(rid: Rid | undefined, ms: number, replies = false): void {
    this.reach.setSlow(rid, ms, replies);
  }

  async listenAsImpostor(address: string, onConnection: (conn: Connection) => void): Promise<Listener> {
    return this.transport.listen(address, onConnection);
  }

  started(): void {}

  async close(handles: NodeHandle[]): Promise<void> {
    await Promise.all(handles.map((h) => h.kill()));
    if (this.closeStore) await this.store.close();
  }
}
