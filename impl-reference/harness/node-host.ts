// Where a cluster's nodes run, and what the harness does to them from outside: the one thing that
// differs between the embedded backend (nodes in the kit's process, in-memory transport, the Store
// in memory or on Redis) and the process backend (an OS process per node on NATS and Redis). The
// cluster (node-cluster.ts) serves the Driver contract the same way over either.

import type { Clock } from '../../src/driver/clock.ts';
import type { Ids } from '../../src/driver/ids.ts';
import type { EffectiveTimings, JournalEntry, Rid, StoreLogEntry } from '../../src/driver/types.ts';
import type { NodeHandle } from '../../src/harness/node-handle.ts';
import type { NodeConfig } from '../node/config.ts';
import type { StreamNet } from '../sessions/stream.ts';
import type { Store } from '../store/types.ts';
import type { Transport, Listener } from '../transport/types.ts';

export type NodeEvent = { event: string } & Record<string, unknown>;

/** How long a node may take to start and find its peers (a process on a loaded machine). */
export const START_TIMEOUT_MS = 20_000;

/** What the harness reads back of what nodes recorded, merged in the order it was recorded. */
export interface EvidenceView {
  journal(): JournalEntry[];
  storeLog(): StoreLogEntry[];
}

export interface NodeHost {
  /** The backend name describe() reports. */
  readonly backend: string;
  readonly timings: EffectiveTimings;
  /** The clock of the nodes and of the harness's own deadlines (the machine's, or a simulated world's). */
  readonly clock: Clock;
  /** Where the harness's operation IDs and credentials come from. */
  readonly ids: Ids;
  /** How the kit's Session clients reach the nodes' Session owners. */
  readonly streams: StreamNet;
  /** The kit's own Store client: it reads records and removes descriptors itself, past any node. */
  readonly store: Store;
  readonly evidence: EvidenceView;
  /** Start one node (config.restart: a new incarnation of a crashed one). */
  launch(config: NodeConfig, onEvent: (e: NodeEvent) => void): Promise<NodeHandle>;
  /** The Store stops answering one node, or (no rid) everyone; and answers again. */
  storeDown(rid?: Rid): Promise<void>;
  /** Also ends a late Store (storeSlow), for that node or for everyone. */
  storeUp(rid?: Rid): Promise<void>;
  /** Every call of that node (or everyone) carried out `ms` late; with replies, every answer late instead. */
  storeSlow(rid: Rid | undefined, ms: number, replies?: boolean): void;
  /** Something that is not a node of the mesh listening at an address on the nodes' transport. */
  listenAsImpostor(address: string, onConnection: Parameters<Transport['listen']>[1]): Promise<Listener>;
  /** The nodes of a scenario are ready (a host may prepare the next scenario's). */
  started(count: number): void;
  /** Every node is ended; let go of the rest. */
  close(handles: NodeHandle[]): Promise<void>;
}
