// Mutants of the calling side of Actors and Spots (spec 4; objects/object-caller.ts): failover that
// the spec forbids. Each function acts out one bug; the ObjectCaller calls it from the decision
// point where the rule lives. What they use of the ObjectCaller is declared here, structurally, so
// this layer imports nothing above it. (The owner side's mutants are one-liners in object-host.ts and its parts,
// but for restarted-owner-reloads-from-record at the end of this file.)

import type { OperationSpec, Rid } from '../../src/driver/types.ts';
import type { ChangeResult } from '../location/authority.ts';
import { objectKey, type LocationRecord } from '../location/records.ts';
import { RELOCATION_PREFIX, type RelocationRecord } from '../relocation/records.ts';
import type { Operation } from '../node/operation.ts';
import { fail, type Work, type WorkResult } from '../node/work.ts';

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
