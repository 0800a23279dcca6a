// Mutants of the calling side of Actors and Spots (spec 4; objects/object-caller.ts): failover that
// the spec forbids. Each is another implementation of one rule of objects/routing-rules.ts
// (ROUTING_MUTANTS, at the end of this file), which the ObjectCaller asks where the rule applies;
// the functions above act the longer bugs out through what those rules hand them. (The owner side's
// mutants are HOST_MUTANTS in object-host.ts; the two that rebuild an object are at the end of this file.)

import type { OperationSpec, Rid } from '../../src/driver/types.ts';
import type { ChangeResult } from '../location/authority.ts';
import { objectKey, type LocationRecord } from '../location/records.ts';
import { RELOCATION_PREFIX, type RelocationRecord } from '../kernel/relocation-record.ts';
import type { Operation } from '../kernel/operation.ts';
import { fail, type Work, type WorkResult } from '../kernel/work.ts';
import { failedOnTheWay, REFERENCE_ROUTING, type RoutingRules } from '../objects/routing-rules.ts';
import type { MutantName } from './index.ts';
import { rerunOnce } from './rerun.ts';

type ObjectMessage = Extract<OperationSpec, { kind: 'object-message' }>;

/** What these mutants use of an ObjectCaller: all of it is what the reference does too. */
export interface ObjectCallerSide {
  readonly node: { readonly rid: Rid; readonly lifecycle: string };
  change(objectId: string, version: number, next: LocationRecord): Promise<ChangeResult>;
  markMissing(objectId: string, version: number, rec: LocationRecord): Promise<unknown>;
  coldActivate(op: Operation, spec: ObjectMessage, on: Rid): Promise<void>;
  finishOn(op: Operation, target: Rid, work: Work): Promise<void>;
}

/**
 * Failover by re-creation (owner-death-recreates, lease-expiry-makes-missing,
 * cold-activation-for-all-kinds, unfinished-activation-new-incarnation): release the record this
 * caller read and cold-activate a new incarnation on this node, as a failover framework would.
 */
export async function takeOver(side: ObjectCallerSide, op: Operation, spec: ObjectMessage, version: number, rec: LocationRecord): Promise<void> {
  await side.markMissing(spec.objectId, version, rec);
  return side.coldActivate(op, spec, side.node.rid);
}

/**
 * recovery-pointer-picks-other-node: the activation recovery pointer is rewritten to name this node
 * and lifecycle, and the unfinished activation resumes here (V11 resumes it only where it names).
 */
export async function resumeHere(side: ObjectCallerSide, op: Operation, spec: ObjectMessage, version: number, rec: LocationRecord, work: Work): Promise<void> {
  const { rid, lifecycle } = side.node;
  const moved: LocationRecord = { ...rec, state: 'Creating', owner: rid, recovery: { ...rec.recovery!, targetNode: rid, lifecycle } };
  const r = await side.change(spec.objectId, version, moved);
  if (!r.applied) return op.finish('failure', { errorKind: 'Unavailable' });
  return side.finishOn(op, rid, work);
}

// ---- more of the calling side ------------------------------------------------------------------

/** What the mutants below use of a node, beyond its RID and lifecycle. */
export interface CallerNode {
  readonly rid: Rid;
  readonly lifecycle: string;
  readonly store: {
    read<T>(key: string): Promise<{ value: T | null; version: number }>;
    leaseExpiry(holder: Rid): Promise<number | null>;
    list<T>(prefix: string): Promise<Array<{ key: string; value: T; version: number }>>;
  };
  readonly timings: { ownerLeaseMs: number; defaultDeadlineMs: number };
  otherLinks(): Array<{ readonly peer: Rid; readonly ready: boolean }>;
  sendWork(target: Rid, work: Work, deadlineMs: number): Promise<WorkResult | undefined>;
}

/**
 * object-message-reselects-before-acceptance: the owner's connection is not ready, nothing was
 * accepted, so the message is written to another ready node of the mesh, as select-one would.
 */
