// What a node is wired to, given to it from where it runs: its Store client, its transport, where
// its evidence goes, and the reach between it and the Store. A node process builds them from its
// configuration (process-parts.ts: Redis, NATS, a file); the embedded backend hands in-process
// nodes the in-memory ones it owns (harness/in-process-host.ts). The node's rules do not change.

import type { Clock } from '../../src/driver/clock.ts';
import type { Ids } from '../../src/driver/ids.ts';
import type { JournalEntry } from '../../src/driver/types.ts';
import type { SessionList } from '../sessions/session-list.ts';
import type { StoreLogLine, StoreReach } from '../store/node-store.ts';
import type { Store } from '../store/types.ts';
import type { StreamNet } from '../sessions/stream.ts';
import type { Transport } from '../transport/types.ts';

/**
 * What a node records: a journal entry of the test application, or one of its Store calls. Lines
 * carry no sequence number: the evidence that merges every node's lines numbers them.
 */
export type EvidenceRecord = { journal: Unnumbered<JournalEntry> } | { store: StoreLogLine };

/** An entry without its `seq` (distributes over a union, which Omit alone would merge). */
export type Unnumbered<T> = T extends unknown ? Omit<T, 'seq'> : never;

/** One evidence line: what was recorded, and a clock finer than ms that orders lines across nodes. */
export type EvidenceLine = { t: number } & EvidenceRecord;

/** Where a node records what ran: once write() returns, the record is kept, whatever the node does next. */
export interface EvidenceSink {
  write(line: EvidenceRecord): void;
  close(): void;
}

export interface NodeParts {
  /** Every timer, deadline and timestamp of the node (the machine's, or a simulated world's). */
  clock: Clock;
  /** Where the node's unguessable names come from. */
  ids: Ids;
  store: Store;
  transport: Transport;
  /** Where the node's Session owner listens for client connections. */
  streams: StreamNet;
  /** Resolves once the transport can carry the node's first frame. */
  ready(): Promise<void>;
  evidence: EvidenceSink;
  /** Between the node and the Store: what is cut off or late, what a Store failpoint armed (the node logs its calls into `evidence`). */
  reach: StoreReach;
  /** A Session list every node of this address space can see, for rules that keep one (sessions/session-list.ts); the reference keeps none. */
  shared?: SessionList;
  /** Let go of what the node alone holds (its Store and transport clients); nothing shared. */
  release(): Promise<void>;
}
