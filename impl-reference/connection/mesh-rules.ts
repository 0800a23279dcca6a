// A node's rules for its place in the RouteMesh: its inbound queue, its descriptor list and the
// connections that follow it, liveness, and what a Store outage changes (spec 3.2, 3.3, 7, 10;
// R-GEN-1, R-GEN-4, R-CH-2, R-CONN-2, V04, V05, R-STO-2, R-STO-4). Each is asked by name where the
// rule applies (the queue, the descriptor list, Membership, Heartbeat, the serving side, MeshNode);
// REFERENCE_MESH is the Framework's behaviour, and a kit mutant of these rules is another
// implementation of one of them (impl-reference/mutants/connection.ts). Several of the reference's
// are "nothing happens here": the rule is that nothing else is affected.

import type { Clock } from '../../src/driver/clock.ts';
import type { NotReadyReason, Rid } from '../../src/driver/types.ts';
import type { NodeDescriptor } from '../location/records.ts';
import { REFERENCE_LINK, type LinkRules } from './link-rules.ts';
import { REFERENCE_LIST, type ListRules } from '../location/list-rules.ts';

/** A worker has just started accepted work. */
export interface WorkerStart<W> {
  clock: Clock;
  work: W;
  /** When the work came with a deadline. */
  deadlineAt?: number;
  /** Settles when the work has run. */
  running: Promise<void>;
  /** Put work back at the head of the queue and start a worker. */
  requeue(work: W): void;
}

/** A node's connection intents, as the rules may touch them. */
export interface MeshLinks {
  otherLinks(): Array<{ peer: Rid; lose(reason: NotReadyReason): void }>;
  dropLink(peer: Rid): void;
}

/** What a Store outage may touch: the links, the last list, and its refresh timer. */
export interface ListKeeper extends MeshLinks {
  /** Empty the last fully-read list. */
  forgetList(): void;
  /** Stop reading the list again on the timer. */
  stopRefreshing(): void;
}

/** The node's rules, its links' (link-rules.ts) and its descriptor list's (location/list-rules.ts) among them. */
export interface MeshRules extends LinkRules, ListRules {
  /** R-GEN-1: an operation the queue refuses for capacity never runs here: it keeps nothing it refused. */
  keepsRefusedWork(): boolean;
  /** R-GEN-4: accepted work runs once, however long it takes. */
  workerStarted<W extends object>(start: WorkerStart<W>): void;
  /** R-STO-2: liveness checks go on while the Store cannot be read. */
  checksLivenessInGrace(): boolean;
  /** R-CONN-2, the serving end: a connection silent past the liveness deadline is dropped. */
  dropsSilentInbound(): boolean;
  /** V04: one peer failed its liveness check; other peers and the host are not affected. */
  peerFailed(node: { setHostError(): void; stopQueue(): void } & MeshLinks, peer: Rid): void;
  /** R-STO-4: the Store answers again; connections follow the list's changes only. */
  storeBack(node: ListKeeper): void;
  /** R-STO-4: a node the list no longer has is dropped, after an outage as at any other time. */
  dropsRemoved(afterOutage: boolean): boolean;
  /** R-STO-2: the Store cannot be read: the last fully-read list and its connections stay in force, and it is read again. */
  storeUnreadable(node: ListKeeper): void;
  /** R-STO-2: a node outside the last fully-read list that called in is served, not connected to. */
  unknownCallerVerified(node: { learn(d: NodeDescriptor): void; ensureLink(rid: Rid): void }, caller: NodeDescriptor): void;
  /** V05: a reply goes back on the connection its operation came in on; `latest` is the caller's newest. */
  replyRoute<C>(came: C, latest: C | undefined): C;
}

export const REFERENCE_MESH: MeshRules = {
  ...REFERENCE_LINK,
  ...REFERENCE_LIST,
  keepsRefusedWork: () => false,
  workerStarted: () => {},
  checksLivenessInGrace: () => true,
  dropsSilentInbound: () => true,
  peerFailed: () => {},
  storeBack: () => {},
  dropsRemoved: () => true,
  storeUnreadable: () => {},
  unknownCallerVerified: () => {},
  replyRoute: (came) => came,
};