export async function reselectLikeChannel(side: ObjectCallerSide & { readonly node: CallerNode }, op: Operation, owner: Rid, work: Work): Promise<void> {
  const other = side.node.otherLinks().find((l) => l.ready && l.peer !== owner);
  if (!other) return op.finish('failure', { errorKind: 'Unavailable' });
  return side.finishOn(op, other.peer, work);
}

/**
 * The "fencing" mutants (dead-owner-reassigned-to-caller, dead-owner-fenced-by-generation,
 * ownerless-instance-spot-closed): the caller rewrites the record of an object whose owner lease
 * is invalid, then ends the operation Unavailable as the reference does.
 */
export async function rewriteThenUnavailable(side: ObjectCallerSide, op: Operation, objectId: string, version: number, next: LocationRecord): Promise<void> {
  await side.change(objectId, version, next);
  op.finish('failure', { errorKind: 'Unavailable' });
}

/**
 * instance-intent-waits-for-owner: an Instance Spot whose owner lease is invalid is expected back;
 * the caller re-reads its record until an owner holds a lease again, or the deadline ends it.
 */
export async function waitForOwner(side: ObjectCallerSide & { readonly node: CallerNode }, op: Operation, objectId: string, work: Work): Promise<void> {
  for (;;) {
    const waited = await op.race(op.clock.sleep(side.node.timings.ownerLeaseMs / 4));
    if (waited.kind === 'deadline') return op.finish('timeout');
    if (waited.kind === 'ended') return;
    const rec = (await side.node.store.read<LocationRecord>(objectKey(objectId))).value;
    if (rec?.state === 'Ready' && rec.owner && (await side.node.store.leaseExpiry(rec.owner)) !== null) return side.finishOn(op, rec.owner, work);
  }
}

/**
 * failed-create-rolls-back: a creation whose send ended without an answer is "undone": the Creating
 * record it asked `on` to write is cancelled, although `on` may still be creating (or have died).
 */
export async function rollBackCreation(side: ObjectCallerSide & { readonly node: CallerNode }, objectId: string, on: Rid): Promise<void> {
  const cur = await side.node.store.read<LocationRecord>(objectKey(objectId));
  const rec = cur.value;
  if (rec?.state === 'Creating' && rec.owner === on) await side.markMissing(objectId, cur.version, rec);
}

/**
 * membership-written-by-caller: a membership change is a change of the record, so when the owner's
 * lease is invalid the caller makes it itself - with the owner's own checks - instead of ending it
 * Unavailable (R-STO-3: once owner eligibility ends, the object's state changes stop).
 */
export async function writeMembership(
  side: ObjectCallerSide,
  op: Operation,
  spec: { objectId: string; generation: number; member: Rid },
  version: number,
  rec: LocationRecord,
): Promise<void> {
  if (rec.generation !== spec.generation) return op.finish('failure', { errorKind: 'GenerationMismatch' });
  if (rec.state !== 'Ready') return op.finish('failure', { errorKind: 'Unavailable' });
  const members = [...new Set([...(rec.members ?? []), spec.member])];
  const r = await side.change(spec.objectId, version, { ...rec, members });
  if (!r.applied) return op.finish('failure', { errorKind: 'Unavailable' });
  op.finish('reply', { reply: { objectId: spec.objectId, generation: rec.generation, members } });
}

/**
 * requester-finishes-relocation: the relocate's source was lost. The requesting node looks up the
 * relocation that source started and, if it is past relay-ready, sends the cutover to the target
 * itself so that the move completes (V14: no other runtime takes the relocation over).
 */
export async function finishRelocation(side: { readonly node: CallerNode }, objectId: string, source: Rid): Promise<void> {
  const all = await side.node.store.list<RelocationRecord>(RELOCATION_PREFIX).catch(() => []);
  const rel = all.map((e) => e.value).find((r) => r.objectId === objectId && r.source === source && r.stage === 'relay-ready-accepted');
  if (rel) await side.node.sendWork(rel.target, { type: 'relocation-cutover', relocationId: rel.id }, side.node.timings.defaultDeadlineMs);
}

// ---- the owner side --------------------------------------------------------------------------------

