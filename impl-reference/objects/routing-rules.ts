// The calling side's rules for Actors and Spots (spec 4, 5, 6): when the owner cache is trusted,
// what Instance intent activates, and what a caller does when the owner it found is not there.
// ObjectCaller asks them by name where each applies; REFERENCE_ROUTING is the Framework's
// behaviour (nothing is re-routed, re-created or restored elsewhere), and a kit mutant of this side
// is another implementation of one of them (ROUTING_MUTANTS in impl-reference/mutants/objects.ts).

import type { EffectiveTimings, ObjectKind, OperationSpec, Rid } from '../../src/driver/types.ts';
import type { SendEnd } from '../connection/node-context.ts';
import type { ChangeResult } from '../location/authority.ts';
import type { LocationRecord } from '../location/records.ts';
import type { Operation } from '../kernel/operation.ts';
import type { Work, WorkResult } from '../kernel/work.ts';
import type { NodeStore } from '../store/node-store.ts';

export type ObjectMessage = Extract<OperationSpec, { kind: 'object-message' }>;

/** What the rules may use of the caller's node (a MeshNode). */
export interface RoutingNode {
  readonly rid: Rid;
  readonly lifecycle: string;
  readonly store: NodeStore;
  readonly timings: EffectiveTimings;
  otherLinks(): Array<{ readonly peer: Rid; readonly ready: boolean }>;
  sendWork(target: Rid, work: Work, deadlineMs: number): Promise<WorkResult | undefined>;
}

/** What the rules may use of the ObjectCaller: all of it is what the reference does too. */
export interface RoutingSide {
  readonly node: RoutingNode;
  change(objectId: string, version: number, next: LocationRecord): Promise<ChangeResult>;
  markMissing(objectId: string, version: number, rec: LocationRecord): Promise<ChangeResult>;
  coldActivate(op: Operation, spec: ObjectMessage, on: Rid): Promise<void>;
  finishOn(op: Operation, target: Rid, work: Work): Promise<void>;
  /** Route an object message from the start: cache, record, owner. */
  route(op: Operation, spec: ObjectMessage): Promise<void>;
  /** Drop the cached owner of an object: the next new operation reads its record. */
  forgetOwner(objectId: string): void;
  finishFrom(op: Operation, end: SendEnd): void;
}

/** The record as a message found it, with what the caller knows of its owner. */
export interface Found {
  spec: ObjectMessage;
  work: Work;
  /** The record's StoreVersion as read. */
  version: number;
  rec: LocationRecord;
  /** The message has Instance intent. */
  intent: boolean;
  /** The owner's lease is valid. */
  ownerAlive: boolean;
}

export interface RoutingRules {
  /** R-CRE-2: a creation that got no answer leaves its Creating record to the next operation. */
  creationUnanswered(side: RoutingSide, objectId: string, on: Rid): Promise<void>;
  /** R-OBJ-2: the cache is trusted until it expires or the owner lease it saw runs out; a ready connection says nothing. */
  trustsCachedOwner(validUntil: number, now: number, ownerReachable: boolean): boolean;
  /** R-INST-3: not being in the owner cache is not being Missing: the record is read to say which it is. */
  readsRecordOnCacheMiss(intent: boolean): boolean;
  /** R-INST-1, V12: Instance intent cold-activates a Missing Instance Spot, and nothing else. */
  activatesMissing(intent: boolean, kind: ObjectKind | undefined): boolean;
  /** V12: only a first activation whose first message is not restored yet is unfinished. */
  firstMessageRestored(rec: LocationRecord): boolean;
  /**
   * R-INST-2, V11: an unfinished first activation is resumed, never replaced, and only by the node
   * its recovery pointer names; that node gone, exactly this record is cancelled, Unavailable.
   */
  unfinishedActivation(side: RoutingSide, op: Operation, f: Found): Promise<void>;
  /** V12: a record that is not Ready (an Actor's or User Spot's stopped creation) is Unavailable. */
  notReady(side: RoutingSide, op: Operation, f: Found): Promise<void>;
  /**
   * R-OBJ-1, R-OBJ-4, R-INST-4, V10, V11: the Ready owner's lease is invalid: the object is
   * Unavailable, and authority stays as it is; nothing is resumed, re-created, released or run elsewhere.
   */
  ownerLeaseInvalid(side: RoutingSide, op: Operation, f: Found): Promise<void>;
  /** V02, R-OBJ-2: the send to the owner ended: so does the operation; after a failure the cache is dropped, nothing is resubmitted. */
  ownerSendEnded(side: RoutingSide, op: Operation, spec: ObjectMessage, owner: Rid, work: Work, end: SendEnd): Promise<void>;
  /** V14: a relocation whose source was lost is over for the requester. */
  relocationSourceLost(side: RoutingSide, objectId: string, source: Rid): Promise<void>;
  /** R-CRE-2: a Close of a creation whose process died cancels that record, keeping its generation. */
  cancelledGeneration(rec: LocationRecord): number;
  /** R-STO-3: a membership change goes to the owner; nobody changes the object for it. True when the rule answered the operation itself. */
  joinAnsweredByCaller(side: RoutingSide, op: Operation, spec: { objectId: string; generation: number; member: Rid }, version: number, rec: LocationRecord): Promise<boolean>;
}

/** A send that failed for a reason other than the deadline or the operation ending. */
export function failedOnTheWay(end: SendEnd): boolean {
  return (end.kind !== 'result' || !end.completion.ok) && end.kind !== 'deadline' && end.kind !== 'ended';
}

export const REFERENCE_ROUTING: RoutingRules = {
  creationUnanswered: async () => {},
  trustsCachedOwner: (validUntil, now) => validUntil > now,
  readsRecordOnCacheMiss: () => true,
  activatesMissing: (intent, kind) => intent && kind === 'instance-spot',
  firstMessageRestored: (rec) => !!rec.firstMessageRestored,
  async unfinishedActivation(side, op, f) {
    if (f.ownerAlive) return side.finishOn(op, f.rec.recovery?.targetNode ?? f.rec.owner!, f.work);
    // The node the recovery pointer names is gone. The pointer is never a reason to pick another
    // node: cancel exactly this record (same generation, same StoreVersion) and end Unavailable (V11).
    await side.markMissing(f.spec.objectId, f.version, f.rec);
    op.finish('failure', { errorKind: 'Unavailable' });
  },
  notReady: async (_side, op) => op.finish('failure', { errorKind: 'Unavailable' }),
  ownerLeaseInvalid: async (_side, op) => op.finish('failure', { errorKind: 'Unavailable' }),
  async ownerSendEnded(side, op, spec, _owner, _work, end) {
    // The next new operation re-reads the owner (R-OBJ-2).
    if (failedOnTheWay(end)) side.forgetOwner(spec.objectId);
    side.finishFrom(op, end);
  },
  relocationSourceLost: async () => {},
  cancelledGeneration: (rec) => rec.generation,
  joinAnsweredByCaller: async () => false,
};
