// What a peer link needs from its node, kept narrow so the link can be read (and tested) alone.

import { createHmac } from 'node:crypto';
import type { Clock } from '../../src/driver/clock.ts';
import type { Ids } from '../../src/driver/ids.ts';
import type { EffectiveTimings, Rid } from '../../src/driver/types.ts';
import type { NodeDescriptor } from '../location/records.ts';
import type { MeshRules } from './mesh-rules.ts';
import type { Transport } from '../transport/types.ts';
import type { Operation } from '../kernel/operation.ts';
import type { Answer, Completion, Work, WorkResult } from '../kernel/work.ts';

/** How one send of an operation to one target ended. */
export type SendEnd =
  | { kind: 'result'; completion: Answer }
  | { kind: 'not-ready' }
  | { kind: 'refused' }
  | { kind: 'unknown' }
  | { kind: 'lost' }
  | { kind: 'deadline'; late?: Promise<Completion> }
  | { kind: 'ended' };

/** What a node needs of its calling side (channel/caller.ts): send one operation to one target. */
export interface Sender {
  send(op: Operation, target: Rid, work: Work): Promise<SendEnd>;
}

/** What a node needs of its Session owner side (sessions/session-host.ts). */
export interface SessionOwnerSide {
  relayArrived(opId: string, work: Extract<Work, { type: 'session-relay' }>): Promise<WorkResult | undefined>;
  stop(how: 'abandon' | 'orderly' | 'error'): void;
  /** Only a mutant sends one: write the frame on a Session this process holds. */
  frameArrived(sessionId: string, frame: Record<string, unknown> & { t: string }): WorkResult;
}

/** Where peers are: the node descriptor list (read from the Location Store). */
export interface DescriptorSource {
  lookup(rid: Rid): NodeDescriptor | undefined;
  /** false while the Store cannot be read (StoreFailureGrace): the list is the last one read in full. */
  readonly fresh: boolean;
}

export interface NodeContext {
  rid: Rid;
  clock: Clock;
  ids: Ids;
  mesh: string;
  credential: string;
  /** Where this node listens. */
  readonly address: string;
  timings: EffectiveTimings;
  transport: Transport;
  discovery: DescriptorSource;
  /** The node's mesh rules (connection/mesh-rules.ts). */
  meshRules: MeshRules;
  /** false once the process crashed or hung: it reads and writes nothing. */
  live(): boolean;
  peerFailedLiveness(peer: Rid): void;
  /** A connect failed: the descriptor may be stale, read the list again soon. */
  requestRefresh(): void;
}

/** Proof that the sender holds the mesh credential, bound to its identity and this connection. */
export function proof(credential: string, rid: Rid, connectionId: string): string {
  return createHmac('sha256', credential).update(`${rid}\n${connectionId}`).digest('hex');
}