/** What restarted-owner-reloads-from-record uses of an ObjectHost. */
export interface ObjectHostSide {
  readonly rid: Rid;
  read(objectId: string): Promise<{ value: LocationRecord | null; version: number }>;
  factory(objectId: string, generation: number, input: unknown): Promise<void>;
  rehost(rec: LocationRecord): { post(letter: { opId: string; payload: unknown }): Promise<WorkResult | undefined> };
}

/**
 * unhosted-instance-spot-reactivated: an Instance-intent message reaches the node the Store names
 * owner of a Ready Instance Spot it does not host (its process was restarted); the node takes the
 * Spot for Missing and cold-activates a new generation of it here.
 */
export async function reactivateAsNew(side: ObjectHostSide, objectId: string, letter: { opId: string; payload: unknown }): Promise<WorkResult | undefined> {
  const rec = (await side.read(objectId)).value;
  if (rec?.kind !== 'instance-spot' || rec.state !== 'Ready' || rec.owner !== side.rid) return fail('Unavailable');
  const next = { ...rec, generation: rec.generation + 1 };
  await side.factory(objectId, next.generation, rec.creation?.input);
  return side.rehost(next).post(letter);
}

/**
 * restarted-owner-reloads-from-record: a message reaches a node that the Store still names owner of
 * a Ready object it does not host (it was restarted); the node rebuilds the object from the record
 * (factory with the stored input, same generation) and delivers the message to it.
 */
export async function reloadFromRecord(side: ObjectHostSide, objectId: string, letter: { opId: string; payload: unknown }): Promise<WorkResult | undefined> {
  const rec = (await side.read(objectId)).value;
  if (rec?.state !== 'Ready' || rec.owner !== side.rid) return fail('Unavailable');
  await side.factory(objectId, rec.generation, rec.creation?.input);
  return side.rehost(rec).post(letter);
}

const REF = REFERENCE_ROUTING;

/** Each mutant of the calling side of Actors and Spots (objects/routing-rules.ts): the rule it implements otherwise. */
export const ROUTING_MUTANTS = {
  // R-CRE-2: a creation with no answer is rolled back by its caller.
  'failed-create-rolls-back': { creationUnanswered: (side, objectId, on) => rollBackCreation(side, objectId, on) },
  // R-OBJ-2: the cache is trusted past its expiry, or while the cached owner's connection is ready.
  'owner-cache-never-expires': { trustsCachedOwner: () => true },
  'owner-cache-trusts-ready-connection': { trustsCachedOwner: (validUntil, now, reachable) => reachable || REF.trustsCachedOwner(validUntil, now, reachable) },
  // R-INST-3: a cache miss with Instance intent activates without reading the record.
  'intent-cache-miss-activates': { readsRecordOnCacheMiss: (intent) => !intent },
  // V12: Instance intent activates any kind of object; R-INST-1: or none.
  'cold-activation-for-all-kinds': {
    activatesMissing: (intent) => intent,
    notReady: (side, op, f) => (f.intent && !f.ownerAlive ? takeOver(side, op, f.spec, f.version, f.rec) : REF.notReady(side, op, f)),
  },
  'instance-intent-ignored': { activatesMissing: () => false },
  // V12: the recovery pointer, which a Ready record keeps, is taken for the sign of an unfinished activation.
  'recovery-pointer-means-unfinished': { firstMessageRestored: (rec) => !!rec.firstMessageRestored && !rec.recovery },
  // R-INST-2: an unfinished first activation is replaced by a new incarnation.
  'unfinished-activation-new-incarnation': { unfinishedActivation: (side, op, f) => takeOver(side, op, f.spec, f.version, f.rec) },
  // V11: the recovery pointer's node gone, the activation is resumed here.
  'recovery-pointer-picks-other-node': {
    unfinishedActivation: (side, op, f) => (f.ownerAlive ? REF.unfinishedActivation(side, op, f) : resumeHere(side, op, f.spec, f.version, f.rec, f.work)),
    ownerLeaseInvalid: (side, op, f) => (instanceIntent(f) && f.rec.recovery ? resumeHere(side, op, f.spec, f.version, f.rec, f.work) : REF.ownerLeaseInvalid(side, op, f)),
  },
  // R-INST-4: the message waits for an owner to come back.
  'instance-intent-waits-for-owner': { ownerLeaseInvalid: (side, op, f) => (instanceIntent(f) ? waitForOwner(side, op, f.spec.objectId, f.work) : REF.ownerLeaseInvalid(side, op, f)) },
  // V10: the Instance Spot is closed because its owner lease is gone.
  'ownerless-instance-spot-closed': {
    ownerLeaseInvalid: (side, op, f) => (f.rec.kind === 'instance-spot' ? rewriteThenUnavailable(side, op, f.spec.objectId, f.version, { ...f.rec, state: 'Closing' }) : REF.ownerLeaseInvalid(side, op, f)),
  },
  // R-OBJ-4: the record names the caller, or a fenced generation.
  'dead-owner-reassigned-to-caller': { ownerLeaseInvalid: (side, op, f) => rewriteThenUnavailable(side, op, f.spec.objectId, f.version, { ...f.rec, owner: side.node.rid }) },
  'dead-owner-fenced-by-generation': { ownerLeaseInvalid: (side, op, f) => rewriteThenUnavailable(side, op, f.spec.objectId, f.version, { ...f.rec, generation: f.rec.generation + 1 }) },
  // V10: an expired owner lease makes an Instance Spot Missing, and it is activated anew.
  'lease-expiry-makes-missing': { ownerLeaseInvalid: (side, op, f) => (instanceIntent(f) ? takeOver(side, op, f.spec, f.version, f.rec) : REF.ownerLeaseInvalid(side, op, f)) },
  // R-INST-4: an Instance Spot's authority is released when its owner dies.
  'instance-owner-death-releases-authority': {
    ownerLeaseInvalid: async (side, op, f) => {
      if (f.rec.kind === 'instance-spot') await side.markMissing(f.spec.objectId, f.version, f.rec);
      return REF.ownerLeaseInvalid(side, op, f);
    },
  },
  // R-OBJ-4: a new incarnation elsewhere; R-OBJ-1: the message runs on the caller.
  'owner-death-recreates': { ownerLeaseInvalid: (side, op, f) => takeOver(side, op, f.spec, f.version, f.rec) },
  'object-message-rerouted': { ownerLeaseInvalid: (side, op, f) => side.finishOn(op, side.node.rid, { type: 'app', payload: f.spec.payload }) },
  // V02: the owner not ready, the message goes to another ready node; R-OBJ-2: the cache is kept, or the operation follows a new owner.
  'object-message-reselects-before-acceptance': {
    ownerSendEnded: (side, op, spec, owner, work, end) => (end.kind === 'not-ready' ? reselectLikeChannel(side, op, owner, work) : REF.ownerSendEnded(side, op, spec, owner, work, end)),
  },
  'owner-cache-kept-after-failure': { ownerSendEnded: async (side, op, _spec, _owner, _work, end) => side.finishFrom(op, end) },
  'failed-op-follows-new-owner': {
    ownerSendEnded: async (side, op, spec, owner, work, end) => {
      if (failedOnTheWay(end) && rerunOnce(op)) {
        side.forgetOwner(spec.objectId);
        return side.route(op, spec);
      }
      return REF.ownerSendEnded(side, op, spec, owner, work, end);
    },
  },
  // V14: the requester finishes a relocation whose source was lost.
  'requester-finishes-relocation': { relocationSourceLost: (side, objectId, source) => finishRelocation(side, objectId, source) },
  // R-CRE-2: the cancelled creation's generation is rolled back.
  'creation-cancel-rolls-back-generation': { cancelledGeneration: (rec) => rec.generation - 1 },
  // R-STO-3: the caller writes the membership change itself when the owner lease is invalid.
  'membership-written-by-caller': {
    joinAnsweredByCaller: async (side, op, spec, version, rec) => {
      if ((await side.node.store.leaseExpiry(rec.owner!)) !== null) return false;
      await writeMembership(side, op, spec, version, rec);
      return true;
    },
  },
} satisfies { [M in MutantName]?: Partial<RoutingRules> };

function instanceIntent(f: { rec: LocationRecord; intent: boolean }): boolean {
  return f.rec.kind === 'instance-spot' && f.intent;
}
